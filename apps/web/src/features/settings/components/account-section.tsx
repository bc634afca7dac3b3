import { Button, Group } from '@mantine/core';
import { FaSignOutAlt } from 'react-icons/fa';
import { useSignOut } from '../../../lib/auth/sign-out.ts';
import { SettingsSection } from './settings-section.tsx';

/** SPEC 2: Account → Log Out, then /login. */
export function AccountSection() {
  const signOut = useSignOut();
  return (
    <SettingsSection title="Account">
      <Group>
        <Button
          variant="light"
          color="red"
          leftSection={<FaSignOutAlt aria-hidden />}
          loading={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          Log Out
        </Button>
      </Group>
    </SettingsSection>
  );
}
