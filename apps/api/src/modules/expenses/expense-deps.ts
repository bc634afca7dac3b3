import type { Database } from '../../db/client.ts';

/** What the expense routes and each expense operation are given. */
export type ExpenseDeps = { db: Database; now: () => Date; timeZone: string };
