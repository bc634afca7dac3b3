import type { Database } from '../../db/client.ts';
import type { Outbox } from '../../mail/outbox.ts';

/** What the recovery routes and operations are given; mail queued by an approval is sent sooner when nudged after its commit. */
export type LoanRecoveryDeps = { db: Database; now: () => Date; timeZone: string; outbox: Pick<Outbox, 'nudge' | 'delivery'> };
