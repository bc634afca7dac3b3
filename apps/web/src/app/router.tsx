import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTE_GUARDS, type GuardedPath } from '@kobo/core';
import { FullScreenLoading } from '../components/full-screen-loading.tsx';
import { RouteErrorPage } from '../features/errors/components/route-error-page.tsx';
import { RequireGuard } from '../features/guards/components/require-guard.tsx';
import { RequireSignedIn } from '../features/guards/components/require-signed-in.tsx';
import * as Pages from './lazy-pages.ts';

/** A route inside the layout, behind the guard core's ROUTE_GUARDS assigns to its path. */
function guarded(path: GuardedPath, page: ReactNode): RouteObject {
  return { path, element: <RequireGuard guard={ROUTE_GUARDS[path]}>{page}</RequireGuard> };
}

function Root() {
  return (
    <Suspense fallback={<FullScreenLoading />}>
      <Outlet />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', element: <Pages.LoginPage /> },
      // DECISIONS 1: the spec's sign-up screen linked to /login2.
      { path: '/login2', element: <Navigate to="/login" replace /> },
      { path: '/signup', element: <Pages.SignupPage /> },
      { path: '/forgot-password', element: <Pages.ForgotPasswordPage /> },
      { path: '/reset-password', element: <Pages.ResetPasswordPage /> },
      { path: '/unauthorized', element: <Pages.UnauthorizedPage /> },
      {
        path: '/',
        element: (
          <RequireSignedIn>
            <Pages.AppLayout />
          </RequireSignedIn>
        ),
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          guarded('/dashboard', <Pages.DashboardPage />),
          guarded('/reports', <Pages.ReportsPage />),
          guarded('/users', <Pages.UsersPage />),
          guarded('/audit', <Pages.AuditPage />),
          guarded('/settings', <Pages.SettingsPage />),
          guarded('/savings', <Pages.SavingsPage />),
          guarded('/savings/:staffId', <Pages.StaffSavingsDetailPage />),
          guarded('/expenses', <Pages.ExpensesPage />),
          guarded('/expenses/create', <Pages.CreateExpensePage />),
          // DECISIONS 2: editing reuses the create form, behind the same guard as the other expense screens.
          {
            path: '/expenses/:id/edit',
            element: (
              <RequireGuard guard={ROUTE_GUARDS['/expenses/create']}>
                <Pages.EditExpensePage />
              </RequireGuard>
            ),
          },
          guarded('/staff-savings', <Pages.MySavingsAccountPage />),
          guarded('/profile', <Pages.ProfilePage />),
          guarded('/user-settings', <Pages.UserSettingsPage />),
        ],
      },
      { path: '*', element: <Pages.NotFoundPage /> },
    ],
  },
]);
