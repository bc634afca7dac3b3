import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { MAX_REASON_LENGTH } from '@kobo/core';
import { ErrorBanner } from './error-banner.tsx';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { useFormProblems } from '../lib/use-form-problems.ts';
import { useRefusalShown, type ReasonRefusal } from '../lib/use-refusal-shown.ts';
import { useIsPhone } from '../lib/use-screen-size.ts';

export type { ReasonRefusal };

type Props = {
  opened: boolean;
  title: string;
  /** What will happen, above the field. */
  children?: ReactNode;
  confirmLabel: string;
  /** Red for an undo (a reversal); the default colour for a deliberate repeat. */
  isDestructive?: boolean;
  /** The sentence for a blank reason, core's (e.g. 'Please give a reason for the reversal'). */
  requiredMessage: string;
  isPending: boolean;
  /** The server's refusal: under the field when it names the reason, else above the buttons. */
  refusal: ReasonRefusal;
  onSubmit: (reason: string) => void;
  onClose: () => void;
};

/**
 * Asks why before something that stays in the ledger for good (a reversal, a second batch for a
 * month). The reason is required; its field starts empty each time, since the modal unmounts its
 * content when closed.
 */
export function ReasonModal({ opened, title, onClose, ...form }: Props) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={isPhone} centered>
      <ReasonForm {...form} onCancel={onClose} />
    </Modal>
  );
}

type FormProps = Omit<Props, 'opened' | 'title' | 'onClose'> & { onCancel: () => void };

const FIELDS = ['reason'] as const;

function ReasonForm({ children, confirmLabel, isDestructive, requiredMessage, isPending, refusal, onSubmit, onCancel }: FormProps) {
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

/** A failed request as the modal shows it: under the field when the server named the reason. */
export function refusalOf(error: unknown, fallback: string): ReasonRefusal {
  return { message: errorMessage(error, fallback), isAboutReason: error instanceof ApiError && error.field === 'reason' };
}
