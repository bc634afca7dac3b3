import { expectStatus, UnexpectedAnswer, type Commit } from './operations.ts';
import { nairaText } from './savings-model.ts';
import { INVARIANTS } from './simulation-failure.ts';
import type { World } from './world.ts';

/** A member's deduction in the run's loan column, and how Kobo should split it over their running loans. */
export type RunRepayment = { kobo: number; parts: { loanId: string; kobo: number }[] };

/**
 * The monthly run's loan column, decided when the run is prepared: most borrowers' deductions
 * pay what is due (the instalments, arrears and fee), some are missed (arrears), a few pay more
 * (the next instalments in advance), never past the payoff. A member with two running loans (an
 * older one running again after its payoff was reversed) has one deduction, which pays their
 * loans oldest first, each up to its payoff.
 */
export function planRunRepayments(world: World): Map<string, RunRepayment> {
  const { random, model } = world.loans;
  const today = world.clock.isoDay();
  const planned = new Map<string, RunRepayment>();
  for (const member of world.members) {
    const running = model.all().filter((loan) => loan.status === 'active' && loan.borrower === member.userId);
    if (running.length === 0) continue;
    const roll = random.next();
    const due = running.reduce((sum, loan) => sum + model.dueOn(loan, today), 0);
    const payoff = running.reduce((sum, loan) => sum + model.payoff(loan), 0);
    if (roll < 0.12 || due === 0) {
      if (due > 0) world.tally.loans.missedRepayments += 1;
      continue;
    }
    const extra = random.int(1, 20_000) * 100;
    const kobo = roll < 0.2 && !running.some((loan) => model.topUpOf(loan.id)) ? Math.min(payoff, due + extra) : due;
    planned.set(member.userId, splitOverRunning(world, member.userId, kobo));
  }
  return planned;
}

/** A borrower's running loans, oldest first, and what is due on them today: the advice's loan column (the fee, instalments due by the month's end, arrears). */
export function loanDueOf(world: World, userId: string): number {
  const { model } = world.loans;
  const today = world.clock.isoDay();
  return model.all().filter((loan) => loan.status === 'active' && loan.borrower === userId).reduce((sum, loan) => sum + model.dueOn(loan, today), 0);
}

/** One deduction over a borrower's running loans, oldest first, each up to its payoff: how Kobo splits a run's or a remittance's loan money. */
export function splitOverRunning(world: World, userId: string, kobo: number): RunRepayment {
  const { model } = world.loans;
  let left = kobo;
  const parts: RunRepayment['parts'] = [];
  for (const loan of model.all().filter((candidate) => candidate.status === 'active' && candidate.borrower === userId)) {
    const part = Math.min(left, model.payoff(loan));
    if (part > 0) parts.push({ loanId: loan.id, kobo: part });
    left -= part;
  }
  return { kobo, parts };
}

/**
 * After the run (or a payroll remittance) posted: each repayment's entry, read from its loan (the
 * batch names it), to be recorded once the wave ends; `source` says which counts them.
 */
export async function recordRunRepayments(world: World, batchId: string, planned: Map<string, RunRepayment>, source: 'run' | 'remittance' = 'run'): Promise<Commit> {
  const found: { loanId: string; entryId: string; kobo: number }[] = [];
  for (const { loanId, kobo } of [...planned.values()].flatMap((repayment) => repayment.parts)) {
    const answer = await world.officer.get(`/api/loans/${loanId}`);
    expectStatus(answer, 200, `reading loan ${loanId} after the run`);
    const entries = (answer.json as { loan: { ledger: { entries: { id: string; batchId: string | null; reversesId: string | null; amountKobo: number }[] } | null } }).loan.ledger?.entries ?? [];
    const entry = entries.filter((candidate) => candidate.batchId === batchId && candidate.reversesId === null);
    if (entry.length !== 1 || entry[0]?.amountKobo !== kobo) {
      throw new UnexpectedAnswer(INVARIANTS.expectedAnswer, `the ${source} ${batchId} wrote ${entry.length} repayments on loan ${loanId} (${entry.map((each) => each.amountKobo).join(', ')}); the model sent one of ${kobo}`);
    }
    found.push({ loanId, entryId: (entry[0] as { id: string }).id, kobo });
  }
  return () => {
    for (const { loanId, entryId, kobo } of found) world.loans.model.repay(loanId, entryId, kobo, `${world.clock.month()} ${source} repayment ${nairaText(kobo)}`);
    if (source === 'run') world.tally.loans.runRepayments += found.length;
    else world.tally.loans.remittanceRepayments += found.length;
  };
}
