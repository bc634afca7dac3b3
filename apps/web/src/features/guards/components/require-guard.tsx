import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { guardRedirect, type ScreenPath } from '@kobo/core';
import { FullScreenLoading } from '../../../components/full-screen-loading.tsx';
import { useSession } from '../../../lib/auth/session.ts';

/**
 * SPEC 2's route guard in front of a screen: core's guardRedirect asks the permission the screen
 * needs of the same table the server's routes ask.
 * It normally sits inside RequireSignedIn, so the session is already known here.
 */
export function RequireGuard({ screen, children }: { screen: ScreenPath; children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <FullScreenLoading />;
  const user = session.data ?? null;
  const redirect = guardRedirect(screen, user ? { role: user.role, isActive: user.active } : null);
  if (redirect) return <Navigate to={redirect} replace />;
  return children;
}
