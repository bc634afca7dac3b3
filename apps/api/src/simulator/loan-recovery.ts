import type { Answer } from './http-caller.ts';
import type { ModelLoan } from './loan-model.ts';
import { LOAN_INVARIANTS } from './loan-invariants.ts';
import { recoveryShares, type ModelClaim, type ModelShare } from './loan-recovery-model.ts';
import { expectStatus, UnexpectedAnswer, type Operation } from './operations.ts';
import { nairaText } from './savings-model.ts';
import { INVARIANTS } from './simulation-failure.ts';
import { pendingHeld } from './withdrawal-approvals.ts';
import type { World } from './world.ts';

/**
 * Recovery from guarantors and penalty waivers in the simulated months (issue 35; decisions 055 and
 * 064's addendum): the scheme's default line, each working day's proposals on loans in default (one
 * officer proposes, the other approves or declines; the proposer's own approval refused), a
 * proposal on a loan not yet in default (refused), the borrower's debts to the guarantor recorded
 * as repaid now and then, and an officer waiving a loan's owed penalties. The dice are their own.
 */

/** Days in arrears from which a loan is in default: 30, so simulated loans reach it before most are written off (Kobo's default is 90). */
export const SIM_DEFAULT_DAYS = 30;

type ShareView = { userId: string; guaranteedKobo: number; recoverableKobo: number; proportionalKobo: number; amountKobo: number };
type RecoveryView = { id: string; status: string; overdueKobo: number; amountKobo: number; shares: ShareView[] };

export async function openRecovery(world: World): Promise<void> {
  expectStatus(await world.officer.put('/api/loan-recovery/settings', { defaultDays: SIM_DEFAULT_DAYS }), 200, 'setting the days in arrears before a loan is in default');
}

/** The day's recoveries, claim repayments and waivers, by their own dice. */
export function planRecoveryOperations(world: World): Operation[] {
  const { model, recoveryRandom: random } = world.loans;
  const today = world.clock.isoDay();
  const running = model.all().filter((loan) => loan.status === 'active' && !model.topUpOf(loan.id));
  const operations: Operation[] = [];
  const days = (loan: ModelLoan) => model.arrears(loan, today).daysInArrears;
  const inDefault = running.filter((loan) => days(loan) >= SIM_DEFAULT_DAYS);
  if (inDefault.length > 0 && random.chance(0.4)) operations.push(recovery(world, random.pick(inDefault)));
  const notYet = running.filter((loan) => days(loan) > 0 && days(loan) < SIM_DEFAULT_DAYS);
  if (notYet.length > 0 && random.chance(0.03)) operations.push(earlyProposal(world, random.pick(notYet)));
  const owed = model.recoveries.claims().filter((claim) => claim.repaidKobo < claim.amountKobo);
  if (owed.length > 0 && random.chance(0.08)) operations.push(claimRepayment(world, random.pick(owed)));
  const owing = running.filter((loan) => model.penalties.outstanding(loan.id) > 0);
  if (owing.length > 0 && random.chance(0.03)) operations.push(penaltyWaiver(world, random.pick(owing)));
  return operations;
}

/** What the model says a recovery proposed now would take: the accepted guarantee's share (one guarantor on the simulated product). */
function expectedShares(world: World, loan: ModelLoan): { overdueKobo: number; shares: ModelShare[] } {
  const { model } = world.loans;
  const overdueKobo = model.arrears(loan, world.clock.isoDay()).amountOverdue;
  const guarantors =
    loan.guaranteeStatus === 'accepted'
      ? [{ userId: loan.guarantor, guaranteedKobo: loan.guaranteeKobo, balanceKobo: world.model.balance(loan.guarantor), heldKobo: model.lien(loan.guarantor) + pendingHeld(world, loan.guarantor) }]
      : [];
  return { overdueKobo, shares: recoveryShares(overdueKobo, guarantors) };
}

