import { sql } from 'drizzle-orm';
import type { LoanRecoveryList, LoanRecoveryStatus } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { recoveryViews } from './recovery-store.ts';

/** The approvals list: recoveries with `status` (all when none), newest first, at most 200. */
export async function listRecoveries(db: Database, status: LoanRecoveryStatus | undefined): Promise<LoanRecoveryList> {
  return { recoveries: await recoveryViews(db, status ? sql`r.status = ${status}` : sql`true`, 200) };
}
