import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { AuthCard } from './auth-card.tsx';

/** What a link that does not (or no longer) work is called, by the server's reason. */
const TITLES: Record<string, string> = {
  INVITATION_NOT_FOUND: 'Invitation Not Found',
  INVITATION_EXPIRED: 'Invitation Expired',
  INVITATION_USED: 'Invitation Already Used',
  INVITATION_WITHDRAWN: 'Invitation Withdrawn',
  ACCOUNT_DISABLED: 'Account Disabled',
};

/** Whether the server said the link is dead (unknown, gone, or its account disabled), not merely failed. */
export function isDeadInvitation(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code in TITLES;
}

/**
 * A link that does not work: why, in the server's words (which say to ask an administrator for a
 * new invitation where that is the way on), and the way to the sign-in page.
 */
export function DeadInvitation({ error }: { error: ApiError }) {
  return (
    <AuthCard title={TITLES[error.code] ?? 'Invitation'}>
      <ErrorBanner message={error.message} />
      <Button component={Link} to={paths.login} fullWidth variant={error.code === 'INVITATION_USED' ? 'filled' : 'default'}>
        Go to Login
      </Button>
    </AuthCard>
  );
}
