import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { guardRedirect, type GuardName } from '@kobo/core';
import { FullScreenLoading } from '../../../components/full-screen-loading.tsx';
import { useSession } from '../../../lib/auth/session.ts';

/**
 * One of SPEC 2's route guards, decided by core's guardRedirect, which the server's rules share.
 * It normally sits inside RequireSignedIn, so the session is already known here.
 */
export function RequireGuard({ guard, children }: { guard: GuardName; children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <FullScreenLoading />;
  const user = session.data ?? null;
  const redirect = guardRedirect(guard, user ? { role: user.role, isActive: user.active } : null);
  if (redirect) return <Navigate to={redirect} replace />;
  return children;
}
