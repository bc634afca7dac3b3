import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { asKobo, batchAlreadyPostedMessage, type BatchView, type EarlierBatch } from '@kobo/core';
import type { Database, Transaction } from '../../db/client.ts';
import { savingsBatches } from '../../db/schema.ts';

type BatchRow = typeof savingsBatches.$inferSelect;

export function toBatchView(row: BatchRow): BatchView {
  return {
    id: row.id,
    number: row.seq,
    month: row.month,
    valueDate: row.valueDate,
    description: row.description,
    fileName: row.fileName,
    rowCount: row.rowCount,
    depositKobo: asKobo(row.depositKobo),
    withdrawalKobo: asKobo(row.withdrawalKobo),
    loanRepaymentKobo: asKobo(row.loanRepaymentKobo),
    repeatReason: row.repeatReason,
    postedAt: row.postedAt.toISOString(),
    postedByName: row.postedByName,
    postedByEmail: row.postedByEmail,
    status: row.reversedAt ? 'reversed' : 'posted',
    reversedAt: row.reversedAt?.toISOString() ?? null,
    reversedByName: row.reversedByName,
    reversalReason: row.reversalReason,
  };
}

/**
 * The batch that makes this one a repeat (issue 11 "never twice"): the newest batch, not reversed,
 * for the same month or from a file with the same bytes. A reversed batch no longer counts.
 */
export async function findEarlierBatch(
  db: Database | Transaction,
  month: string,
  fileHash: string | null,
  timeZone: string,
): Promise<EarlierBatch | null> {
  const sameRun = fileHash ? or(eq(savingsBatches.month, month), eq(savingsBatches.fileHash, fileHash)) : eq(savingsBatches.month, month);
  const [row] = await db
    .select()
    .from(savingsBatches)
    .where(and(sameRun, eq(savingsBatches.kind, 'payroll'), isNull(savingsBatches.reversedAt)))
    .orderBy(desc(savingsBatches.seq))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    postedAt: row.postedAt.toISOString(),
    postedByName: row.postedByName,
    month: row.month,
    message: batchAlreadyPostedMessage(row.postedAt, row.postedByName, timeZone),
  };
}
