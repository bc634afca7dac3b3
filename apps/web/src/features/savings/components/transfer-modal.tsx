import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Modal.css';
import {
  MESSAGES,
  MAX_SAVINGS_DESCRIPTION_LENGTH,
  formatNaira,
  transferFormSchema,
  type SavingsRequestView,
  type TransferInput,
} from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { isSentForApproval } from '../../../lib/savings-requests.ts';
import { useSavingsHolders } from '../api/get-savings-holders.ts';
import { usePostTransfer } from '../api/post-transfer.ts';
import { heldPhrases } from './holds.ts';
import { holderLabel } from './transaction-labels.ts';
import { useIsPhone } from '../../../lib/use-screen-size.ts';
import { useValueDate } from '../../../lib/use-value-date.ts';
import { ValueDateInput } from '../../../components/value-date-input.tsx';

/**
 * The sender: their balance, and what loans (issue 12) and requests awaiting approval (issue 15,
 * `pendingKobo` of `heldKobo`) hold of it, which a transfer may not take.
 */
export type TransferSource = { userId: string; name: string; balanceKobo: number; heldKobo: number; pendingKobo: number; availableKobo: number };

/** What the transfer came to: posted, or (issue 15, above the two-person threshold) a request that waits. */
export type TransferOutcome = { posted: true } | { posted: false; request: SavingsRequestView };

/** The fields a problem may belong to: shown in the banner and beside the field (issue 13). */
const FIELDS = ['toUserId', 'amount', 'description'] as const;

type Props = { source: TransferSource; opened: boolean; onClose: () => void; onTransferred: (outcome: TransferOutcome) => void };

/**
 * SPEC 5 "Transfer": a recipient (never the source, never an admin: the API lists no admins),
 * an amount of at most the balance, an optional description. Its fields start empty each time it
 * opens, because the modal unmounts its content when closed.
 */
export function TransferModal({ source, opened, onClose, onTransferred }: Props) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={opened} onClose={onClose} title={`Transfer from ${source.name}`} fullScreen={isPhone} centered>
      <TransferForm source={source} onCancel={onClose} onTransferred={onTransferred} />
    </Modal>
  );
}

function TransferForm({ source, onCancel, onTransferred }: { source: TransferSource; onCancel: () => void; onTransferred: (outcome: TransferOutcome) => void }) {
  const holders = useSavingsHolders();
  const post = usePostTransfer();
  const idempotency = useIdempotencyKey();
  const [toUserId, setToUserId] = useState<string | null>(null);
  const [amount, setAmount] = useState<string | number>('');
  const [description, setDescription] = useState('');
  const problem = useFormProblems(FIELDS);
  const [valueDateError, setValueDateError] = useState<string | null>(null);
  const valueDate = useValueDate();
  const recipients = (holders.data ?? []).filter((holder) => holder.userId !== source.userId);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (post.isPending) return;
    const values = { fromUserId: source.userId, toUserId, amount, description };
    const parsed = transferFormSchema(source.availableKobo).safeParse(values);
    if (!parsed.success) return problem.fromSchema(parsed.error);
    problem.clear();
    const dateProblem = valueDate.problem();
    setValueDateError(dateProblem);
    if (dateProblem) return;
    const body: TransferInput = {
      fromUserId: source.userId,
      toUserId: parsed.data.toUserId,
      amount,
      ...(description.trim() ? { description: description.trim() } : {}),
      ...valueDate.field(),
    };
    post.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (answer) => {
          idempotency.reset();
          onTransferred(isSentForApproval(answer) ? { posted: false, request: answer.request } : { posted: true });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.field === 'valueDate') setValueDateError(errorMessage(failure, MESSAGES.processTransferFailed));
          else problem.fromServer(failure, MESSAGES.processTransferFailed);
        },
      },
    );
  }

  return (
    <form id={problem.formId} onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <ErrorBanner message={problem.banner ?? (holders.isError ? errorMessage(holders.error, MESSAGES.loadStaffListFailed) : null)} />
        <Text size="sm">
          Available balance: <strong>{formatNaira(source.availableKobo)}</strong>
          {source.heldKobo > 0 && ` (${heldPhrases(source).join(', ')})`}
        </Text>
        <Select
          label="Transfer to"
          placeholder={holders.isPending ? MESSAGES.loading : 'Search by name or staff ID'}
          searchable
          clearable
          nothingFoundMessage={MESSAGES.noStaffFound}
          data={recipients.map((holder) => ({ value: holder.userId, label: holderLabel(holder) }))}
          value={toUserId}
          onChange={setToUserId}
          error={problem.errorOf('toUserId')}
        />
        <AmountInput value={amount} onChange={setAmount} error={problem.errorOf('amount')} />
        <TextInput
          label="Description (optional)"
          value={description}
          maxLength={MAX_SAVINGS_DESCRIPTION_LENGTH}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={problem.errorOf('description')}
        />
        <ValueDateInput state={valueDate} error={valueDateError} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={post.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={post.isPending}>
            Process Transfer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
