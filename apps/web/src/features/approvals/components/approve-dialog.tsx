import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { useIsPhone } from '../../../lib/use-screen-size.ts';

type Props = {
  isOpen: boolean;
  /** What approving does, core's sentence with the amount and the holder in it. */
  question: string;
  isPending: boolean;
  /** The server's refusal (403 for the maker, 409 when decided first, an overdraw), where the admin is looking. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Asked before approving, since approval posts money at once. A step forward, not an undo: the
 * confirm button keeps the default colour. Cancel is focused first, so Enter posts nothing by accident.
 */
export function ApproveDialog({ isOpen, question, isPending, error, onConfirm, onCancel }: Props) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={isOpen} onClose={onCancel} title="Approve request" fullScreen={isPhone} centered>
      <Stack gap="md">
        <Text>{question}</Text>
        <ErrorBanner message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isPending} data-autofocus>
            Cancel
          </Button>
          <Button loading={isPending} onClick={onConfirm}>
            Approve
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
