import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title.tsx';
import { AccountSection } from './account-section.tsx';
import { AppearanceSection } from './appearance-section.tsx';

/** SPEC 2: User Settings has the dark mode toggle and log out only. */
export function UserSettingsPage() {
  return (
    <>
      <PageTitle>User Settings</PageTitle>
      <Stack gap="md" maw={720}>
        <AppearanceSection />
        <AccountSection />
      </Stack>
    </>
  );
}
