import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import {
  MESSAGES,
  MAX_SAVINGS_DESCRIPTION_LENGTH,
  formatNaira,
  requestSentNotice,
  savingsTransactionSchema,
  type SavingsHolderListItem,
  type SavingsTransactionInput,
  type SavingsTransactionType,
} from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { isSentForApproval } from '../../../lib/savings-requests.ts';
import { useMySavings } from '../api/get-my-savings.ts';
import { usePostSavingsTransaction } from '../api/post-savings-transaction.ts';
import { heldPhrases } from './holds.ts';
import { RequestSentNotice } from './request-sent-notice.tsx';
import { holderLabel } from './transaction-labels.ts';
import { useValueDate } from '../../../lib/use-value-date.ts';
import { ValueDateInput } from '../../../components/value-date-input.tsx';

/**
 * Issue 34: a member's own posting only files a request (issue 15), so their button says so; an
 * administrator's posts at once, as a member's does where members post directly, and keeps SPEC's
 * 'Process Transaction'.
 */
const MEMBER_BUTTON = { deposit: 'Request a deposit', withdrawal: 'Request a withdrawal' } as const;
const MEMBER_REQUEST_NOTE = 'This sends a request: your balance changes once an administrator confirms the money.';

/** What a person posts directly; transfers arrive as transfer_in / transfer_out. */
type TransactionType = Extract<SavingsTransactionType, 'deposit' | 'withdrawal'>;

/**
 * Whose account the form posts on: a regular user's own (no holder), one staff member's (the
 * admin's detail page), or one the admin picks here ('Please select a staff member').
 */
/** The fields a problem may belong to: shown in the banner and beside the field (issue 13). */
const FIELDS = ['userId', 'amount', 'type', 'description'] as const;

type Props = { holderUserId?: string } | { staffOptions: SavingsHolderListItem[] };

/**
 * SPEC 2 / 5: amount, deposit or withdrawal, optional description; the server has the last word on
 * the balance. An admin (who names the holder) may also give an earlier value date (issue 11); a
 * regular user posting on their own account may not, so they are not offered one.
 */
export function NewTransactionForm(props: Props) {
  const post = usePostSavingsTransaction();
  const idempotency = useIdempotencyKey();
  const flash = useFlashMessage();
  const [amount, setAmount] = useState<string | number>('');
  const [type, setType] = useState<TransactionType>('deposit');
  const [description, setDescription] = useState('');
  const [chosenUserId, setChosenUserId] = useState<string | null>(null);
  const problem = useFormProblems(FIELDS);
  const [valueDateError, setValueDateError] = useState<string | null>(null);
  /** Issue 15: the posting became a request; nothing moved. */
  const [requestNotice, setRequestNotice] = useState<string | null>(null);
  const valueDate = useValueDate();
  const isAdmin = 'holderUserId' in props || 'staffOptions' in props;
  const staffOptions = 'staffOptions' in props ? props.staffOptions : null;
  const chosen = staffOptions?.find((holder) => holder.userId === chosenUserId);
  // Issue 34: a member's own posting files a request unless the organisation lets members post
  // directly (GET /api/savings/me says which; the member's page has asked it already).
  const mine = useMySavings({ enabled: !isAdmin });
  const filesRequest = !isAdmin && mine.data?.postingsAreRequests !== false;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (post.isPending) return;
    flash.clear();
    setRequestNotice(null);
    // SPEC 5's order: the amount, then (for an admin) the staff member.
    // Every problem at once (docs/decisions/060-every-field-at-once.md).
    const parsed = savingsTransactionSchema.safeParse({ amount, type, description });
    const userId = 'holderUserId' in props ? props.holderUserId : (chosenUserId ?? undefined);
    if (problem.fromSchema(parsed.success ? null : parsed.error, { userId: staffOptions && !userId ? MESSAGES.selectStaffMember : null })) return;
    const dateProblem = isAdmin ? valueDate.problem() : null;
    setValueDateError(dateProblem);
    if (dateProblem) return;
    const body: SavingsTransactionInput = {
      type,
      amount,
      ...(userId ? { userId } : {}),
      ...(description.trim() ? { description: description.trim() } : {}),
      ...(isAdmin ? valueDate.field() : {}),
    };
    post.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (answer) => {
          idempotency.reset();
          setAmount('');
          setDescription('');
          setType('deposit');
          valueDate.reset();
          // A request is not "processed": say who must act before the money moves.
          if (isSentForApproval(answer)) setRequestNotice(requestSentNotice(answer.request));
          else flash.show(MESSAGES.transactionProcessed);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.field === 'valueDate') setValueDateError(errorMessage(failure, MESSAGES.processTransactionFailed));
          else problem.fromServer(failure, MESSAGES.processTransactionFailed);
        },
      },
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="New Transaction">
      <Title order={2} size="h4" mb={filesRequest ? 4 : 'sm'}>
        New Transaction
      </Title>
      {filesRequest && (
        <Text size="sm" c="dimmed" mb="sm">
          {MEMBER_REQUEST_NOTE}
        </Text>
      )}
      <form id={problem.formId} onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <ErrorBanner message={problem.banner} />
          <SuccessBanner message={flash.message} />
          <RequestSentNotice message={requestNotice} onClose={() => setRequestNotice(null)} />
          {staffOptions && (
            <Select
              label="Staff member"
              placeholder="Search by name or staff ID"
              searchable
              clearable
              nothingFoundMessage={MESSAGES.noStaffFound}
              data={staffOptions.map((holder) => ({ value: holder.userId, label: holderLabel(holder) }))}
              value={chosenUserId}
              onChange={setChosenUserId}
              description={chosen ? balanceLine(chosen) : undefined}
              error={problem.errorOf('userId')}
            />
          )}
          <AmountInput value={amount} onChange={setAmount} error={problem.errorOf('amount')} />
          <Radio.Group label="Type" error={problem.errorOf('type')} value={type} onChange={(value) => setType(value === 'withdrawal' ? 'withdrawal' : 'deposit')}>
            <Group gap="lg" mt={6}>
              <Radio value="deposit" label="Deposit" />
              <Radio value="withdrawal" label="Withdrawal" />
            </Group>
          </Radio.Group>
          <TextInput
            label="Description (optional)"
            value={description}
            maxLength={MAX_SAVINGS_DESCRIPTION_LENGTH}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={problem.errorOf('description')}
          />
          {isAdmin && <ValueDateInput state={valueDate} error={valueDateError} />}
          <Button type="submit" loading={post.isPending}>
            {filesRequest ? MEMBER_BUTTON[type] : 'Process Transaction'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** 'Balance: ₦100,000.00', and what is available when loans (issue 12) or requests awaiting approval (issue 15) hold part of it. */
function balanceLine(holder: { balanceKobo: number; heldKobo: number; pendingKobo: number; availableKobo: number }): string {
  const balance = `Balance: ${formatNaira(holder.balanceKobo)}`;
  if (holder.heldKobo <= 0) return balance;
  return [balance, `Available: ${formatNaira(holder.availableKobo)}`, ...heldPhrases(holder)].join(' · ');
}
