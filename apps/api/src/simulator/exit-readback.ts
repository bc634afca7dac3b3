import { runningLoansOf, type ModelStatement } from './exit-loans.ts';
import { expectStatus } from './operations.ts';
import { nairaText } from './savings-model.ts';
import { pendingHeld } from './withdrawal-approvals.ts';
import type { Member, World } from './world.ts';

/**
 * What an exit with loans left behind, read back after settling (exits.ts, decision 065's
 * addendum): the leaver's and each guarantor's rows on their accounts, each loan paid off, the
 * guarantors' balances and holds. Each answers the ids the model records.
 */

type AccountRow = { id: string; type: string; amountKobo: number; valueDate: string; description: string | null };

/** A member's rows on `day` with a description, as the officer's account view shows them. */
export async function rowsOn(world: World, userId: string, day: string, description: string): Promise<AccountRow[]> {
  const detail = await world.officer.get(`/api/savings/accounts/${userId}?period=week`);
  expectStatus(detail, 200, `reading the account of ${userId} after an exit`);
  return (detail.json as { transactions: AccountRow[] }).transactions.filter((row) => row.description === description && row.valueDate === day);
}

/** Each guarantor's recovery: one withdrawal today on their account, of their part; its id for the model. */
export async function readRecoveries(world: World, member: Member, expected: ModelStatement, today: string, fail: (detail: string) => Error): Promise<string[]> {
  const ids: string[] = [];
  for (const recovery of expected.recoveries) {
    const rows = (await rowsOn(world, recovery.userId, today, `Recovery for ${member.name}'s loan`)).filter((row) => !ids.includes(row.id));
    const row = rows.find((candidate) => candidate.type === 'withdrawal' && candidate.amountKobo === recovery.amountKobo);
    if (!row) throw fail(`no recovery of ${nairaText(recovery.amountKobo)} from guarantor ${recovery.userId}: their rows today ${JSON.stringify(rows)}`);
    ids.push(row.id);
  }
  return ids;
}

type LoanEntry = { id: string; type: string; amountKobo: number; valueDate: string };

/** Each loan the exit paid off: repaid, nothing outstanding, its newest entry the payoff of the model's amount today. */
export async function readPayoffs(world: World, expected: ModelStatement, today: string, fail: (detail: string) => Error): Promise<string[]> {
  const ids: string[] = [];
  for (const line of expected.loans) {
    const answer = await world.officer.get(`/api/loans/${line.loanId}`);
    expectStatus(answer, 200, `reading loan ${line.loanId} after the exit`);
    const view = (answer.json as { loan: { status: string; ledger: { outstandingTotalKobo: number; entries: LoanEntry[] } | null } }).loan;
    const newest = view.ledger?.entries.at(-1);
    if (view.status !== 'repaid' || view.ledger?.outstandingTotalKobo !== 0 || !newest || newest.amountKobo !== line.payoffKobo || newest.valueDate !== today) {
      throw fail(`loan ${line.loanId} after the exit: ${view.status}, outstanding ${view.ledger?.outstandingTotalKobo}, newest entry ${JSON.stringify(newest)}; the model pays it off at ${nairaText(line.payoffKobo)} today`);
    }
    ids.push(newest.id);
  }
  return ids;
}

type Holder = { userId: string; balanceKobo: number; heldKobo: number };

/** The guarantors of the leaver's loans: their savings less what was recovered, and no longer held for those loans. */
export async function checkGuarantorsAfter(world: World, member: Member, expected: ModelStatement, fail: (detail: string) => Error): Promise<void> {
  const paidOff = new Set(expected.loans.map((loan) => loan.loanId));
  const guarantors = new Set(runningLoansOf(world, member.userId).filter((loan) => paidOff.has(loan.id)).map((loan) => loan.guarantor));
  if (guarantors.size === 0) return;
  const answer = await world.officer.get('/api/savings/holders');
  expectStatus(answer, 200, 'reading the holders after an exit');
  const holders = (answer.json as { holders: Holder[] }).holders;
  for (const userId of guarantors) {
    const recovered = expected.recoveries.filter((recovery) => recovery.userId === userId).reduce((sum, recovery) => sum + recovery.amountKobo, 0);
    const released = runningLoansOf(world, member.userId).filter((loan) => loan.guarantor === userId && loan.guaranteeStatus === 'accepted').reduce((sum, loan) => sum + loan.guaranteeKobo, 0);
    const want = { balanceKobo: world.model.balance(userId) - recovered, heldKobo: world.loans.model.lien(userId) - released + pendingHeld(world, userId) };
    const holder = holders.find((candidate) => candidate.userId === userId);
    const got = holder ? { balanceKobo: holder.balanceKobo, heldKobo: holder.heldKobo } : null;
    if (JSON.stringify(got) !== JSON.stringify(want)) throw fail(`guarantor ${userId} after the exit: Kobo ${JSON.stringify(got)}, the model ${JSON.stringify(want)}`);
  }
}
