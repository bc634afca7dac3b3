import type { Database } from '../../db/client.ts';

/** What the budget routes and operations are given. */
export type BudgetDeps = { db: Database; now: () => Date; timeZone: string };
