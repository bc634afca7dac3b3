import type { Database } from '../../db/client.ts';

/** What the loan routes and each loan operation are given. */
export type LoanDeps = { db: Database; now: () => Date; timeZone: string };
