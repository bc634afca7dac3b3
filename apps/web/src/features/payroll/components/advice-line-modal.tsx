import { useState, type FormEvent } from 'react';
import { Button, Divider, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Divider.css';
import { MESSAGES, formatNaira, type AdviceDetail, type AdviceLine } from '@kobo/core';
import { AmountInput } from '../../../components/amount-input.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useIsPhone } from '../../../lib/use-screen-size.ts';
import { useChangeAdviceLine } from '../api/change-advice.ts';
import { figuresToKobo, lineFigures } from './payroll-figures.ts';

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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const who = line.staffId ? `${line.name} (${line.staffId})` : line.name;

  function send(body: Parameters<typeof change.mutate>[0]['change']) {
    setRefusal(null);
    change.mutate(
      { month, userId: line.userId, change: body },
      {
        onSuccess: onClose,
        onError: (failure) => {
          const message = errorMessage(failure, MESSAGES.serverError);
          const field = failure instanceof ApiError ? failure.field : undefined;
          if (field === 'heldReason') return setReasonError(message);
          const key = field?.replace(/^deductions\./, '');
          if (key && key in figures) return setErrors({ [key]: message });
          setRefusal(message);
        },
      },
    );
  }

  function handleSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    const read = figuresToKobo(figures);
    if ('errors' in read) return setErrors(read.errors);
    setErrors({});
    send({ deductions: read.deductions });
  }

  function handleHold() {
    if (change.isPending) return;
    if (!reason.trim()) return setReasonError(MESSAGES.holdReasonRequired);
    setReasonError(null);
    send({ heldReason: reason.trim() });
  }

  return (
    <Modal opened onClose={onClose} title={`Change ${who}`} fullScreen={isPhone} centered>
      <Stack gap="md">
        <form onSubmit={handleSave} noValidate>
          <Stack gap="sm">
            {detail.deductions.map((deduction) => (
              <AmountInput
                key={deduction.key}
                label={`${deduction.label} (₦)`}
                value={figures[deduction.key] ?? ''}
                error={errors[deduction.key]}
                onChange={(next) => {
                  setFigures((all) => ({ ...all, [deduction.key]: next }));
                  setErrors(({ [deduction.key]: _dropped, ...rest }) => rest);
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
              <Button variant="light" onClick={() => send({ heldReason: null })} loading={change.isPending}>
                Put back
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="xs">
            <Textarea
              label="Reason to hold out"
              description="Payroll is not told to deduct anything from a member held out."
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              error={reasonError}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setReasonError(null);
              }}
            />
            <Group justify="flex-end">
              <Button variant="light" color="yellow" onClick={handleHold} loading={change.isPending}>
                Hold out
              </Button>
            </Group>
          </Stack>
        )}
        <ErrorBanner message={refusal} />
      </Stack>
    </Modal>
  );
}
