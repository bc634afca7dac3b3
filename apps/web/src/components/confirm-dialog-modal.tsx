import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { ErrorBanner } from './error-banner.tsx';

export type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  /** The question, as SPEC 9 words it. */
  message: string;
  confirmLabel: string;
  isPending: boolean;
  /** A refusal to show inside the dialog, so it is read where the person is looking. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A confirmation prompt for something hard to undo: red confirm button, Cancel focused first so
 * Enter does not destroy anything by accident, Escape closes it.
 */
export function ConfirmDialogModal({ isOpen, title, message, confirmLabel, isPending, error, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened={isOpen} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        <Text>{message}</Text>
        <ErrorBanner message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
