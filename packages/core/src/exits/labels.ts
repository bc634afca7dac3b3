import type { ExitReason, ExitStatus } from './schemas.ts';

export const EXIT_REASON_LABELS: Record<ExitReason, string> = {
  retirement: 'Retirement',
  resignation: 'Resignation',
  transfer: 'Transfer',
  death: 'Death',
  expulsion: 'Expulsion',
};

export const EXIT_STATUS_LABELS: Record<ExitStatus, string> = {
  notice: 'Notice given',
  approved: 'Approved',
  settled: 'Settled',
  paid: 'Paid out',
  cancelled: 'Cancelled',
  reversed: 'Reversed',
};
