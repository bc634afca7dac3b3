import { Stack } from '@mantine/core';
import { can } from '@kobo/core';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { AccountSection } from './account-section.tsx';
import { AppearanceSection } from './appearance-section.tsx';
import { CategoriesSection } from './categories-section.tsx';
import { BudgetsSection } from './budgets-section.tsx';
import { EmailNotificationsSection } from './email-notifications-section.tsx';

/**
 * SPEC 2: User Settings has the dark mode toggle and log out; managers also manage the categories
 * here (DECISIONS 3), since /settings is the admin's.
 */
export function UserSettingsPage() {
  const role = useSession().data?.role;
  return (
    <>
      <PageTitle>User Settings</PageTitle>
      <Stack gap="md" maw={720}>
        <AppearanceSection />
        {can(role, 'manage_categories') && <CategoriesSection />}
        {can(role, 'manage_budgets') && <BudgetsSection />}
        {can(role, 'view_own_savings') && <EmailNotificationsSection />}
        <AccountSection />
      </Stack>
    </>
  );
}
