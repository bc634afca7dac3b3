import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { MAX_REASON_LENGTH, MESSAGES, SAVINGS_REQUEST_TYPE_LABELS, formatNaira, type SavingsRequestView } from '@kobo/core';
import { ErrorBanner } from './error-banner.tsx';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { useFormProblems } from '../lib/use-form-problems.ts';
import { requestDecisionError, useCancelSavingsRequest } from '../lib/savings-requests.ts';
import { useIsPhone } from '../lib/use-screen-size.ts';

export type CancelRequestDialogProps = {
  /** The request to cancel; null keeps the dialog closed. */
  request: SavingsRequestView | null;
  onClose: () => void;
  onCancelled: () => void;
};

/**
 * The maker withdraws their own pending request (an admin on /approvals, a member on their savings
 * page): what it held is free again. A reason is optional. Its field starts empty each time, since
 * the modal unmounts its content when closed.
 */
export function CancelRequestDialogModal({ request, onClose, onCancelled }: CancelRequestDialogProps) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={request !== null} onClose={onClose} title="Cancel request" fullScreen={isPhone} centered>
      {request && <CancelForm request={request} onClose={onClose} onCancelled={onCancelled} />}
    </Modal>
  );
}

const FIELDS = ['reason'] as const;

function CancelForm({ request, onClose, onCancelled }: { request: SavingsRequestView; onClose: () => void; onCancelled: () => void }) {
  const cancel = useCancelSavingsRequest();
  const [reason, setReason] = useState('');
  // Nothing is required (the reason is optional): only the server's refusal is shown, beside the reason when it names it.
  const problems = useFormProblems(FIELDS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (cancel.isPending) return;
    problems.clear();
    cancel.mutate(
      { id: request.id, reason: reason.trim() || undefined },
      {
        onSuccess: onCancelled,
        onError: (failure) => {
          const isAboutReason = failure instanceof ApiError && failure.field === 'reason';
          problems.show(isAboutReason ? errorMessage(failure, MESSAGES.serverError) : requestDecisionError(failure), isAboutReason ? 'reason' : null);
        },
      },
    );
  }

  return (
    <form id={problems.formId} onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text>
          Cancel the {SAVINGS_REQUEST_TYPE_LABELS[request.type].toLowerCase()} of {formatNaira(request.amountKobo)}? Nothing is posted, and
          what it held is free again.
        </Text>
        <Textarea
          label="Reason (optional)"
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
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            Keep request
          </Button>
          <Button type="submit" color="red" loading={cancel.isPending}>
            Cancel request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
