import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A confirmation prompt (SPEC 9's confirm prompts), red because what it confirms is hard to undo. */
export function ConfirmDialog({ isOpen, title, message, confirmLabel, isPending, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened={isOpen} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        <Text>{message}</Text>
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
