import type { Database } from '../../db/client.ts';

/** What the receipt routes and operations are given (the expense routes hand over theirs, the same shape). */
export type ReceiptDeps = { db: Database; now: () => Date; timeZone: string };
