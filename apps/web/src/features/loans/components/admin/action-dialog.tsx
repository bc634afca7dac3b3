import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { useIsPhone } from '../../../../lib/use-screen-size.ts';

type Props = {
  isOpen: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  isPending: boolean;
  /** The server's refusal (a 403 or 409), shown inside the dialog where the officer is looking. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A confirmation for a step forward (approve, restore): the shared ConfirmDialog's red button is
 * for undoing and destroying, which these are not. Cancel is focused first, as there.
 */
export function ActionDialog({ isOpen, title, children, confirmLabel, isPending, error, onConfirm, onCancel }: Props) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={isOpen} onClose={onCancel} title={title} fullScreen={isPhone} centered>
      <Stack gap="md">
        {children}
        <ErrorBanner message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isPending} data-autofocus>
            Cancel
          </Button>
          <Button loading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
