import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError, asKobo, isUuid, type YearEndAppropriation, type YearEndLine, type YearEndPartTotal, type YearEndRun, type YearEndRunInput } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { yearEndCloses, yearEndRuns } from '../../db/schema.ts';

export type RunRow = typeof yearEndRuns.$inferSelect;

function iso(at: Date | null): string | null {
  return at ? at.toISOString() : null;
}

/** A run as the API answers it: its worked figures and who did what when. */
export function toRunView(row: RunRow): YearEndRun {
  return {
    ...(row.figures as YearEndAppropriation),
    id: row.id,
    status: row.status,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    approvedByName: row.approvedByName,
    approvedAt: iso(row.approvedAt),
    postedByName: row.postedByName,
    postedAt: iso(row.postedAt),
    batchId: row.batchId,
    reversedByName: row.reversedByName,
    reversedAt: iso(row.reversedAt),
    reversalReason: row.reversalReason,
  };
}

/** The run, locked for the caller's transaction when `lock`; a malformed id is simply not found. */
export async function readRunRow(db: Database | Transaction, id: string, lock = false): Promise<RunRow> {
  if (!isUuid(id)) throw new AppError('YEAR_END_RUN_NOT_FOUND');
  const query = db.select().from(yearEndRuns).where(eq(yearEndRuns.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('YEAR_END_RUN_NOT_FOUND');
  return row;
}

export function proposalOf(row: RunRow): YearEndRunInput {
  return row.proposal as YearEndRunInput;
}

export async function listRuns(db: Database): Promise<{ runs: YearEndRun[] }> {
  const rows = await db.select().from(yearEndRuns).orderBy(desc(yearEndRuns.year), desc(yearEndRuns.createdAt));
  return { runs: rows.map(toRunView) };
}

export async function readRun(db: Database, id: string): Promise<YearEndRun> {
  return toRunView(await readRunRow(db, id));
}

/** A closed year's changes are refused: its months are locked and its books final. */
export async function assertYearOpen(db: Database | Transaction, year: number): Promise<void> {
  const [closed] = await db.select({ year: yearEndCloses.year }).from(yearEndCloses).where(eq(yearEndCloses.year, year));
  if (closed) throw new AppError('YEAR_END_YEAR_CLOSED');
}

/** Whether another run of the year is posted (the unique index is the last guard; this gives the sentence first). */
export async function isYearPosted(db: Database | Transaction, year: number): Promise<boolean> {
  const [posted] = await db.select({ id: yearEndRuns.id }).from(yearEndRuns).where(and(eq(yearEndRuns.year, year), eq(yearEndRuns.status, 'posted')));
  return posted !== undefined;
}

type LineRow = {
  user_id: string; name: string; staff_id: string | null; part: string; label: string; method: YearEndLine['method']; rate_bp: number;
  basis_kobo: string | number; gross_kobo: string | number; tax_kobo: string | number; net_kobo: string | number; account_id: string; to_product_name: string;
};

/** An approved run's frozen lines, in line order. */
export async function readFrozenLines(db: Database | Transaction, runId: string): Promise<YearEndLine[]> {
  const rows = await queryRows<LineRow>(db, sql`select * from year_end_lines where run_id = ${runId} order by line_no`);
  return rows.map((row) => ({
    userId: row.user_id,
    name: row.name,
    staffId: row.staff_id,
    part: row.part,
    label: row.label,
    method: row.method,
    rateBp: row.rate_bp,
    basisKobo: asKobo(Number(row.basis_kobo)),
    grossKobo: asKobo(Number(row.gross_kobo)),
    taxKobo: asKobo(Number(row.tax_kobo)),
    netKobo: asKobo(Number(row.net_kobo)),
    accountId: row.account_id,
    toProductName: row.to_product_name,
  }));
}

/** Each part's totals beside the amount voted: Σ net + tax + rounding = appropriated, to the kobo. */
export function partTotals(figures: YearEndAppropriation, lines: readonly YearEndLine[]): YearEndPartTotal[] {
  const parts = [
    { part: 'dividend', label: 'Dividend on shares', appropriatedKobo: figures.dividend.amountKobo },
    ...figures.interest.map((item) => ({ part: `interest:${item.productId}`, label: `Interest on ${item.productName}`, appropriatedKobo: item.amountKobo })),
  ];
  return parts.map((part) => {
    const own = lines.filter((line) => line.part === part.part);
    const sum = (pick: (line: YearEndLine) => number) => own.reduce((total, line) => total + pick(line), 0);
    const grossKobo = sum((line) => line.grossKobo);
    return {
      ...part,
      memberCount: own.length,
      grossKobo: asKobo(grossKobo),
      taxKobo: asKobo(sum((line) => line.taxKobo)),
      netKobo: asKobo(sum((line) => line.netKobo)),
      roundingKobo: part.appropriatedKobo - grossKobo,
    };
  });
}
