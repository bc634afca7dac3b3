import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  MESSAGES,
  MAX_SAVINGS_DESCRIPTION_LENGTH,
  firstIssueMessage,
  formatNaira,
  transferFormSchema,
  type SavingsRequestView,
  type TransferInput,
} from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
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
export type TransferSource = { userId: string; name: string; balanceKobo: number; heldKobo: number; pendingKobo: number };

/** What the transfer came to: posted, or (issue 15, above the two-person threshold) a request that waits. */
export type TransferOutcome = { posted: true } | { posted: false; request: SavingsRequestView };

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
  const [error, setError] = useState<string | null>(null);
  const [valueDateError, setValueDateError] = useState<string | null>(null);
  const valueDate = useValueDate();
  const recipients = (holders.data ?? []).filter((holder) => holder.userId !== source.userId);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (post.isPending) return;
    const values = { fromUserId: source.userId, toUserId, amount, description };
    const parsed = transferFormSchema(source.balanceKobo - source.heldKobo).safeParse(values);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(null);
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
          const message = errorMessage(failure, MESSAGES.processTransferFailed);
          if (failure instanceof ApiError && failure.field === 'valueDate') setValueDateError(message);
          else setError(message);
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <ErrorBanner message={error ?? (holders.isError ? MESSAGES.loadStaffListFailed : null)} />
        <Text size="sm">
          Available balance: <strong>{formatNaira(source.balanceKobo - source.heldKobo)}</strong>
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
        />
        <AmountInput value={amount} onChange={setAmount} />
        <TextInput
          label="Description (optional)"
          value={description}
          maxLength={MAX_SAVINGS_DESCRIPTION_LENGTH}
          onChange={(event) => setDescription(event.currentTarget.value)}
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
