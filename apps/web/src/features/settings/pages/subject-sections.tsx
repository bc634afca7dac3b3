import type { ReactNode } from 'react';
import { AccountSection } from '../components/account-section.tsx';
import { ApiTokensSection } from '../components/api-tokens-section.tsx';
import { AppearanceSection } from '../components/appearance-section.tsx';
import { BackupsSection } from '../components/backups-section.tsx';
import { BooksChartSection } from '../components/books-chart-section.tsx';
import { BooksStartSection } from '../components/books-start-section.tsx';
import { BudgetsSection } from '../components/budgets-section.tsx';
import { CategoriesSection } from '../components/categories-section.tsx';
import { DangerZoneSection } from '../components/danger-zone-section.tsx';
import { DataManagementSection } from '../components/data-management-section.tsx';
import { OutgoingMailSection } from '../components/outgoing-mail-section.tsx';
import { ReceiptsSection } from '../components/receipts-section.tsx';
import { SavingsApprovalsSection } from '../components/savings-approvals-section.tsx';
import { SignUpSection } from '../components/sign-up-section.tsx';
import { YearEndSection } from '../components/year-end-section.tsx';
import { ExitsSection } from '../exits/exits-section.tsx';
import { PayrollSection } from '../payroll/payroll-section.tsx';
import { SavingsProductsSection } from '../savings-products/savings-products-section.tsx';
import type { SettingsSubjectSlug } from './settings-subjects.ts';

/** The sections each subject's page holds, as the one page had them (SPEC 2's headings unchanged). */
export const SUBJECT_SECTIONS: Record<SettingsSubjectSlug, () => ReactNode> = {
  appearance: () => <AppearanceSection />,
  categories: () => <CategoriesSection />,
  budgets: () => <BudgetsSection />,
  data: () => <DataManagementSection />,
  receipts: () => <ReceiptsSection />,
  mail: () => <OutgoingMailSection />,
  approvals: () => <SavingsApprovalsSection />,
  'savings-products': () => <SavingsProductsSection />,
  payroll: () => <PayrollSection />,
  books: () => (
    <>
      <BooksStartSection />
      <BooksChartSection />
    </>
  ),
  'year-end': () => <YearEndSection />,
  exits: () => <ExitsSection />,
  'sign-up': () => <SignUpSection />,
  'api-tokens': () => <ApiTokensSection />,
  backups: () => <BackupsSection />,
  account: () => (
    <>
      <AccountSection />
      <DangerZoneSection />
    </>
  ),
};
