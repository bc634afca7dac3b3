import { asc, eq } from 'drizzle-orm';
import { calendarDate, type YearEndYear } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { yearEndCloses, yearEndRuns } from '../../db/schema.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { readYearEndSettings, yearOf } from './year-end-settings.ts';

type CloseRow = typeof yearEndCloses.$inferSelect;
type RunSummary = { id: string; year: number; status: YearEndYear['runs'][number]['status']; createdAt: Date };

function toYear(year: number, firstMonth: number, close: CloseRow | undefined, runs: readonly RunSummary[]): YearEndYear {
  const dates = close ? { from: close.fromDate, to: close.toDate } : yearOf(year, firstMonth);
  return {
    year,
    ...dates,
    state: close ? 'closed' : 'open',
    closedAt: close ? close.closedAt.toISOString() : null,
    closedByName: close?.closedByName ?? null,
    closeEntryId: close?.entryId ?? null,
    closedSurplusKobo: close ? close.surplusKobo : null,
    runs: runs.filter((run) => run.year === year).map((run) => ({ id: run.id, status: run.status, createdAt: run.createdAt.toISOString() })),
  };
}

/** The year this one (today) falls in, named by the calendar year it starts in. */
function currentYear(today: string, firstMonth: number): number {
  const calendarYear = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) >= firstMonth ? calendarYear : calendarYear - 1;
}

/** GET /api/year-end/years: the current year, the one before, and every year with a run or a close, newest first. */
export async function listYears(deps: SavingsDeps): Promise<{ years: YearEndYear[] }> {
  const { firstMonth } = await readYearEndSettings(deps.db);
  const closes = await deps.db.select().from(yearEndCloses);
  const runs = await deps.db.select({ id: yearEndRuns.id, year: yearEndRuns.year, status: yearEndRuns.status, createdAt: yearEndRuns.createdAt }).from(yearEndRuns).orderBy(asc(yearEndRuns.createdAt));
  const now = currentYear(calendarDate(deps.now(), deps.timeZone), firstMonth);
  const years = [...new Set([now, now - 1, ...closes.map((close) => close.year), ...runs.map((run) => run.year)])].toSorted((a, b) => b - a);
  return { years: years.map((year) => toYear(year, firstMonth, closes.find((close) => close.year === year), runs)) };
}

export async function readYear(db: Database, year: number): Promise<YearEndYear> {
  const { firstMonth } = await readYearEndSettings(db);
  const [close] = await db.select().from(yearEndCloses).where(eq(yearEndCloses.year, year));
  const runs = await db.select({ id: yearEndRuns.id, year: yearEndRuns.year, status: yearEndRuns.status, createdAt: yearEndRuns.createdAt }).from(yearEndRuns).where(eq(yearEndRuns.year, year)).orderBy(asc(yearEndRuns.createdAt));
  return toYear(year, firstMonth, close, runs);
}
