import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button, Center, Stack } from '@mantine/core';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';

/**
 * Shown when a page throws while rendering, or its code fails to load (a new release replaced
 * the old chunks, or the network dropped): reloading fetches the current version. Without a
 * connection it says so rather than "Something went wrong" (issue 13).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" maw={420}>
        <ErrorBanner message={navigator.onLine ? MESSAGES.serverError : MESSAGES.youAreOffline} />
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
