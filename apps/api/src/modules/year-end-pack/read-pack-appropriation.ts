import { desc, eq } from 'drizzle-orm';
import { asKobo, type PackAppropriation, type YearEndLine } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { yearEndRuns } from '../../db/schema.ts';
import { partTotals, readFrozenLines, toRunView } from '../year-end/run-store.ts';

export type PackRunPart = { appropriation: PackAppropriation | null; appropriationMissing: string | null; schedule: YearEndLine[] };

/**
 * The appropriation the AGM reads: the year's posted run, else its newest approved one, with that
 * run's frozen lines (decision 049: the pack reads the frozen lines). A draft is not shown: it can
 * still change, so the sentence says what is missing instead.
 */
export async function readPackAppropriation(db: Database, year: number): Promise<PackRunPart> {
  const runs = await db
    .select()
    .from(yearEndRuns)
    .where(eq(yearEndRuns.year, year))
    .orderBy(desc(yearEndRuns.createdAt));
  const chosen = runs.find((run) => run.status === 'posted') ?? runs.find((run) => run.status === 'approved');
  if (!chosen) return { appropriation: null, appropriationMissing: missingSentence(year, runs.map((run) => run.status)), schedule: [] };
  const run = toRunView(chosen);
  const schedule = await readFrozenLines(db, chosen.id);
  const parts = partTotals(run, schedule);
  const sum = (pick: (part: (typeof parts)[number]) => number) => parts.reduce((total, part) => total + pick(part), 0);
  return {
    appropriation: {
      source: chosen.status === 'posted' ? 'posted' : 'approved',
      run,
      parts,
      totals: {
        appropriatedKobo: asKobo(sum((part) => part.appropriatedKobo)),
        grossKobo: asKobo(sum((part) => part.grossKobo)),
        taxKobo: asKobo(sum((part) => part.taxKobo)),
        netKobo: asKobo(sum((part) => part.netKobo)),
        roundingKobo: sum((part) => part.roundingKobo),
      },
    },
    appropriationMissing: null,
    schedule,
  };
}

function missingSentence(year: number, statuses: readonly string[]): string {
  if (statuses.includes('draft')) return `The ${year} year-end proposal has not been approved yet, so there is no appropriation to present.`;
  if (statuses.includes('reversed')) return `The ${year} year-end run was reversed and no run has been approved since.`;
  return `No year-end run has been proposed for ${year} yet.`;
}
