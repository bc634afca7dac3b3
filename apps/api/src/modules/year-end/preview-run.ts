import { asKobo, type YearEndPreview } from '@kobo/core';
import type { BookDeps } from '../books/book-views.ts';
import { partTotals, proposalOf, readFrozenLines, readRunRow, toRunView } from './run-store.ts';
import { workOutRun } from './work-out-run.ts';

/**
 * Every member's line and each part's totals (issue 31, "The run" 4). A draft is worked out from
 * the books as they stand; an approved (or posted, or reversed) run answers its frozen lines.
 */
export async function previewRun(deps: BookDeps, id: string): Promise<YearEndPreview> {
  const row = await readRunRow(deps.db, id);
  const run = toRunView(row);
  const isFrozen = row.status !== 'draft';
  const worked = isFrozen ? { figures: run, lines: await readFrozenLines(deps.db, id) } : await workOutRun(deps, proposalOf(row));
  const parts = partTotals(worked.figures, worked.lines);
  const sum = (pick: (part: (typeof parts)[number]) => number) => parts.reduce((total, part) => total + pick(part), 0);
  return {
    run: { ...run, ...worked.figures },
    lines: worked.lines,
    parts,
    totals: {
      appropriatedKobo: asKobo(sum((part) => part.appropriatedKobo)),
      grossKobo: asKobo(sum((part) => part.grossKobo)),
      taxKobo: asKobo(sum((part) => part.taxKobo)),
      netKobo: asKobo(sum((part) => part.netKobo)),
      roundingKobo: sum((part) => part.roundingKobo),
    },
    isFrozen,
  };
}
