import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { FaUserTimes } from 'react-icons/fa';
import { MESSAGES } from '@kobo/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { SettingsSection } from './settings-section.tsx';

/**
 * SPEC "Settings" → Danger Zone: Delete Account, after the spec's prompt; then /signup. The server
 * refuses the last active administrator and an account with savings (DECISIONS 7); the dialog
 * shows its sentence.
 */
export function DangerZoneSection() {
  const deletion = useDeleteAccount();
  const [isAsking, setIsAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function confirm() {
    if (deletion.isPending) return;
    setError(null);
    deletion.mutate(undefined, { onError: (failure) => setError(errorMessage(failure, MESSAGES.deleteAccountFailed)) });
  }

  return (
    <SettingsSection title="Danger Zone">
      <Text size="sm" c="dimmed">
        Deleting your account also deletes every expense you recorded. Your savings history is kept.
      </Text>
      <Group>
        <Button
          color="red"
          leftSection={<FaUserTimes aria-hidden />}
          onClick={() => {
            setError(null);
            setIsAsking(true);
          }}
        >
          Delete Account
        </Button>
      </Group>
      <ConfirmDialog
        isOpen={isAsking}
        title="Delete account"
        message={MESSAGES.confirmDeleteAccount}
        confirmLabel="Delete Account"
        isPending={deletion.isPending}
        error={error}
        onConfirm={confirm}
        onCancel={() => setIsAsking(false)}
      />
    </SettingsSection>
  );
}
