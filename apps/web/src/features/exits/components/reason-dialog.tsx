import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { MAX_REASON_LENGTH } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useRefusalShown, type ReasonRefusal } from '../../../lib/use-refusal-shown.ts';
import { useIsPhone } from '../../../lib/use-screen-size.ts';

type Props = {
  opened: boolean;
  title: string;
  /** What will happen, above the field. */
  children?: ReactNode;
  confirmLabel: string;
  isDestructive?: boolean;
  /** The sentence for a blank reason, core's. */
  requiredMessage: string;
  isPending: boolean;
  /** The server's refusal: under the field when it names the reason, else above the buttons. */
  refusal: ReasonRefusal;
  onSubmit: (reason: string) => void;
  onClose: () => void;
};

/**
 * Asks why before a step that stays on record (cancelling an exit, reversing its settlement,
 * releasing a guarantee), as components/reason-modal.tsx does. The exits keep their own: the
 * shared one, imported by one page more, would be shared widely enough to join the chunk every
 * first visit loads, Mantine's Modal and its scroll lock with it (docs/decisions/029-page-weight.md).
 */
export function ReasonDialog({ opened, title, onClose, ...form }: Props) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={isPhone} centered>
      <ReasonForm {...form} onCancel={onClose} />
    </Modal>
  );
}

const FIELDS = ['reason'] as const;

function ReasonForm({ children, confirmLabel, isDestructive, requiredMessage, isPending, refusal, onSubmit, onCancel }: Omit<Props, 'opened' | 'title' | 'onClose'> & { onCancel: () => void }) {
  const [reason, setReason] = useState('');
  const problems = useFormProblems(FIELDS);
  useRefusalShown(refusal, problems.show);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    if (problems.check({ reason: reason.trim() ? null : requiredMessage })) return;
    onSubmit(reason.trim());
  }

  return (
    <form id={problems.formId} onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {children}
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          maxLength={MAX_REASON_LENGTH}
          value={reason}
          error={problems.errorOf('reason')}
          onChange={problems.typed('reason', setReason)}
          data-autofocus
        />
        <ErrorBanner message={problems.banner} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" color={isDestructive ? 'red' : undefined} loading={isPending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
