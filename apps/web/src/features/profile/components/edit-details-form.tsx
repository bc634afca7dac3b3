import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { MAX_NAME_LENGTH, MAX_PHONE_LENGTH, MESSAGES, profileDetailsSchema, type PublicUser } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useUpdateDetails } from '../api/update-details.ts';
import { ProfileSection } from './profile-section.tsx';
import { useFormProblems } from '../../../lib/use-form-problems.ts';

const FIELDS = ['name', 'phoneNumber'] as const;

/** Edit details (issue 15): one's own name and phone; the header shows the new name once saved. */
export function EditDetailsForm({ user }: { user: PublicUser }) {
  const updateDetails = useUpdateDetails();
  const [name, setName] = useState(user.name);
  const [phoneNumber, setPhoneNumber] = useState(user.phoneNumber ?? '');
  const problem = useFormProblems(FIELDS);
  const success = useFlashMessage();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    success.clear();
    const values = { name, phoneNumber };
    const parsed = profileDetailsSchema.safeParse(values);
    if (!parsed.success) return problem.fromSchema(parsed.error);
    problem.clear();
    updateDetails.mutate(values, {
      onSuccess: ({ user: saved, message }) => {
        setName(saved.name);
        setPhoneNumber(saved.phoneNumber ?? '');
        success.show(message);
      },
      onError: (failure) => problem.fromServer(failure, MESSAGES.saveDetailsFailed),
    });
  }

  return (
    <ProfileSection title="Edit details" description="Your name as everyone in Kobo sees it, and a phone number if you want to give one.">
      <form id={problem.formId} onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Full Name"
            autoComplete="name"
            required
            maxLength={MAX_NAME_LENGTH}
            value={name}
            onChange={problem.typed('name', setName)}
            error={problem.errorOf('name')}
          />
          <TextInput
            label="Phone Number"
            description="Optional"
            type="tel"
            autoComplete="tel"
            maxLength={MAX_PHONE_LENGTH}
            value={phoneNumber}
            onChange={problem.typed('phoneNumber', setPhoneNumber)}
            error={problem.errorOf('phoneNumber')}
          />
          <ErrorBanner message={problem.banner} />
          <SuccessBanner message={success.message} />
          <Group justify="flex-end">
            <Button type="submit" loading={updateDetails.isPending}>
              Save details
            </Button>
          </Group>
        </Stack>
      </form>
    </ProfileSection>
  );
}
