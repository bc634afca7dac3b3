import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { MAX_PASSWORD_LENGTH, MESSAGES, changePasswordFormSchema } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { ProfileSection } from './profile-section.tsx';
import { useFormProblems } from '../../../lib/use-form-problems.ts';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password (issue 15): the current one first; every other device is signed out, this one stays in. */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const problem = useFormProblems(FIELDS);
  // Kept until the next try, not cleared after 3 s: it tells what happened to the other devices.
  const [done, setDone] = useState<string | null>(null);

  const field = (name: (typeof FIELDS)[number]) => ({
    value: values[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const { value } = event.currentTarget;
      problem.edited(name);
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: problem.errorOf(name),
    // PasswordInput leaves aria-invalid to its caller (TextInput sets it from `error`).
    'aria-invalid': problem.errorOf(name) ? true : undefined,
    maxLength: MAX_PASSWORD_LENGTH,
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const parsed = changePasswordFormSchema.safeParse(values);
    if (!parsed.success) return problem.fromSchema(parsed.error);
    problem.clear();
    changePassword.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        setValues(EMPTY);
        setDone(message);
      },
      onError: (failure) => problem.fromServer(failure, MESSAGES.changePasswordFailed),
    });
  }

  return (
    <ProfileSection title="Change password" description="Every other device signed in to your account is signed out; this one stays signed in.">
      <form id={problem.formId} onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <PasswordInput label="Current Password" autoComplete="current-password" required {...field('currentPassword')} />
          <PasswordInput label="New Password" description="At least 6 characters" autoComplete="new-password" required {...field('newPassword')} />
          <PasswordInput label="Confirm New Password" autoComplete="new-password" required {...field('confirmPassword')} />
          <ErrorBanner message={problem.banner} />
          <SuccessBanner message={done} />
          <Group justify="flex-end">
            <Button type="submit" loading={changePassword.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </ProfileSection>
  );
}