/** The proposal as Kobo answered it must be the model's: overdue amount, total, and each share with its cap. */
function compareProposal(answer: Answer, want: { overdueKobo: number; shares: ModelShare[] }, what: string): RecoveryView {
  const view = answer.json as RecoveryView;
  const seen = JSON.stringify([view.overdueKobo, view.amountKobo, view.shares.map((share) => [share.userId, share.guaranteedKobo, share.recoverableKobo, share.proportionalKobo, share.amountKobo])]);
  const total = want.shares.reduce((sum, share) => sum + share.amountKobo, 0);
  const expected = JSON.stringify([want.overdueKobo, total, want.shares.map((share) => [share.userId, share.guaranteedKobo, share.recoverableKobo, share.proportionalKobo, share.amountKobo])]);
  if (seen !== expected) throw new UnexpectedAnswer(LOAN_INVARIANTS.recoveries, `${what}: model [overdue, total, shares] ${expected}, Kobo ${seen}`);
  return view;
}

/**
 * One officer proposes recovering a defaulted loan's overdue amount from its guarantor; the
 * proposer's own approval is refused (403) now and then; the other officer approves, or (about one
 * in six) an officer declines. Approved: the guarantor's savings pay the share, the loan is repaid
 * that much without penalties, the guarantee is lowered, and the borrower owes the guarantor.
 */
function recovery(world: World, loan: ModelLoan): Operation {
  const random = world.loans.recoveryRandom;
  const firstProposes = random.chance(0.5);
  const [proposer, approver] = firstProposes ? [world.officer, world.loans.secondOfficer] : [world.loans.secondOfficer, world.officer];
  const triesOwn = random.chance(0.5);
  const declines = random.chance(0.15);
  const decliner = random.chance(0.5) ? proposer : approver;
  return {
    touches: [loan.borrower, loan.guarantor],
    run: async () => {
      const { model } = world.loans;
      if (loan.status !== 'active' || model.arrears(loan, world.clock.isoDay()).daysInArrears < SIM_DEFAULT_DAYS) return;
      const want = expectedShares(world, loan);
      const total = want.shares.reduce((sum, share) => sum + share.amountKobo, 0);
      const what = `recovering loan ${loan.id}'s overdue ${nairaText(want.overdueKobo)} from its guarantor (model share ${nairaText(total)})`;
      const proposed = await proposer.post(`/api/loans/${loan.id}/recoveries`, {});
      if (total === 0) {
        expectStatus(proposed, 409, `${what}: nothing to recover`);
        return () => {
          world.tally.loans.refusedRecoveries += 1;
        };
      }
      expectStatus(proposed, 201, what);
      const view = compareProposal(proposed, want, what);
      if (triesOwn) expectStatus(await proposer.post(`/api/loan-recoveries/${view.id}/approve`, {}), 403, `the proposer approving their own recovery of loan ${loan.id}`);
      const decided = (status: 'approved' | 'declined') => ({ id: view.id, loanId: loan.id, status, overdueKobo: want.overdueKobo, shares: want.shares });
      if (declines) {
        expectStatus(await decliner.post(`/api/loan-recoveries/${view.id}/decline`, { reason: 'sim: the borrower has promised to pay' }), 200, `declining the recovery of loan ${loan.id}`);
        return () => {
          model.recoveries.record(decided('declined'), loan.borrower);
          world.tally.loans.declinedRecoveries += 1;
          if (triesOwn) world.tally.loans.refusedOwnRecoveryApprovals += 1;
        };
      }
      expectStatus(await approver.post(`/api/loan-recoveries/${view.id}/approve`, {}), 200, `approving the recovery of loan ${loan.id}`);
      const read = await world.officer.get(`/api/loans/${loan.id}`);
      expectStatus(read, 200, `reading loan ${loan.id} after its recovery`);
      const entryId = (read.json as { loan: { ledger: { entries: { id: string }[] } | null } }).loan.ledger?.entries.at(-1)?.id;
      if (!entryId) throw new UnexpectedAnswer(INVARIANTS.expectedAnswer, `loan ${loan.id} shows no entry after its recovery`);
      return () => {
        model.recover(loan.id, entryId, total);
        model.recoveries.record(decided('approved'), loan.borrower);
        // The guarantor's withdrawal row: the simulator never reverses it (decision 055), so it is known by the recovery.
        for (const share of want.shares.filter((candidate) => candidate.amountKobo > 0)) {
          world.model.record([`recovery ${view.id} ${share.userId}`], [{ userId: share.userId, kobo: -share.amountKobo }], `guarantor recovery ${nairaText(share.amountKobo)} for loan ${loan.id}`, { isFixed: true });
        }
        world.tally.loans.recoveries += 1;
        if (triesOwn) world.tally.loans.refusedOwnRecoveryApprovals += 1;
      };
    },
  };
}

