import { useState } from 'react';
import { Stack, Switch, Text } from '@mantine/core';
import '@mantine/core/styles/Switch.css';
import { MAIL_KIND_LABELS, MAIL_KINDS, MESSAGES, type MailKind } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useMailPreferences, useSaveMailPreferences } from '../api/mail-preferences.ts';
import { SettingsSection } from './settings-section.tsx';

/**
 * User Settings → Email notifications (issue 15, docs/decisions/020-notifications.md): a switch
 * per kind of mail a holder may turn off. Each change is saved at once and sends only its kind.
 * Mail about the account itself (a password reset, an invitation, a guarantor request, a decision
 * on a request) is always sent, and the section says so.
 */
export function EmailNotificationsSection() {
  const preferences = useMailPreferences();
  const save = useSaveMailPreferences();
  const flash = useFlashMessage();
  const [failed, setFailed] = useState<MailKind | null>(null);
  const saveError = save.isError ? errorMessage(save.error, MESSAGES.saveMailPreferencesFailed) : null;

  function change(kind: MailKind, on: boolean) {
    flash.clear();
    setFailed(null);
    save.mutate({ [kind]: on }, { onSuccess: () => flash.show(MESSAGES.mailPreferencesSaved), onError: () => setFailed(kind) });
  }

  return (
    <SettingsSection title="Email notifications">
      <Text size="sm" c="dimmed">
        Choose what Kobo emails you about. Emails about your account itself, such as a password reset or a guarantor request, are always sent.
      </Text>
      {preferences.isPending ? (
        <PageLoading />
      ) : preferences.isError ? (
        <ErrorBanner message={errorMessage(preferences.error, MESSAGES.loadMailPreferencesFailed)} />
      ) : (
        <Stack gap="md">
          {MAIL_KINDS.map((kind) => {
            const pending = save.isPending ? save.variables[kind] : undefined;
            const errorId = `mail-kind-${kind}-error`;
            return (
              <Switch
                key={kind}
                label={MAIL_KIND_LABELS[kind].label}
                description={MAIL_KIND_LABELS[kind].description}
                checked={pending ?? preferences.data[kind]}
                disabled={save.isPending}
                onChange={(event) => change(kind, event.currentTarget.checked)}
                error={failed === kind && saveError ? <span id={errorId}>{saveError}</span> : undefined}
                aria-invalid={failed === kind && saveError ? true : undefined}
                aria-describedby={failed === kind && saveError ? errorId : undefined}
              />
            );
          })}
        </Stack>
      )}
      <SuccessBanner message={flash.message} />
      <ErrorBanner message={saveError} />
    </SettingsSection>
  );
}
