import { AppError, calendarDate, MESSAGES, type ExitStatement, type ShortfallChoice } from '@kobo/core';
import type { ExitDeps } from './exits.routes.ts';
import { readExitRow } from './exit-store.ts';
import { workOutStatement } from './work-out-statement.ts';

/** POST /api/exits/:id/preview: the statement on a settlement date, worked out from the books as they stand; nothing is saved. */
export async function previewExit(deps: ExitDeps, id: string, input: { settlementDate: string; shortfallChoice?: ShortfallChoice | null | undefined }): Promise<ExitStatement> {
  const row = await readExitRow(deps.db, id);
  const today = calendarDate(deps.now(), deps.timeZone);
  const worked = await workOutStatement(deps.db, row, { settlementDate: input.settlementDate, shortfallChoice: input.shortfallChoice ?? null }, { today });
  return worked.statement;
}

/**
 * The statement a workbook shows: the frozen one from approval on (whatever the query says), else
 * the preview on the query's date. Answers the exit's number and holder for the file's name.
 */
export async function statementForWorkbook(
  deps: ExitDeps,
  id: string,
  query: { settlementDate?: string | undefined; shortfallChoice?: ShortfallChoice | null | undefined },
): Promise<{ seq: number; holderName: string; statement: ExitStatement }> {
  const row = await readExitRow(deps.db, id);
  if (row.statement && row.status !== 'notice') return { seq: row.seq, holderName: row.holderName, statement: row.statement as ExitStatement };
  if (!query.settlementDate) throw new AppError('VALIDATION', { message: MESSAGES.exitSettlementDateInvalid, field: 'settlementDate' });
  return { seq: row.seq, holderName: row.holderName, statement: await previewExit(deps, id, { settlementDate: query.settlementDate, shortfallChoice: query.shortfallChoice }) };
}
