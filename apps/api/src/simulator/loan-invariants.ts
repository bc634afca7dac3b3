import { sql } from 'drizzle-orm';
import type { SimulationTarget } from './simulation.ts';
import { queryRows } from '../db/client.ts';
import type { Breach } from './invariants.ts';
import type { ModelLoan } from './loan-model.ts';
import { pendingHeld } from './withdrawal-approvals.ts';
import type { World } from './world.ts';

/** The loans' invariants by name: the failure messages and the tests use these exact words. */
export const LOAN_INVARIANTS = {
  loanViews: 'each loan as the officer and the member see it agrees with the loan model',
  liens: 'the liens agree with the loan model and no available balance is below zero',
  loansControl: 'the loans control account equals the loans outstanding',
  loanEntries: 'each repayment posted once',
  recoveries: "each loan's recoveries and the borrowers' debts to guarantors agree with the recovery model",
} as const;

type LedgerView = {
  outstandingPrincipalKobo: number;
  feeOutstandingKobo: number;
  outstandingTotalKobo: number;
  arrears: { amountOverdue: number; instalmentsOverdue: number; daysInArrears: number };
};
type LoanView = { id: string; status: string; ledger: LedgerView | null };
type Holder = { userId: string; name: string; balanceKobo: number; heldKobo: number; availableKobo: number };

/**
 * The loans' checks at each month's end: every loan the model knows, read by the officer and by
 * its borrower signed in as themselves, agrees with the model to the kobo (status, principal, fee,
 * payoff, arrears); what each member's savings are held for agrees with the model's liens and no
 * available balance is below zero; "Loans to members" in the trial balance is the principal and
 * fee the running loans owe; and the loan ledger holds exactly the rows the model expects.
 */
export async function checkLoanInvariants(app: SimulationTarget, world: World): Promise<Breach[]> {
  const breaches: Breach[] = [];
  const { model } = world.loans;
  const today = world.clock.isoDay();
  const expected = (loan: ModelLoan) => {
    const arrears = model.arrears(loan, today);
    return {
      status: loan.status,
      ...(loan.instalments.length === 0
        ? {}
        : {
            outstandingPrincipalKobo: model.outstandingPrincipal(loan),
            feeOutstandingKobo: loan.feeOutstanding,
            // Penalties owed included, as the payoff quote's (decision 053); checkPenalties reads them charge by charge.
            outstandingTotalKobo: model.payoff(loan),
            // A written-off loan still shows what was overdue when it closed, and for how long.
            amountOverdue: arrears.amountOverdue,
            instalmentsOverdue: arrears.instalmentsOverdue,
            daysInArrears: arrears.daysInArrears,
          }),
    };
  };
  const seen = (view: LoanView) => ({
    status: view.status,
    ...(view.ledger
      ? {
          outstandingPrincipalKobo: view.ledger.outstandingPrincipalKobo,
          feeOutstandingKobo: view.ledger.feeOutstandingKobo,
          outstandingTotalKobo: view.ledger.outstandingTotalKobo,
          amountOverdue: view.ledger.arrears.amountOverdue,
          instalmentsOverdue: view.ledger.arrears.instalmentsOverdue,
          daysInArrears: view.ledger.arrears.daysInArrears,
        }
      : {}),
  });
  const disagreements: string[] = [];
  const compare = (who: string, loan: ModelLoan, view: LoanView | undefined) => {
    const want = JSON.stringify(expected(loan));
    const got = view ? JSON.stringify(seen(view)) : 'absent';
    if (want !== got) disagreements.push(`loan ${loan.id} as ${who} sees it: model ${want}, Kobo ${got}`);
  };
  // The officers' list (the newest 200); a running loan older than that is read on its own.
  const listed = await world.officer.get('/api/loans');
  const officerViews = new Map((listed.status === 200 ? (listed.json as { loans: LoanView[] }).loans : []).map((view) => [view.id, view]));
  for (const loan of model.all()) {
    let view = officerViews.get(loan.id);
    if (!view && officerViews.size >= 200 && loan.status !== 'active') continue;
    if (!view) {
      const answer = await world.officer.get(`/api/loans/${loan.id}`);
      view = answer.status === 200 ? (answer.json as { loan: LoanView }).loan : undefined;
    }
    compare('the officer', loan, view);
  }
  for (const member of world.members) {
    // Closed loans change no more; the officer's list above still reads every one of them.
    const own = model.all().filter((loan) => loan.borrower === member.userId && !['rejected', 'repaid', 'written_off'].includes(loan.status));
    if (own.length === 0) continue;
    const answer = await member.caller.get('/api/loans/mine');
    const views = answer.status === 200 ? (answer.json as { loans: LoanView[] }).loans : [];
    for (const loan of own) compare(`${member.name}`, loan, views.find((view) => view.id === loan.id));
  }
  if (disagreements.length > 0) breaches.push({ invariant: LOAN_INVARIANTS.loanViews, detail: disagreements.slice(0, 5).join('\n') });

  // Held as the model says; available is what is left, never below zero. (A reversal may leave a
  // balance below what is held, decision 019: a correction does not consult the holds.)
  const holderList = await world.officer.get('/api/savings/holders');
  const holders = holderList.status === 200 ? (holderList.json as { holders: Holder[] }).holders : [];
  const wrongLiens: string[] = [];
  for (const member of world.members) {
    const holder = holders.find((candidate) => candidate.userId === member.userId);
    // Pending withdrawals hold too (withdrawal-approvals.ts checks their part on its own).
    const lien = model.lien(member.userId) + pendingHeld(world, member.userId);
    // From Kobo's own balance: a balance that is wrong is the savings model's check to name.
    const available = Math.max(0, (holder?.balanceKobo ?? 0) - lien);
    if (!holder || holder.heldKobo !== lien || holder.availableKobo !== available || holder.availableKobo < 0) {
      wrongLiens.push(`${member.name}: model held ${lien}, available ${available}; Kobo ${holder ? `held ${holder.heldKobo}, available ${holder.availableKobo}` : 'absent'}`);
    }
  }
  if (wrongLiens.length > 0) breaches.push({ invariant: LOAN_INVARIANTS.liens, detail: wrongLiens.slice(0, 5).join('; ') });

  const trial = await world.officer.get('/api/books/trial-balance');
  const rows = trial.status === 200 ? (trial.json as { rows: { name: string; debitKobo: number; creditKobo: number }[] }).rows : [];
  const control = rows.filter((row) => row.name === 'Loans to members').reduce((sum, row) => sum + row.debitKobo - row.creditKobo, 0);
  if (control !== model.loansReceivable()) {
    breaches.push({ invariant: LOAN_INVARIANTS.loansControl, detail: `"Loans to members" in the trial balance holds ${control}; the model's running loans owe ${model.loansReceivable()} of principal and fee` });
  }

  const [count] = await queryRows<{ rows: number }>(app.kobo.database.db, sql`select count(*)::int as rows from loan_transactions`);
  if (count?.rows !== model.expectedEntries()) {
    breaches.push({ invariant: LOAN_INVARIANTS.loanEntries, detail: `Kobo's loan ledger holds ${count?.rows} entries; the model expects ${model.expectedEntries()}` });
  }
  return [...breaches, ...(await checkRecoveries(world))];
}

