import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MESSAGES, changeEmailSchema } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { useChangeEmail } from '../api/change-email.ts';
import { ProfileSection } from './profile-section.tsx';
import { useFormProblems } from '../../../lib/use-form-problems.ts';

const FIELDS = ['newEmail', 'currentPassword'] as const;

/** Change email (issue 15): a link goes to the new address, and the email changes only when it is opened. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const changeEmail = useChangeEmail();
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const problem = useFormProblems(FIELDS);
  // Kept on screen: the person has to go to their inbox, and may come back to read it again.
  const [sent, setSent] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(null);
    const values = { newEmail, currentPassword };
    const parsed = changeEmailSchema.safeParse(values);
    if (!parsed.success) return problem.fromSchema(parsed.error);
    problem.clear();
    changeEmail.mutate(values, {
      onSuccess: ({ message }) => {
        setCurrentPassword('');
        setSent(message);
      },
      onError: (failure) => problem.fromServer(failure, MESSAGES.changeEmailFailed),
    });
  }

  return (
    <ProfileSection title="Change email" description={`You sign in with ${currentEmail}. A confirmation link goes to the new address first.`}>
      <form id={problem.formId} onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="New Email"
            type="email"
            autoComplete="email"
            required
            maxLength={MAX_EMAIL_LENGTH}
            value={newEmail}
            onChange={problem.typed('newEmail', setNewEmail)}
            error={problem.errorOf('newEmail')}
          />
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            required
            maxLength={MAX_PASSWORD_LENGTH}
            value={currentPassword}
            onChange={problem.typed('currentPassword', setCurrentPassword)}
            error={problem.errorOf('currentPassword')}
            // PasswordInput leaves aria-invalid to its caller (TextInput sets it from `error`).
            aria-invalid={problem.errorOf('currentPassword') ? true : undefined}
          />
          <ErrorBanner message={problem.banner} />
          <SuccessBanner message={sent} />
          <Group justify="flex-end">
            <Button type="submit" loading={changeEmail.isPending}>
              Send confirmation link
            </Button>
          </Group>
        </Stack>
      </form>
    </ProfileSection>
  );
}
