import { Text } from '@mantine/core';
import type { ExitView } from '@kobo/core';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { EXIT_FAILED } from './exit-labels.tsx';

/** A refusal beside what it concerns: the settlement date, the shortfall choice, or the step's buttons. */
export type StepRefusal = { message: string; field: 'settlementDate' | 'shortfallChoice' | null };

export function refusalFrom(failure: unknown): StepRefusal {
  const field = failure instanceof ApiError && (failure.field === 'settlementDate' || failure.field === 'shortfallChoice') ? failure.field : null;
  return { message: errorMessage(failure, EXIT_FAILED.step), field };
}

/** "Paid out by …, bank reference …". */
export function PaidNote({ exit }: { exit: ExitView }) {
  return (
    <Text size="sm" data-paid-note>
      Paid out{exit.paidByName ? ` by ${exit.paidByName}` : ''}
      {exit.payReference ? `, bank reference ${exit.payReference}` : ''}.
    </Text>
  );
}

/** A failed request as the reason dialog shows it: under the field when the server named the reason. */
export function reasonRefusal(error: unknown): { message: string; isAboutReason: boolean } {
  return { message: errorMessage(error, EXIT_FAILED.step), isAboutReason: error instanceof ApiError && error.field === 'reason' };
}
