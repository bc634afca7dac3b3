import type { Outbox } from '../../mail/outbox.ts';
import type { AuthDeps } from '../auth/auth-deps.ts';

/**
 * What the account routes are given: what the auth routes have (Better Auth, the sign-in
 * throttle, the clock), and the mail outbox with the app's address for the links it mails.
 */
export type AccountDeps = AuthDeps & { outbox: Outbox; appUrl: string };

/** Where the request came from, for Better Auth (the session cookie) and the throttle (the address). */
export type Caller = { headers: Headers; clientAddress: string };
