import type { Database } from '../../../db/client.ts';
import type { Outbox } from '../../../mail/outbox.ts';

/** What the invitation routes and operations are given. */
export type InvitationDeps = {
  db: Database;
  now: () => Date;
  /** The invitation mail is queued with the act and sent sooner when nudged after its commit; `delivery` says whether it will leave. */
  outbox: Pick<Outbox, 'nudge' | 'delivery'>;
  /** Where the link in the mail points (APP_URL, never the request's Host header). */
  appUrl: string;
};
