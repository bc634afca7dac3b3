import { Badge } from '@mantine/core';
import { madeOnFirstUse, type InvitationState } from '@kobo/core';

// '1 Dec': the day the link stops working, short enough for a phone's row.
const dayMonth = madeOnFirstUse(() => new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short' }));

/** What an invitation's state reads as in the users table (issue 15). */
export function invitationLabel(invitation: InvitationState): string {
  switch (invitation.status) {
    case 'pending':
      return `Invited · expires ${invitation.expiresAt ? dayMonth().format(new Date(invitation.expiresAt)) : ''}`.trim();
    case 'expired':
      return 'Invitation expired';
    case 'withdrawn':
      return 'Invitation withdrawn';
    case 'none':
      return 'No password yet';
  }
}

/** A person who has not chosen a password yet: where their invitation stands. Nothing for everyone else. */
export function InvitationBadge({ invitation }: { invitation: InvitationState | null }) {
  if (!invitation) return null;
  return (
    <Badge color={invitation.status === 'pending' ? 'blue' : 'orange'} variant="light" style={{ flexShrink: 0 }} tt="none">
      {invitationLabel(invitation)}
    </Badge>
  );
}
