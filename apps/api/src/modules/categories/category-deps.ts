import type { Database } from '../../db/client.ts';

/** What the category routes and each category operation are given. */
export type CategoryDeps = { db: Database; now: () => Date };
