import { Badge } from '@mantine/core';
import { LOAN_STATUS_LABELS, type LoanStatus } from '@kobo/core';

// Colours chosen for contrast with Mantine's light variant in both themes; the words carry the meaning.
const STATUS_COLOURS: Record<LoanStatus, string> = {
  awaiting_guarantors: 'yellow',
  awaiting_approval: 'yellow',
  approved: 'blue',
  rejected: 'gray',
  cancelled: 'gray',
  active: 'teal',
  repaid: 'green',
  written_off: 'red',
};

/** A loan's status in issue 12's words ("Disbursed" for an active loan). */
export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLOURS[status]} radius="sm">
      {LOAN_STATUS_LABELS[status]}
    </Badge>
  );
}
