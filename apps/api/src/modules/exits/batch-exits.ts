import { sql } from 'drizzle-orm';
import { AppError, calendarDate, isUuid, type ExitBatchPreview, type ExitBatchSettled, type ExitStatement, type IsoDate } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { memberExits } from '../../db/schema.ts';
import type { ExitDeps } from './exits.routes.ts';
import type { ExitRow } from './exit-store.ts';
import { settleLocked } from './settle-exit.ts';
import { workOutStatements } from './work-out-statement.ts';

/** The exits named, in the order named (locked FOR UPDATE in id order with `lock`); EXIT_NOT_FOUND when any is not. */
async function readExitRows(db: Database | Transaction, exitIds: readonly string[], lock = false): Promise<ExitRow[]> {
  const ids = [...new Set(exitIds)];
  if (!ids.every(isUuid)) throw new AppError('EXIT_NOT_FOUND');
  const query = db
    .select()
    .from(memberExits)
    .where(sql`${memberExits.id} in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`)
    .orderBy(memberExits.id);
  const rows = lock ? await query.for('update') : await query;
  if (rows.length !== ids.length) throw new AppError('EXIT_NOT_FOUND');
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id) as ExitRow);
}

/** POST /api/exits/batch/preview (issue 32, "Speed and safety"): every exit's statement on one day, read set-based; nothing saved. */
export async function previewBatch(deps: ExitDeps, input: { exitIds: string[]; settlementDate: IsoDate }): Promise<ExitBatchPreview> {
  const rows = await readExitRows(deps.db, input.exitIds);
  const today = calendarDate(deps.now(), deps.timeZone);
  const worked = await workOutStatements(
    deps.db,
    rows.map((row) => ({ exit: row, settlementDate: input.settlementDate, shortfallChoice: null })),
    { today },
  );
  const items = rows.map((row) => ({ exitId: row.id, holderName: row.holderName, statement: (worked.get(row.id) as { statement: ExitStatement }).statement }));
  return {
    items,
    payableKobo: items.reduce((sum, item) => sum + item.statement.payableKobo, 0) as ExitBatchPreview['payableKobo'],
    shortfallKobo: items.reduce((sum, item) => sum + item.statement.shortfallKobo, 0) as ExitBatchPreview['shortfallKobo'],
  };
}

/** POST /api/exits/batch/settle: approved exits settled in ONE transaction, one entry each, all or nothing (settle-exit.ts's rules for each). */
export async function settleBatch(deps: ExitDeps, actor: Actor, exitIds: string[]): Promise<ExitBatchSettled> {
  return deps.db.transaction(async (tx) => {
    const rows = await readExitRows(tx, exitIds, true);
    const settled = await settleLocked(tx, deps, actor, rows);
    return {
      settledCount: settled.length,
      payableKobo: settled.reduce((sum, row) => sum + (row.statement as ExitStatement).payableKobo, 0) as ExitBatchSettled['payableKobo'],
    };
  });
}
