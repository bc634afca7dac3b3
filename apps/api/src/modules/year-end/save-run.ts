import { eq } from 'drizzle-orm';
import { AppError, type YearEndAppropriation, type YearEndRun, type YearEndRunInput } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { yearEndRuns } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { assertYearOpen, readRunRow, toRunView } from './run-store.ts';
import { refuseProblems, workOutRun } from './work-out-run.ts';

/** POST /api/year-end/appropriation: the proposal worked out, nothing saved (the form's figures as rates are typed). */
export async function checkAppropriation(deps: SavingsDeps, input: YearEndRunInput): Promise<YearEndAppropriation> {
  return (await workOutRun(deps, input)).figures;
}

/** A new draft run for an open year; a proposal with a problem is refused beside its field. */
export async function createRun(deps: SavingsDeps, actor: Actor, input: YearEndRunInput): Promise<YearEndRun> {
  return deps.db.transaction(async (tx) => {
    await assertYearOpen(tx, input.year);
    const { figures } = await workOutRun(deps, input, tx);
    refuseProblems(figures);
    const at = deps.now();
    const [row] = await tx
      .insert(yearEndRuns)
      .values({ year: input.year, fromDate: figures.from, toDate: figures.to, proposal: input, figures, createdById: actor.id, createdByName: actor.name, createdAt: at, updatedAt: at })
      .returning();
    if (!row) throw new Error('the run was not written');
    await recordAudit(tx, { kind: 'yearend.run_saved', actor, target: { type: 'year_end_run', id: row.id, label: `Year end ${input.year}` }, after: { ...input }, at });
    return toRunView(row);
  });
}

/** A draft's proposal changed; an approved run is never edited (recalculating is a new run). */
export async function updateRun(deps: SavingsDeps, actor: Actor, id: string, input: YearEndRunInput): Promise<YearEndRun> {
  return deps.db.transaction(async (tx) => {
    const before = await readRunRow(tx, id, true);
    if (before.status !== 'draft') throw new AppError('YEAR_END_RUN_NOT_DRAFT');
    await assertYearOpen(tx, input.year);
    const { figures } = await workOutRun(deps, input, tx);
    refuseProblems(figures);
    const at = deps.now();
    const [row] = await tx
      .update(yearEndRuns)
      .set({ year: input.year, fromDate: figures.from, toDate: figures.to, proposal: input, figures, updatedAt: at })
      .where(eq(yearEndRuns.id, id))
      .returning();
    if (!row) throw new AppError('YEAR_END_RUN_NOT_FOUND');
    await recordAudit(tx, { kind: 'yearend.run_saved', actor, target: { type: 'year_end_run', id, label: `Year end ${input.year}` }, before: { ...(before.proposal as YearEndRunInput) }, after: { ...input }, at });
    return toRunView(row);
  });
}
