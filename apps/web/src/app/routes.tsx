import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import type { ScreenPath } from '@kobo/core';
import { FullScreenLoading } from '../components/full-screen-loading.tsx';
import { prefetchDashboard } from '../features/dashboard/api/get-dashboard.ts';
import { RouteErrorPage } from '../features/errors/components/route-error-page.tsx';
import { RequireGuard } from '../features/guards/components/require-guard.tsx';
import { RequireSignedIn } from '../features/guards/components/require-signed-in.tsx';
import { prefetchMySavings } from '../features/savings/api/get-my-savings.ts';
import { prefetchMyLoans } from '../features/loans/api/holder-get-my-loans.ts';
import { paths } from '../lib/paths.ts';
import * as Pages from './lazy-pages.ts';
import type { RouteHandle } from './preload-route.ts';

/** A route inside the layout, behind the permission core's SCREENS gives its path; `prefetch`: its page's first answer. */
function guarded(path: ScreenPath, page: ReactNode, prefetch?: RouteHandle['prefetch']): RouteObject {
  return { path, element: <RequireGuard screen={path}>{page}</RequireGuard>, handle: { screen: path, prefetch } satisfies RouteHandle };
}

function Root() {
  return (
    <Suspense fallback={<FullScreenLoading />}>
      <Outlet />
    </Suspense>
  );
}

/** Every address the app knows; router.tsx builds the router from it, app/preload-route.ts reads it, and routes.test.ts checks each screen asks a permission. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: paths.login, element: <Pages.LoginPage /> },
      // DECISIONS 1: the spec's sign-up screen linked to /login2.
      { path: paths.oldLogin, element: <Navigate to={paths.login} replace /> },
      { path: paths.signup, element: <Pages.SignupPage /> },
      { path: paths.forgotPassword, element: <Pages.ForgotPasswordPage /> },
      { path: paths.resetPassword, element: <Pages.ResetPasswordPage /> },
      { path: paths.invitation.pattern, element: <Pages.InvitationPage /> },
      { path: paths.confirmEmail, element: <Pages.ConfirmEmailPage /> },
      { path: paths.unauthorized, element: <Pages.UnauthorizedPage /> },
      {
        path: paths.home,
        handle: { screen: paths.home } satisfies RouteHandle,
        element: (
          <RequireSignedIn>
            <Pages.AppLayout />
          </RequireSignedIn>
        ),
        children: [
          { index: true, element: <Navigate to={paths.dashboard} replace /> },
          guarded(paths.dashboard, <Pages.DashboardPage />, prefetchDashboard),
          guarded(paths.reports, <Pages.ReportsPage />),
          guarded(paths.users, <Pages.UsersPage />),
          guarded(paths.audit.list, <Pages.AuditPage />),
          guarded(paths.settings, <Pages.SettingsIndexPage />),
          guarded(paths.settingsSubject.pattern, <Pages.SettingsSubjectPage />),
          // A holder's savings page carries their loans (issue 12): features never import each other, so they meet here.
          guarded(paths.savings.list, <Pages.SavingsPage loansSection={<Pages.HolderLoansSection />} />),
          guarded(paths.savings.detail.pattern, <Pages.StaffSavingsDetailPage />),
          guarded(paths.expenses.list, <Pages.ExpensesPage />),
          guarded(paths.expenses.create, <Pages.CreateExpensePage />),
          guarded(paths.expenses.import, <Pages.ExpenseImportPage />),
          // DECISIONS 2: editing reuses the create form.
          guarded(paths.expenses.edit.pattern, <Pages.EditExpensePage />),
          guarded(paths.staffSavings, <Pages.MySavingsAccountPage loansSection={<Pages.HolderLoansSection />} />, (client) => (prefetchMySavings(client), prefetchMyLoans(client))),
          guarded(paths.savingsRuns, <Pages.MonthlyRunPage />),
          guarded(paths.payroll, <Pages.PayrollPage />),
          guarded(paths.exits.list, <Pages.ExitsPage />),
          guarded(paths.exits.detail.pattern, <Pages.ExitDetailPage />),
          guarded(paths.exits.statement.pattern, <Pages.ExitStatementPage />),
          guarded(paths.loans.list, <Pages.LoansPage />),
          guarded(paths.loans.detail.pattern, <Pages.LoanReviewPage />),
          guarded(paths.loans.payoffQuote.pattern, <Pages.PayoffQuotePage />),
          guarded(paths.approvals, <Pages.ApprovalsPage />),
          guarded(paths.books.reports, <Pages.BooksPage />),
          guarded(paths.books.account.pattern, <Pages.AccountLedgerPage />),
          guarded(paths.books.locks, <Pages.BookLocksPage />),
          guarded(paths.books.newEntry, <Pages.ManualEntryPage />),
          guarded(paths.books.opening, <Pages.OpeningBalancesPage />),
          guarded(paths.books.yearEnd, <Pages.YearEndPage />),
          guarded(paths.books.yearEndPack, <Pages.YearEndPackPage />),
          // Issue 32: a savings holder's nominees and notice to leave sit on their profile.
          guarded(paths.profile, <Pages.ProfilePage exitSection={<Pages.MemberExitSection />} />),
          guarded(paths.userSettings, <Pages.UserSettingsPage />),
        ],
      },
      { path: '*', element: <Pages.NotFoundPage /> },
    ],
  },
];
