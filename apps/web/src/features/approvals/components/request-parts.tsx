import { Badge, Text } from '@mantine/core';
import {
  formatNaira,
  SAVINGS_REQUEST_ORIGIN_LABELS,
  SAVINGS_REQUEST_TYPE_LABELS,
  type SavingsRequestHolder,
  type SavingsRequestStanding,
  type SavingsRequestView,
} from '@kobo/core';
import { formatDateTime } from '../../../lib/format-date-time.ts';

/** The pieces of one request, shared by the wide table and the phone's cards. */

// Money in is green and money out red on the savings history; a transfer moves it between holders.
const TYPE_COLOURS: Record<SavingsRequestView['type'], string> = { deposit: 'green', withdrawal: 'red', transfer: 'orange' };

/** 'Tunde Bello (STF001)', the email for someone with no staff ID, or that the holder was removed. */
export function holderText(holder: SavingsRequestHolder | null): string {
  if (!holder) return 'Removed holder';
  return holder.staffId ? `${holder.name} (${holder.staffId})` : holder.name;
}

export function Holder({ holder }: { holder: SavingsRequestHolder | null }) {
  if (!holder) return <Text c="dimmed">Removed holder</Text>;
  return (
    <>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {holder.name}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {holder.staffId ?? holder.email}
      </Text>
    </>
  );
}

/** The type, and who asked for a second look: a second approval among admins, or a member's own request. */
export function RequestKind({ request }: { request: SavingsRequestView }) {
  return (
    <>
      <Badge variant="light" color={TYPE_COLOURS[request.type]} radius="sm">
        {SAVINGS_REQUEST_TYPE_LABELS[request.type]}
      </Badge>
      <Text size="xs" c="dimmed" mt={2}>
        {SAVINGS_REQUEST_ORIGIN_LABELS[request.origin]}
      </Text>
    </>
  );
}

/** A transfer's recipient. */
export function Recipient({ request }: { request: SavingsRequestView }) {
  if (request.type !== 'transfer') return null;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      To {holderText(request.to)}
    </Text>
  );
}

/** Who made it, and when. */
export function Maker({ request }: { request: SavingsRequestView }) {
  return (
    <>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {request.maker.name}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(request.createdAt)}
      </Text>
    </>
  );
}

/** How a decided request ended: by whom, when, and why when declined or cancelled. */
export function Outcome({ request }: { request: SavingsRequestView }) {
  return (
    <>
      {request.decidedBy && request.decidedAt && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {request.decidedBy.name}, {formatDateTime(request.decidedAt)}
        </Text>
      )}
      {request.reason && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Reason: {request.reason}
        </Text>
      )}
    </>
  );
}

/**
 * Issue 34: beside a pending request, the holder's balance and available balance now, and what
 * approving would leave, so the checker judges the approval by its effect (figures from the API).
 */
export function Standing({ standing }: { standing: SavingsRequestStanding | null }) {
  if (!standing) return null;
  const lines = [
    `Balance ${formatNaira(standing.balanceKobo)}`,
    `Available ${formatNaira(standing.availableKobo)}`,
    `After approval: balance ${formatNaira(standing.balanceAfterKobo)}, available ${formatNaira(standing.availableAfterKobo)}`,
  ];
  return (
    <Text component="div" size="xs" c="dimmed" fw={400} ta="inherit" style={{ whiteSpace: 'normal' }}>
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </Text>
  );
}
