import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import { MAX_DECISION_REASON_LENGTH, MESSAGES, TOP_UP_LABELS, formatNaira, restructureRequestSchema, type LoanView, type RestructureView } from '@kobo/core';
import { AmountInput } from '../../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../../components/error-banner.tsx';
import { useFormProblems } from '../../../../lib/use-form-problems.ts';
import { useIsPhone } from '../../../../lib/use-screen-size.ts';
import { useRequestRestructure } from '../../api/restructures.ts';

type Props = { loan: LoanView; opened: boolean; onClose: () => void; onDone: (restructure: RestructureView) => void };

/**
 * "Restructure" (issue 33; docs/decisions/052): a new term or a new instalment for the outstanding
 * principal, and why. Applied at once, or waiting for a second officer when two-person approval is on.
 */
export function RestructureModal({ opened, onClose, ...rest }: Props) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={opened} onClose={onClose} title={TOP_UP_LABELS.restructureTitle} fullScreen={isPhone} centered>
      <RestructureForm onClose={onClose} {...rest} />
    </Modal>
  );
}

const FIELDS = ['months', 'instalment', 'reason'] as const;

function RestructureForm({ loan, onClose, onDone }: Omit<Props, 'opened'>) {
  const request = useRequestRestructure();
  const [months, setMonths] = useState<string | number>('');
  const [instalment, setInstalment] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const problems = useFormProblems(FIELDS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending) return;
    const body = { months: String(months).trim(), instalment: String(instalment).trim(), reason: reason.trim() };
    const parsed = restructureRequestSchema.safeParse(body);
    if (problems.fromSchema(parsed.success ? null : parsed.error)) return;
    request.mutate(
      { loanId: loan.id, ...body },
      {
        onSuccess: onDone,
        onError: (failure) => problems.fromServer(failure, MESSAGES.restructureFailed),
      },
    );
  }

  return (
    <form id={problems.formId} onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <ErrorBanner message={problems.banner} />
        <Text size="sm">
          {TOP_UP_LABELS.principal}: {formatNaira(loan.ledger?.outstandingPrincipalKobo ?? loan.principalKobo)}. {TOP_UP_LABELS.restructureNote}
        </Text>
        <Group grow align="flex-start" gap="sm" preventGrowOverflow={false}>
          <NumberInput
            label={TOP_UP_LABELS.newMonths}
            value={months}
            onChange={(value) => {
              setMonths(value);
              problems.edited('months');
            }}
            error={problems.errorOf('months')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            hideControls
            inputMode="numeric"
            autoComplete="off"
            miw={0}
          />
          <AmountInput
            label={TOP_UP_LABELS.newInstalment}
            value={instalment}
            onChange={(value) => {
              setInstalment(value);
              problems.edited('instalment');
              // 'Give a new term or a new instalment' stands beside the term: an instalment answers it too.
              problems.edited('months');
            }}
            error={problems.errorOf('instalment')}
          />
        </Group>
        <Textarea
          label={TOP_UP_LABELS.reason}
          value={reason}
          onChange={problems.typed('reason', setReason)}
          error={problems.errorOf('reason')}
          maxLength={MAX_DECISION_REASON_LENGTH}
          autosize
          minRows={2}
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={request.isPending}>
            {TOP_UP_LABELS.restructure}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
