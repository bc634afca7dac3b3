import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Button, Center, Stack } from '@mantine/core';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { FullScreenLoading } from '../../../components/full-screen-loading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { paths } from '../../../lib/paths.ts';

/** SPEC 2's signed-in guard: 'Loading...' while the session resolves, /login without one. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <FullScreenLoading />;
  if (session.isError) {
    // The server or the network failed: not the same as signed out, so offer a retry. Offline
    // with no session kept on this device, it says "You're offline" (issue 13).
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" maw={420}>
          <ErrorBanner message={errorMessage(session.error, MESSAGES.serverError)} />
          <Button onClick={() => void session.refetch()} loading={session.isFetching}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!session.data) return <Navigate to={paths.login} replace />;
  return children;
}
