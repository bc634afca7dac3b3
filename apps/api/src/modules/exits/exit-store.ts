import { eq, sql } from 'drizzle-orm';
import { AppError, isUuid, LIVE_EXIT_STATUSES, type ExitStatement, type ExitView } from '@kobo/core';
import type { Database, Transaction } from '../../db/client.ts';
import { memberExits } from '../../db/schema.ts';

/** Issue 32 (docs/decisions/051-member-exit.md): one home for reading an exit's row and answering it. */
export type ExitRow = typeof memberExits.$inferSelect;
type Db = Database | Transaction;

function iso(at: Date | null): string | null {
  return at ? at.toISOString() : null;
}

/** An exit as the API answers it. */
export function toExitView(row: ExitRow): ExitView {
  return {
    id: row.id,
    seq: row.seq,
    userId: row.userId,
    holderName: row.holderName,
    staffId: row.staffId,
    reason: row.reason,
    note: row.note,
    noticeDate: row.noticeDate,
    leavingDate: row.leavingDate,
    earliestSettlementDate: row.earliestSettlementDate,
    status: row.status,
    givenByName: row.givenByName,
    createdAt: row.createdAt.toISOString(),
    settlementDate: row.settlementDate,
    shortfallChoice: row.shortfallChoice,
    statement: (row.statement as ExitStatement | null) ?? null,
    approvedByName: row.approvedByName,
    approvedAt: iso(row.approvedAt),
    settledByName: row.settledByName,
    settledAt: iso(row.settledAt),
    paidByName: row.paidByName,
    paidAt: iso(row.paidAt),
    payReference: row.payReference,
    cancelledByName: row.cancelledByName,
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason,
    reversedByName: row.reversedByName,
    reversedAt: iso(row.reversedAt),
    reversalReason: row.reversalReason,
  };
}

/** The exit, locked for the caller's transaction when `lock`; a malformed id is simply not found. */
export async function readExitRow(db: Db, id: string, lock = false): Promise<ExitRow> {
  if (!isUuid(id)) throw new AppError('EXIT_NOT_FOUND');
  const query = db.select().from(memberExits).where(eq(memberExits.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('EXIT_NOT_FOUND');
  return row;
}

/** The member's live exit (notice to paid), if any. */
export async function liveExitOf(db: Db, userId: string): Promise<ExitRow | null> {
  const [row] = await db
    .select()
    .from(memberExits)
    .where(sql`${memberExits.userId} = ${userId} and ${memberExits.status} in ${LIVE_EXIT_STATUSES}`);
  return row ?? null;
}
