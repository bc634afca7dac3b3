import { Badge } from '@mantine/core';
import { SAVINGS_REQUEST_STATUS_LABELS, type SavingsRequestStatus } from '@kobo/core';

// Light variants read in both themes; the words carry the meaning.
const STATUS_COLOURS: Record<SavingsRequestStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  declined: 'red',
  cancelled: 'gray',
};

/** A savings request's status (issue 15): on /approvals and on a member's own list. */
export function RequestStatusBadge({ status }: { status: SavingsRequestStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLOURS[status]} radius="sm">
      {SAVINGS_REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}
