import type { ReactNode } from 'react';
import { Avatar, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { formatLongDate } from '../../../lib/format-date-time.ts';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { EditDetailsForm } from './edit-details-form.tsx';

/**
 * SPEC 2: read-only full name, email and member-since date, with an initial avatar. The name is said
 * once, beside the avatar (issue 34): the 'Full Name' field to change it is the details form's. Below the card,
 * issue 15's self-service: one's own details, password and email. Issue 32: a savings holder's
 * nominees and notice to leave (`exitSection`, handed in by the router: features never import each other).
 */
export function ProfilePage({ exitSection }: { exitSection?: ReactNode }) {
  const { data: user } = useSession();
  if (!user) return null;
  const initial = user.name.trim().charAt(0).toUpperCase();

  return (
    <>
      <PageTitle>Profile</PageTitle>
      <Stack gap="md" maw={560}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Group wrap="nowrap">
              <Avatar size="lg" radius="xl" color="blue" aria-hidden>
                {initial}
              </Avatar>
              <Text fw={600} size="lg" truncate="end" miw={0}>
                {user.name}
              </Text>
            </Group>
            <TextInput label="Email" value={user.email} readOnly />
            <TextInput label="Member Since" value={formatLongDate(user.createdAt)} readOnly />
          </Stack>
        </Paper>
        <EditDetailsForm key={user.id} user={user} />
        <ChangePasswordForm />
        <ChangeEmailForm currentEmail={user.email} />
        {exitSection}
      </Stack>
    </>
  );
}
