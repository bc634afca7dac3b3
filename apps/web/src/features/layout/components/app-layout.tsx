import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShell, Burger, Button, Group, Image, Text } from '@mantine/core';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import { useDisclosure } from '@mantine/hooks';
import { FaSignOutAlt } from 'react-icons/fa';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { OfflineNotice } from '../../../components/offline-notice.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { useSignOut } from '../../../lib/auth/sign-out.ts';
import { SideNav } from './side-nav.tsx';
import classes from './skip-link.module.css';

/** The shared layout of every signed-in page: header, side navigation (a drawer on phones), page. */
export function AppLayout() {
  const [isNavOpen, nav] = useDisclosure(false);
  const { data: user } = useSession();
  const signOut = useSignOut();
  // RequireSignedIn renders this layout only with a user.
  if (!user) return null;

  return (
    <AppShell
      // A phone keeps its screen for the page: 52 px of header there (85 px took an eighth of a 740 px screen).
      header={{ height: { base: 52, sm: 86 } }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding="md"
    >
      <AppShell.Header>
        {/* The first stop of the Tab key: past the header and the navigation to the page itself. */}
        <a href="#main-content" className={classes.skipLink}>
          Skip to content
        </a>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isNavOpen}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={isNavOpen ? 'Close navigation' : 'Open navigation'}
              aria-expanded={isNavOpen}
            />
            <Image src="/logo.svg" alt="Kobo" w={{ base: 36, sm: 70 }} h={{ base: 36, sm: 70 }} fit="contain" />
            <Text fw={700} fz={{ base: 'lg', sm: 'xl' }}>
              Kobo
            </Text>
          </Group>
          <Text fw={500} truncate="end" miw={0}>
            {user.name}
          </Text>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Main navigation">
        {/* The browser's own scrolling: Mantine's ScrollArea brings floating-ui, 15 kB compressed (issue 13). */}
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          <SideNav role={user.role} onNavigate={nav.close} />
        </AppShell.Section>
        <AppShell.Section pt="sm">
          <Button
            fullWidth
            variant="light"
            color="red"
            leftSection={<FaSignOutAlt aria-hidden />}
            loading={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            Logout
          </Button>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1}>
        <OfflineNotice />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
