import { useState, type FormEvent } from 'react';
import { Button, Divider, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Divider.css';
import { MESSAGES, formatNaira, type AdviceDetail, type AdviceLine } from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useIsPhone } from '../../../lib/use-screen-size.ts';
import { useChangeAdviceLine } from '../api/change-advice.ts';
import { figuresToKobo, lineFigures } from './payroll-figures.ts';

const HOLD_FIELDS = ['heldReason'] as const;

type Props = { month: string; detail: AdviceDetail; line: AdviceLine; onClose: () => void };

/**
 * One member's line in a draft advice: each deduction's amount in naira (each unreadable one
 * flagged beside itself), and holding them out of what payroll is told, with why, or back in.
 */
export function AdviceLineModal({ month, detail, line, onClose }: Props) {
  const isPhone = useIsPhone();
  const change = useChangeAdviceLine();
  const keys = detail.deductions.map((deduction) => deduction.key);
  const [figures, setFigures] = useState(() => lineFigures(line, keys));
  const lineProblems = useFormProblems(keys);
  const [reason, setReason] = useState('');
  const holdProblems = useFormProblems(HOLD_FIELDS);
  const who = line.staffId ? `${line.name} (${line.staffId})` : line.name;

  /** Sends a change; a refusal stands beside the field it names (a deduction's is 'deductions.<key>'), else in the banner of the part that sent it. */
  function send(body: Parameters<typeof change.mutate>[0]['change'], refused: (failure: unknown, fallback: string) => void) {
    change.mutate(
      { month, userId: line.userId, change: body },
      {
        onSuccess: onClose,
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.field : undefined;
          const key = field?.replace(/^deductions\./, '');
          if (key && key in figures) return lineProblems.show(errorMessage(failure, MESSAGES.serverError), key);
          if (field === 'heldReason') return holdProblems.fromServer(failure, MESSAGES.serverError);
          refused(failure, MESSAGES.serverError);
        },
      },
    );
  }

  function handleSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    holdProblems.clear();
    const read = figuresToKobo(figures);
    if (lineProblems.check('errors' in read ? read.errors : {}) || 'errors' in read) return;
    send({ deductions: read.deductions }, lineProblems.fromServer);
  }

  function handleHold(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    lineProblems.clear();
    if (holdProblems.check({ heldReason: reason.trim() ? null : MESSAGES.holdReasonRequired })) return;
    send({ heldReason: reason.trim() }, holdProblems.fromServer);
  }

  return (
    <Modal opened onClose={onClose} title={`Change ${who}`} fullScreen={isPhone} centered>
      <Stack gap="md">
        <form id={lineProblems.formId} onSubmit={handleSave} noValidate>
          <Stack gap="sm">
            {detail.deductions.map((deduction) => (
              <AmountInput
                key={deduction.key}
                label={`${deduction.label} (₦)`}
                value={figures[deduction.key] ?? ''}
                error={lineProblems.errorOf(deduction.key)}
                onChange={(next) => {
                  setFigures((all) => ({ ...all, [deduction.key]: next }));
                  lineProblems.edited(deduction.key);
                }}
              />
            ))}
            <Text size="sm">Prepared total {formatNaira(line.totalKobo)}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={change.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={change.isPending}>
                Save line
              </Button>
            </Group>
          </Stack>
        </form>
        <Divider />
        {line.heldReason ? (
          <Stack gap="xs">
            <Text size="sm">
              Held out: <strong>{line.heldReason}</strong>
            </Text>
            <Group justify="flex-end">
              <Button variant="light" onClick={() => send({ heldReason: null }, holdProblems.fromServer)} loading={change.isPending}>
                Put back
              </Button>
            </Group>
          </Stack>
        ) : (
          <form id={holdProblems.formId} onSubmit={handleHold} noValidate>
            <Stack gap="xs">
              <Textarea
                label="Reason to hold out"
                description="Payroll is not told to deduct anything from a member held out."
                autosize
                minRows={2}
                maxLength={500}
                value={reason}
                error={holdProblems.errorOf('heldReason')}
                onChange={holdProblems.typed('heldReason', setReason)}
              />
              <Group justify="flex-end">
                <Button type="submit" variant="light" color="yellow" loading={change.isPending}>
                  Hold out
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        <ErrorBanner message={lineProblems.banner ?? holdProblems.banner} />
      </Stack>
    </Modal>
  );
}
