import type { Database } from '../../db/client.ts';
import type { Outbox } from '../../mail/outbox.ts';

/** What the loan routes and each loan operation are given. */
export type LoanDeps = {
  db: Database;
  now: () => Date;
  timeZone: string;
  /** Mail queued by an operation (a guarantor's request) is sent sooner when nudged after its commit; `delivery` says whether it will leave. */
  outbox: Pick<Outbox, 'nudge' | 'delivery'>;
  /** Where links in mail point. */
  appUrl: string;
};
