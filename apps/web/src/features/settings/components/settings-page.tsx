import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title.tsx';
import { AccountSection } from './account-section.tsx';
import { ApiTokensSection } from './api-tokens-section.tsx';
import { AppearanceSection } from './appearance-section.tsx';
import { BackupsSection } from './backups-section.tsx';
import { BooksStartSection } from './books-start-section.tsx';
import { BooksChartSection } from './books-chart-section.tsx';
import { CategoriesSection } from './categories-section.tsx';
import { BudgetsSection } from './budgets-section.tsx';
import { DangerZoneSection } from './danger-zone-section.tsx';
import { DataManagementSection } from './data-management-section.tsx';
import { OutgoingMailSection } from './outgoing-mail-section.tsx';
import { ReceiptsSection } from './receipts-section.tsx';
import { SavingsApprovalsSection } from './savings-approvals-section.tsx';
import { SavingsProductsSection } from '../savings-products/savings-products-section.tsx';
import { PayrollSection } from '../payroll/payroll-section.tsx';
import { ExitsSection } from '../exits/exits-section.tsx';
import { SignUpSection } from './sign-up-section.tsx';
import { YearEndSection } from './year-end-section.tsx';

/** The admin's Settings (SPEC 2), in the spec's order. */
export function SettingsPage() {
  return (
    <>
      <PageTitle>Settings</PageTitle>
      <Stack gap="md" maw={720}>
        <AppearanceSection />
        <CategoriesSection />
        <BudgetsSection />
        <DataManagementSection />
        <ReceiptsSection />
        <OutgoingMailSection />
        <SavingsApprovalsSection />
        <SavingsProductsSection />
        <PayrollSection />
        <BooksStartSection />
        <BooksChartSection />
        <YearEndSection />
        <ExitsSection />
        <SignUpSection />
        <ApiTokensSection />
        <BackupsSection />
        <AccountSection />
        <DangerZoneSection />
      </Stack>
    </>
  );
}
