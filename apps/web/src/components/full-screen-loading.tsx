import { Center, Loader, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@kobo/core';

/** SPEC 2: the full-screen 'Loading...' shown while the auth state resolves. */
export function FullScreenLoading() {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text>{MESSAGES.loading}</Text>
      </Stack>
    </Center>
  );
}

/** The same indicator inside the layout, while a page's code loads. */
export function PageLoading() {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text>{MESSAGES.loading}</Text>
      </Stack>
    </Center>
  );
}
