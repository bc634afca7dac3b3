import { Switch, Text } from '@mantine/core';
import '@mantine/core/styles/Switch.css';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSetup } from '../../../lib/auth/setup.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useSaveSignUpSettings } from '../api/sign-up-settings.ts';
import { SettingsSection } from './settings-section.tsx';

/**
 * Settings → Sign-up (issue 15, docs/decisions/023-invitations.md): whether anyone who finds
 * /signup may make an account. On by default, as the spec has it; off, people join by invitation
 * from User Management.
 */
export function SignUpSection() {
  const setup = useSetup();
  const save = useSaveSignUpSettings();
  const flash = useFlashMessage();
  const isOpen = save.isPending ? save.variables.openSignUp : (setup.data?.openSignUp ?? true);
  const loadError = setup.isError ? errorMessage(setup.error, MESSAGES.serverError) : null;
  const saveError = save.isError ? errorMessage(save.error, MESSAGES.serverError) : null;

  return (
    <SettingsSection title="Sign-up">
      <Switch
        label="Open sign-up"
        description="When on, anyone who opens the sign-up page can create an account as a regular user. When off, people join by invitation from User Management."
        checked={isOpen}
        disabled={!setup.data || save.isPending}
        onChange={(event) => {
          flash.clear();
          save.mutate({ openSignUp: event.currentTarget.checked }, { onSuccess: ({ message }) => flash.show(message) });
        }}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {isOpen ? 'Sign-up is open.' : 'Sign-up is off: accounts are created by invitation.'}
      </Text>
      <SuccessBanner message={flash.message} />
      <ErrorBanner message={loadError ?? saveError} />
    </SettingsSection>
  );
}
