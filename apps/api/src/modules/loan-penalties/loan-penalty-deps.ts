import type { Database } from '../../db/client.ts';

/** What the penalty routes, operations and the daily schedule are given. */
export type LoanPenaltyDeps = { db: Database; now: () => Date; timeZone: string };
