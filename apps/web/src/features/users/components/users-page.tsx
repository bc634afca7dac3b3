// Stylesheets are imported for their effect: Vite bundles them into this page's CSS chunk.
// oxlint-disable-next-line import/no-unassigned-import
import 'mantine-datatable/styles.css';
import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title.tsx';
import { AddUserForm } from './add-user-form.tsx';
import { UsersSection } from './users-section.tsx';

/** User Management (SPEC 2, admin only): the add-user form and the users table. */
export function UsersPage() {
  return (
    <>
      <PageTitle>User Management</PageTitle>
      <Stack gap="md">
        <AddUserForm />
        <UsersSection />
      </Stack>
    </>
  );
}
