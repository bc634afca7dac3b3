import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { EXIT_STATUS_LABELS, MESSAGES, type ExitGuarantee, type ExitStatus } from '@kobo/core';

// Colours chosen for contrast with Mantine's light variant in both themes; the words carry the meaning.
const STATUS_COLOURS: Record<ExitStatus, string> = {
  notice: 'yellow',
  approved: 'blue',
  settled: 'teal',
  paid: 'green',
  cancelled: 'gray',
  reversed: 'red',
};

/** An exit's status in EXIT_STATUS_LABELS' words, never cut: a long label wraps instead. */
export function ExitStatusBadge({ status }: { status: ExitStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLOURS[status]} radius="sm" tt="none" style={{ flexShrink: 0 }}>
      {EXIT_STATUS_LABELS[status]}
    </Badge>
  );
}

export const GUARANTEE_STATE_LABELS: Record<ExitGuarantee['state'], string> = {
  open: 'Still guaranteed',
  replacement_asked: 'Another member asked',
  repaid: 'Loan repaid',
  replaced: 'Replaced',
  own_savings: "Released: borrower's savings",
};

export const GUARANTEE_STATE_COLOURS: Record<ExitGuarantee['state'], string> = {
  open: 'yellow',
  replacement_asked: 'blue',
  repaid: 'green',
  replaced: 'green',
  own_savings: 'green',
};

/** The fallback sentences for a failure the server did not explain (a lost connection, a 5xx). */
export const EXIT_FAILED = {
  load: MESSAGES.serverError,
  step: MESSAGES.serverError,
  download: MESSAGES.serverError,
};
