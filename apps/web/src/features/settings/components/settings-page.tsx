import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title.tsx';
import { AccountSection } from './account-section.tsx';
import { AppearanceSection } from './appearance-section.tsx';

/** The admin's Settings (SPEC 2). Categories, Data Management and Danger Zone come later. */
export function SettingsPage() {
  return (
    <>
      <PageTitle>Settings</PageTitle>
      <Stack gap="md" maw={720}>
        <AppearanceSection />
        <AccountSection />
      </Stack>
    </>
  );
}
