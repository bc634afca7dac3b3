import { Link } from 'react-router';
import { Button, Center, Stack, ThemeIcon, Title } from '@mantine/core';
import { FaLock } from 'react-icons/fa';
import { MESSAGES } from '@kobo/core';
import { paths } from '../../../lib/paths.ts';

/** SPEC 2: the access-denied page, with a way back to the dashboard. */
export function UnauthorizedPage() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" ta="center" maw={480}>
        <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
          <FaLock size={24} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {MESSAGES.accessDenied}
        </Title>
        <Button component={Link} to={paths.dashboard}>
          Back to Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
