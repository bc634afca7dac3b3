import { useEffect } from 'react';
import { Link } from 'react-router';
import { Anchor, Center, Stack, Title } from '@mantine/core';
import { paths } from '../../../lib/paths.ts';

export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found · Kobo';
  }, []);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" ta="center">
        <Title order={1} size="h3">
          Page not found
        </Title>
        <Anchor component={Link} to={paths.dashboard}>
          Go to Dashboard
        </Anchor>
      </Stack>
    </Center>
  );
}
