import { sql } from 'drizzle-orm';
import type { LoanRecoveryList, LoanRecoveryStatus } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { recoveryViews } from './recovery-store.ts';
import { withShareStandings } from './share-standings.ts';

/** The approvals list: recoveries with `status` (all when none), newest first, at most 200; a proposed one's shares with each guarantor's savings (issue 34). */
export async function listRecoveries(db: Database, status: LoanRecoveryStatus | undefined): Promise<LoanRecoveryList> {
  return { recoveries: await withShareStandings(db, await recoveryViews(db, status ? sql`r.status = ${status}` : sql`true`, 200)) };
}