/** A proposal on a loan in arrears but not yet in default: refused, nothing proposed. */
function earlyProposal(world: World, loan: ModelLoan): Operation {
  return {
    touches: [loan.borrower, loan.guarantor],
    run: async () => {
      const days = world.loans.model.arrears(loan, world.clock.isoDay()).daysInArrears;
      if (loan.status !== 'active' || days === 0 || days >= SIM_DEFAULT_DAYS) return;
      expectStatus(await world.officer.post(`/api/loans/${loan.id}/recoveries`, {}), 409, `proposing a recovery of loan ${loan.id}, ${days} days in arrears`);
      return () => {
        world.tally.loans.refusedRecoveries += 1;
      };
    },
  };
}

/** An officer records that the borrower repaid their guarantor part (or all) of the debt; more than is owed is refused. */
function claimRepayment(world: World, claim: ModelClaim): Operation {
  const random = world.loans.recoveryRandom;
  const over = random.chance(0.2);
  const share = random.next();
  return {
    touches: [claim.borrower, claim.guarantor],
    run: async () => {
      const owed = claim.amountKobo - claim.repaidKobo;
      const amount = over ? owed + 1 : Math.max(1, Math.floor(share * owed));
      const read = await world.officer.get(`/api/loans/${claim.loanId}/recovery`);
      expectStatus(read, 200, `reading loan ${claim.loanId}'s recoveries`);
      const claims = (read.json as { claims: { id: string; amountKobo: number; repaidKobo: number }[] }).claims;
      const index = world.loans.model.recoveries.claims().filter((candidate) => candidate.loanId === claim.loanId).indexOf(claim);
      const id = claims[index]?.id;
      if (!id) throw new UnexpectedAnswer(LOAN_INVARIANTS.recoveries, `loan ${claim.loanId} shows ${claims.length} claims; the model has one more`);
      const answer = await world.officer.post(`/api/guarantor-claims/${id}/repayments`, { amount: nairaText(amount) });
      const what = `recording ${nairaText(amount)} repaid to the guarantor of loan ${claim.loanId} (owed ${nairaText(owed)})`;
      if (over) {
        expectStatus(answer, 409, what);
        return;
      }
      expectStatus(answer, 200, what);
      return () => {
        world.loans.model.recoveries.repayClaim(claim, amount);
        world.tally.loans.claimRepayments += 1;
      };
    },
  };
}

/** An officer waives every penalty the loan still owes, with a reason; a loan owing nothing else is then repaid. */
function penaltyWaiver(world: World, loan: ModelLoan): Operation {
  return {
    touches: [loan.borrower, loan.guarantor],
    run: async () => {
      const { model } = world.loans;
      if (loan.status !== 'active' || model.penalties.outstanding(loan.id) === 0) return;
      expectStatus(await world.officer.post(`/api/loans/${loan.id}/penalties/waive`, { reason: 'sim: hardship' }), 200, `waiving loan ${loan.id}'s ${nairaText(model.penalties.outstanding(loan.id))} of penalties`);
      return () => {
        model.waivePenalties(loan.id);
        world.tally.loans.penaltyWaivers += 1;
      };
    },
  };
}