type ClaimView = { loanId: string; amountKobo: number; repaidKobo: number; owedKobo: number };

/**
 * Recoveries at each month's end (decision 055): every loan the model proposed a recovery on shows
 * Kobo's recoveries as the model's (status, overdue amount, each share), and its claims; each
 * borrower's and guarantor's own page shows the debts still owed, as the model has them. Each
 * guarantor's savings, held and available figures are the checks above (the savings model and
 * the liens, where the guarantee is lowered by the share).
 */
async function checkRecoveries(world: World): Promise<Breach[]> {
  const { recoveries } = world.loans.model;
  const wrong: string[] = [];
  for (const loanId of recoveries.loansRecovered()) {
    const answer = await world.officer.get(`/api/loans/${loanId}/recovery`);
    const json = answer.status === 200 ? (answer.json as { recoveries: { status: string; overdueKobo: number; shares: { userId: string; amountKobo: number }[] }[]; claims: ClaimView[] }) : null;
    const seen = json
      ? JSON.stringify([json.recoveries.map((recovery) => [recovery.status, recovery.overdueKobo, recovery.shares.map((share) => [share.userId, share.amountKobo])]), json.claims.map((claim) => [claim.amountKobo, claim.repaidKobo])])
      : `answered ${answer.status}`;
    const claims = recoveries.claims().filter((claim) => claim.loanId === loanId);
    const want = JSON.stringify([
      recoveries.recoveriesOf(loanId).map((recovery) => [recovery.status, recovery.overdueKobo, recovery.shares.map((share) => [share.userId, share.amountKobo])]),
      claims.map((claim) => [claim.amountKobo, claim.repaidKobo]),
    ]);
    if (seen !== want) wrong.push(`loan ${loanId}'s recoveries and claims: model ${want}, Kobo ${seen}`);
  }
  const owing = recoveries.claims().filter((claim) => claim.repaidKobo < claim.amountKobo);
  for (const member of world.members.filter((candidate) => owing.some((claim) => claim.borrower === candidate.userId || claim.guarantor === candidate.userId))) {
    const answer = await member.caller.get('/api/account/guarantor-claims');
    const json = answer.status === 200 ? (answer.json as { owedByMe: ClaimView[]; owedToMe: ClaimView[] }) : null;
    // Sorted: two claims made the same simulated instant are listed by amount and id, which the model does not know.
    const pick = (list: ClaimView[]) => list.map((claim) => `${claim.loanId}:${claim.owedKobo}`).toSorted();
    const seen = json ? JSON.stringify([pick(json.owedByMe), pick(json.owedToMe)]) : `answered ${answer.status}`;
    const mine = (side: 'borrower' | 'guarantor') => owing.filter((claim) => claim[side] === member.userId).map((claim) => `${claim.loanId}:${claim.amountKobo - claim.repaidKobo}`).toSorted();
    const want = JSON.stringify([mine('borrower'), mine('guarantor')]);
    if (seen !== want) wrong.push(`${member.name}'s debts and credits: model ${want}, Kobo ${seen}`);
  }
  return wrong.length > 0 ? [{ invariant: LOAN_INVARIANTS.recoveries, detail: wrong.slice(0, 5).join('\n') }] : [];
}
