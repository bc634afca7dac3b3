import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a module's named export, so each page stays a named function in its own file (its props kept). */
// oxlint-disable-next-line typescript/no-explicit-any -- React.lazy's own bound: any component, whatever its props.
function lazyPage<K extends string, C extends ComponentType<any>>(load: () => Promise<Record<K, C>>, name: K): LazyExoticComponent<C> & { preload: () => void; module?: string } {
  // The browser fetches a module once: a preload and the render's own import share the download.
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    // `module`: the page's source file, which the server build writes on each loader
    // (apps/web/ssr-build-plugin.ts) so a server-rendered page links its chunk and styles.
    { preload: () => void load().catch(() => undefined), module: (load as { module?: string }).module },
  );
}

// Each page is its own chunk, so the first load carries only the shell and the page it opens on.
export const LoginPage = lazyPage(() => import('../features/auth/components/login-page.tsx'), 'LoginPage');
export const SignupPage = lazyPage(() => import('../features/auth/components/signup-page.tsx'), 'SignupPage');
export const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/components/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
export const ResetPasswordPage = lazyPage(
  () => import('../features/auth/components/reset-password-page.tsx'),
  'ResetPasswordPage',
);
// Issue 15: an invitation link's page, public like the reset link's.
export const InvitationPage = lazyPage(() => import('../features/auth/components/invitation-page.tsx'), 'InvitationPage');
export const UnauthorizedPage = lazyPage(
  () => import('../features/errors/components/unauthorized-page.tsx'),
  'UnauthorizedPage',
);
export const NotFoundPage = lazyPage(() => import('../features/errors/components/not-found-page.tsx'), 'NotFoundPage');
export const AppLayout = lazyPage(() => import('../features/layout/components/app-layout.tsx'), 'AppLayout');
export const DashboardPage = lazyPage(
  () => import('../features/dashboard/components/dashboard-page.tsx'),
  'DashboardPage',
);
export const ExpensesPage = lazyPage(() => import('../features/expenses/components/expenses-page.tsx'), 'ExpensesPage');
export const CreateExpensePage = lazyPage(
  () => import('../features/expenses/components/create-expense-page.tsx'),
  'CreateExpensePage',
);
export const EditExpensePage = lazyPage(
  () => import('../features/expenses/components/edit-expense-page.tsx'),
  'EditExpensePage',
);
// Issue 14: importing expenses from a spreadsheet.
export const ExpenseImportPage = lazyPage(
  () => import('../features/expense-import/components/expense-import-page.tsx'),
  'ExpenseImportPage',
);
export const ReportsPage = lazyPage(() => import('../features/reports/components/reports-page.tsx'), 'ReportsPage');
export const UsersPage = lazyPage(() => import('../features/users/components/users-page.tsx'), 'UsersPage');
export const AuditPage = lazyPage(() => import('../features/audit/components/audit-page.tsx'), 'AuditPage');
// Issue 34: Settings is an index of subjects, each on its own page (one chunk for every subject's sections).
export const SettingsIndexPage = lazyPage(() => import('../features/settings/pages/settings-index-page.tsx'), 'SettingsIndexPage');
export const SettingsSubjectPage = lazyPage(() => import('../features/settings/pages/settings-subject-page.tsx'), 'SettingsSubjectPage');
export const UserSettingsPage = lazyPage(
  () => import('../features/settings/components/user-settings-page.tsx'),
  'UserSettingsPage',
);
export const ProfilePage = lazyPage(() => import('../features/profile/components/profile-page.tsx'), 'ProfilePage');
// Issue 15: the change-email link's page, public like the reset link's.
export const ConfirmEmailPage = lazyPage(
  () => import('../features/profile/components/confirm-email-page.tsx'),
  'ConfirmEmailPage',
);
export const SavingsPage = lazyPage(() => import('../features/savings/components/savings-page.tsx'), 'SavingsPage');
export const StaffSavingsDetailPage = lazyPage(
  () => import('../features/savings/components/staff-savings-detail-page.tsx'),
  'StaffSavingsDetailPage',
);
export const MySavingsAccountPage = lazyPage(
  () => import('../features/savings/components/my-savings-account-page.tsx'),
  'MySavingsAccountPage',
);
export const LoansPage = lazyPage(() => import('../features/loans/components/admin/loans-page.tsx'), 'LoansPage');
export const LoanReviewPage = lazyPage(
  () => import('../features/loans/components/admin/loan-review-page.tsx'),
  'LoanReviewPage',
);
// Issue 12: a holder's loans, shown on their savings page (the router hands it to the savings feature).
export const HolderLoansSection = lazyPage(
  () => import('../features/loans/components/holder/holder-loans-section.tsx'),
  'HolderLoansSection',
);
export const MonthlyRunPage = lazyPage(
  () => import('../features/savings/components/run/monthly-run-page.tsx'),
  'MonthlyRunPage',
);
// Issue 30: the payroll loop's advice, remittance and arrears.
export const PayrollPage = lazyPage(() => import('../features/payroll/components/payroll-page.tsx'), 'PayrollPage');
// Issue 15: savings requests waiting for an administrator.
export const ApprovalsPage = lazyPage(() => import('../features/approvals/components/approvals-page.tsx'), 'ApprovalsPage');
// Issue 27: the books' reports and one account's general ledger.
export const BooksPage = lazyPage(() => import('../features/books/components/books-page.tsx'), 'BooksPage');
export const AccountLedgerPage = lazyPage(
  () => import('../features/books/components/account-ledger-page.tsx'),
  'AccountLedgerPage',
);
// Issue 27: locked months, manual journal entries and opening balances.
export const BookLocksPage = lazyPage(() => import('../features/books-admin/components/book-locks-page.tsx'), 'BookLocksPage');
export const ManualEntryPage = lazyPage(() => import('../features/books-admin/components/manual-entry-page.tsx'), 'ManualEntryPage');
// Issue 31: the year-end run and the AGM pack's print view.
export const YearEndPage = lazyPage(() => import('../features/year-end/components/year-end-page.tsx'), 'YearEndPage');
export const YearEndPackPage = lazyPage(() => import('../features/year-end/components/pack/pack-page.tsx'), 'YearEndPackPage');
export const OpeningBalancesPage = lazyPage(() => import('../features/books-admin/components/opening-balances-page.tsx'), 'OpeningBalancesPage');
// Issue 32: members leaving, one exit, and its final statement's print view.
// One chunk for the three (exit-pages.ts): fewer chunks keep shared modules off the first visit.
export const ExitsPage = lazyPage(() => import('../features/exits/components/exit-pages.ts'), 'ExitsPage');
export const ExitDetailPage = lazyPage(() => import('../features/exits/components/exit-pages.ts'), 'ExitDetailPage');
export const ExitStatementPage = lazyPage(() => import('../features/exits/components/exit-pages.ts'), 'ExitStatementPage');
// Issue 32: a member's nominees and their own notice to leave, shown on their profile (the router hands it to the profile feature).
export const MemberExitSection = lazyPage(() => import('../features/exits/components/exit-pages.ts'), 'MemberExitSection');
// Issue 33: a running loan's printable payoff quote.
export const PayoffQuotePage = lazyPage(() => import('../features/loans/components/payoff-quote-page.tsx'), 'PayoffQuotePage');
