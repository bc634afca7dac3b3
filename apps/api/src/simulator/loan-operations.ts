import type { SimulationTarget } from './simulation.ts';
import type { Answer, HttpCaller } from './http-caller.ts';
import { LoanModel, SIM_PRODUCT, type ModelLoan } from './loan-model.ts';
import { expectStatus, UnexpectedAnswer, type Commit, type Operation } from './operations.ts';
import { SIM_PENALTY_FIELDS } from './loan-penalties.ts';
import { openRecovery, planRecoveryOperations } from './loan-recovery.ts';
import { planRunRepayments, recordRunRepayments, type RunRepayment } from './loan-run-column.ts';
import { seededRandom, type Random } from './prng.ts';
import { nairaText } from './savings-model.ts';
import { INVARIANTS } from './simulation-failure.ts';
import type { Member, World } from './world.ts';

/**
 * The loans' part of the world: their model, their own dice, the product and the second officer
 * two-person approval needs; and the run's loan column, which the monthly run (operations.ts) asks
 * through the world rather than importing this file (which imports it).
 */
export type LoanWorld = {
  /** Whether this life has loans at all (SimulationOptions.loans). */
  enabled: boolean;
  model: LoanModel;
  random: Random;
  /** Recoveries' and waivers' own dice (loan-recovery.ts), so they shift the other loan dice only where they change a loan. */
  recoveryRandom: Random;
  productId: string;
  secondOfficer: HttpCaller;
  planRunRepayments: (world: World) => Map<string, RunRepayment>;
  recordRunRepayments: (world: World, batchId: string, planned: Map<string, RunRepayment>) => Promise<Commit>;
};

/** Its own stream of dice, so loans shift the savings operations' dice as little as they can. */
export function newLoanWorld(seed: number, openCaller: (name: string) => HttpCaller, enabled: boolean): LoanWorld {
  return {
    enabled,
    model: new LoanModel(),
    random: seededRandom(seed * 1_000_003 + 64),
    recoveryRandom: seededRandom(seed * 1_000_003 + 55),
    productId: '',
    secondOfficer: openCaller('second officer'),
    planRunRepayments,
    recordRunRepayments,
  };
}

/**
 * At the start: two-person approval turned on (whoever applied cannot approve; the second officer
 * is signed in by openApprovals, which also tells the savings model what loans hold), and the one
 * loan product, COOPERATIVE.md's flat 12% with a ₦1,000 fee, one guarantor and its penalty.
 */
export async function openLoans(app: SimulationTarget, world: World): Promise<void> {
  expectStatus(await world.officer.put('/api/loans/settings', { twoPersonApproval: true }), 200, 'turning on two-person approval of loans');
  const product = await world.officer.post('/api/loan-products', {
    name: 'Sim Flat Loan',
    method: 'flat',
    annualRate: String(SIM_PRODUCT.annualRateBp / 100),
    maxMonths: String(SIM_PRODUCT.maxMonths),
    savingsMultiple: String(SIM_PRODUCT.savingsMultiple),
    maxAmount: nairaText(SIM_PRODUCT.maxAmountKobo),
    guarantorsRequired: '1',
    feeKind: 'fixed',
    feeValue: nairaText(SIM_PRODUCT.feeKobo),
    ...SIM_PENALTY_FIELDS,
  });
  expectStatus(product, 201, 'setting up the loan product');
  world.loans.productId = (product.json as { product: { id: string } }).product.id;
  await openRecovery(world);
}

/** The day's loan operations: an application now and then, each open loan's next step, early repayments and reversals. */
export function planLoanOperations(world: World): Operation[] {
  const { random, model } = world.loans;
  const operations: Operation[] = [];
  // A member who has given notice (or died) may not borrow or guarantee: Kobo refuses them (issue 32).
  const staying = world.members.filter((member) => !world.life.exits.some((exit) => exit.member === member));
  if (staying.length >= 3 && random.chance(0.15)) operations.push(application(world, random.pick(staying)));
  for (const loan of model.all()) {
    if (loan.status === 'awaiting_guarantors' && loan.guaranteeStatus === 'pending' && random.chance(0.6)) operations.push(guaranteeAnswer(world, loan));
    else if (loan.status === 'awaiting_guarantors' && loan.guaranteeStatus === 'declined' && random.chance(0.5)) operations.push(decision(world, loan, 'reject'));
    else if (loan.status === 'awaiting_approval' && random.chance(0.6)) operations.push(decision(world, loan, random.chance(0.1) ? 'reject' : 'approve'));
    // A top-up whose running loan was repaid meanwhile cannot be paid out: it stays approved.
    else if (loan.status === 'approved' && (!loan.topsUp || model.loan(loan.topsUp).status === 'active') && random.chance(0.7)) operations.push(disbursement(world, loan));
  }
  const running = model.all().filter((loan) => loan.status === 'active');
  if (running.length > 0 && random.chance(0.15)) operations.push(earlyRepayment(world, random.pick(running)));
  // In arrears: now and then (about one missed deduction in ten) the officers give up on it.
  const defaulted = running.filter((loan) => model.arrears(loan, world.clock.isoDay()).instalmentsOverdue >= 1);
  if (defaulted.length > 0 && random.chance(0.02)) operations.push(writeOff(world, random.pick(defaulted)));
  // A repaid loan's repayment reversed would tie its borrower and guarantor again: not once either has given notice (their exit would be refused).
  const leaving = new Set(world.life.exits.map((exit) => exit.member.userId));
  // Nor a loan whose borrower has left: their exit paid it off, and their account is closed.
  const reversible = model.all().filter((loan) => model.latestStanding(loan) && !world.life.model.hasLeft(loan.borrower) && !(loan.status === 'repaid' && (leaving.has(loan.borrower) || leaving.has(loan.guarantor))));
  if (reversible.length > 0 && random.chance(0.08)) operations.push(repaymentReversal(world, random.pick(reversible)));
  operations.push(...planRecoveryOperations(world));
  return operations;
}

const memberOf = (world: World, userId: string): Member => {
  const member = world.members.find((candidate) => candidate.userId === userId);
  if (!member) throw new Error(`no member ${userId}`);
  return member;
};

/**
 * A member applies (or, now and then, the first officer applies for them) with another member as
 * guarantor, for an amount within their limit, or above it to be refused.
 */
function application(world: World, borrower: Member): Operation {
  const { random, model } = world.loans;
  // The better saver of two other members is asked: most guarantees can then be accepted.
  const others = world.members.filter((member) => member !== borrower && !world.life.exits.some((exit) => exit.member === member));
  const [first, second] = [random.pick(others), random.pick(others)] as [Member, Member];
  const guarantor = world.model.balance(second.userId) > world.model.balance(first.userId) ? second : first;
  const overLimit = random.chance(0.1);
  const topUp = random.chance(0.5);
  const byOfficer = random.chance(0.2);
  const months = random.int(3, SIM_PRODUCT.maxMonths);
  const share = random.next();
  const kobo = random.chance(0.3) ? random.int(1, 99) : 0;
  return {
    touches: [borrower.userId, guarantor.userId],
    run: async () => {
      // One open loan at a time, or a running one and its top-up (which pays it off when disbursed).
      const open = model.openLoanOf(borrower.userId);
      const toppedUp = open?.status === 'active' && topUp && !model.topUpOf(open.id) ? open : undefined;
      if (open && !toppedUp) return;
      const limit = model.limitFor(borrower.userId, world.model.balance(borrower.userId), toppedUp);
      if (!overLimit && limit < 1_000_000) return;
      // At least ₦5,000, whole naira and sometimes kobo, within the limit unless meant to pass it.
      const chosen = overLimit ? limit + 100 + kobo : Math.min(limit, 500_000 + Math.floor(share * (limit - 500_000) / 100) * 100 + kobo);
      // A top-up large enough to pay the running loan off and its own fee, with ₦20,000 over.
      const amount = toppedUp && !overLimit ? Math.max(chosen, model.payoffQuote(toppedUp, world.clock.isoDay()) + SIM_PRODUCT.feeKobo + 2_000_000) : chosen;
      if (amount > limit && !overLimit) return;
      const body = { productId: world.loans.productId, amount: nairaText(amount), months: String(months), purpose: 'sim: school fees', guarantors: [guarantor.userId], ...(byOfficer ? { userId: borrower.userId } : {}), ...(toppedUp ? { topsUpLoanId: toppedUp.id } : {}) };
      const answer = await (byOfficer ? world.officer : borrower.caller).post('/api/loans', body);
      const what = `${borrower.name} applying for ${toppedUp ? 'a top-up of' : ''} ${nairaText(amount)} over ${months} months (limit ${nairaText(limit)}), guaranteed by ${guarantor.name}`;
      if (overLimit) {
        expectStatus(answer, 409, what);
        return () => {
          world.tally.loans.refusedApplications += 1;
        };
      }
      expectStatus(answer, 201, what);
      const id = (answer.json as { loan: { id: string } }).loan.id;
      return () => {
        model.apply({ id, borrower: borrower.userId, guarantor: guarantor.userId, principal: amount, months, appliedBy: byOfficer ? 'officer' : 'member', topsUp: toppedUp?.id ?? null });
        if (toppedUp) world.tally.loans.topUps += 1;
        else world.tally.loans.applications += 1;
      };
    },
  };
}

/**
 * The guarantor, signed in as themselves, accepts or declines. Accepting more than their savings
 * (with what they already guarantee) is refused; they then decline.
 */
function guaranteeAnswer(world: World, loan: ModelLoan): Operation {
  const declines = world.loans.random.chance(0.15);
  return {
    touches: [loan.guarantor],
    run: async () => {
      const { model } = world.loans;
      const guarantor = memberOf(world, loan.guarantor);
      const path = `/api/loans/${loan.id}/guarantee`;
      const what = `${guarantor.name} answering the guarantee of ${nairaText(loan.guaranteeKobo)}`;
      if (!declines) {
        const tooMuch = model.guaranteed(loan.guarantor) + loan.guaranteeKobo > world.model.balance(loan.guarantor);
        const accepted = await guarantor.caller.post(path, { answer: 'accept' });
        if (!tooMuch) {
          expectStatus(accepted, 200, what);
          return () => {
            model.answerGuarantee(loan.id, 'accept');
            world.tally.loans.guaranteesAccepted += 1;
          };
        }
        expectStatus(accepted, 409, `${what}, more than their savings`);
      }
      expectStatus(await guarantor.caller.post(path, { answer: 'decline' }), 200, `${what}: declining`);
      return () => {
        model.answerGuarantee(loan.id, 'decline');
        if (declines) world.tally.loans.guaranteesDeclined += 1;
        else world.tally.loans.guaranteesRefused += 1;
      };
    },
  };
}

/**
 * An officer approves or rejects. Two-person approval is on: a loan the first officer applied for
 * is refused their approval (403) and approved by the second officer.
 */
function decision(world: World, loan: ModelLoan, choice: 'approve' | 'reject'): Operation {
  const officer = world.loans.random.chance(0.5) ? world.officer : world.loans.secondOfficer;
  return {
    touches: [loan.borrower, loan.guarantor],
    run: async () => {
      const path = `/api/loans/${loan.id}/decision`;
      if (choice === 'reject') {
        expectStatus(await officer.post(path, { decision: 'reject', reason: 'sim: not this time' }), 200, `rejecting loan ${loan.id}`);
        return () => {
          world.loans.model.decide(loan.id, 'reject');
          world.tally.loans.rejections += 1;
        };
      }
      const second = loan.appliedBy === 'officer';
      if (second) expectStatus(await world.officer.post(path, { decision: 'approve' }), 403, `the officer approving the loan they applied for (${loan.id})`);
      expectStatus(await (second ? world.loans.secondOfficer : officer).post(path, { decision: 'approve' }), 200, `approving loan ${loan.id}`);
      return () => {
        world.loans.model.decide(loan.id, 'approve');
        world.tally.loans.approvals += 1;
        if (second) world.tally.loans.secondOfficerApprovals += 1;
      };
    },
  };
}

/**
 * The officer pays an approved loan out today, sometimes retrying with the same key (one payout).
 * A top-up first pays off the running loan at its quote and takes its fee from the proceeds; it is
 * refused when that leaves nothing to pay out, or when the running loan was repaid meanwhile.
 */
function disbursement(world: World, loan: ModelLoan): Operation {
  const retried = world.loans.random.chance(0.3);
  const running = loan.topsUp ? world.loans.model.loan(loan.topsUp) : undefined;
  return {
    touches: [loan.borrower, loan.guarantor, ...(running ? [running.guarantor] : [])],
    run: async () => {
      const { model } = world.loans;
      const day = world.clock.isoDay();
      const headers = { 'idempotency-key': world.newKey() };
      const send = () => world.officer.post(`/api/loans/${loan.id}/disbursement`, {}, headers);
      const answers = [await send()];
      if (retried) answers.push(await send());
      const what = `disbursing loan ${loan.id} of ${nairaText(loan.principal)}`;
      if (running && (running.status !== 'active' || loan.principal - model.payoffQuote(running, day) - loan.feeOutstanding < 0)) {
        for (const answer of answers) expectStatus(answer, 409, `${what}, a top-up of ${running.status === 'active' ? `a loan whose payoff is ${nairaText(model.payoffQuote(running, day))}` : `a loan no longer running`}`);
        return () => {
          world.tally.loans.refusedTopUpDisbursements += 1;
        };
      }
      for (const answer of answers) expectStatus(answer, 201, what);
      let payoffEntryId = '';
      if (running) {
        const old = await world.officer.get(`/api/loans/${running.id}`);
        expectStatus(old, 200, `reading the loan ${running.id} the top-up paid off`);
        payoffEntryId = newestEntryId(old);
      }
      const feeEntryId = newestEntryId(answers[0] as Answer);
      return () => {
        if (running) model.disburseTopUp(loan.id, day, payoffEntryId, feeEntryId);
        else model.disburse(loan.id, day);
        world.tally.loans.disbursements += 1;
        if (retried) world.tally.replays += 1;
      };
    },
  };
}

/** The newest entry of a loan as an answer shows it: the repayment just posted. */
function newestEntryId(answer: Answer): string {
  // A loan's answer and its detail both carry it under `loan`.
  const entries = (answer.json as { loan: { ledger: { entries: { id: string }[] } | null } }).loan.ledger?.entries ?? [];
  const newest = entries.at(-1);
  if (!newest) throw new UnexpectedAnswer(INVARIANTS.expectedAnswer, `a repayment's answer shows no entry: ${answer.text.slice(0, 300)}`);
  return newest.id;
}

/** The member pays at the desk: part of what is ahead, the whole payoff, or (refused) more than it. */
function earlyRepayment(world: World, loan: ModelLoan): Operation {
  const { random } = world.loans;
  const kind = random.pick(['part', 'part', 'payoff', 'over'] as const);
  const share = random.next();
  return {
    touches: [loan.borrower, loan.guarantor],
    run: async () => {
      const { model } = world.loans;
      // Not while a top-up is to pay it off: paid off first, the top-up could never be paid out.
      if (loan.status !== 'active' || model.topUpOf(loan.id)) return;
      const payoff = model.payoff(loan);
      const amount = kind === 'payoff' ? payoff : kind === 'over' ? payoff + 1 : Math.max(1, Math.floor(share * payoff));
      const answer = await world.officer.post(`/api/loans/${loan.id}/repayments`, { amount: nairaText(amount) }, { 'idempotency-key': world.newKey() });
      const what = `repaying ${nairaText(amount)} at the desk on loan ${loan.id} (model payoff ${nairaText(payoff)})`;
      if (kind === 'over') {
        expectStatus(answer, 409, what);
        return () => {
          world.tally.loans.refusedRepayments += 1;
        };
      }
      expectStatus(answer, 201, what);
      const entryId = newestEntryId(answer);
      return () => {
        model.repay(loan.id, entryId, amount, `desk repayment ${nairaText(amount)}`);
        if (kind === 'payoff') world.tally.loans.payoffs += 1;
        else world.tally.loans.earlyRepayments += 1;
      };
    },
  };
}

/** The officer reverses a repayment: the newest standing one is undone, an older one refused while a later one stands. */
function repaymentReversal(world: World, loan: ModelLoan): Operation {
  const older = world.loans.random.chance(0.25);
  return {
    touches: [loan.borrower, loan.guarantor],
    run: async () => {
      const { model } = world.loans;
      const standing = loan.repayments.filter((repayment) => !repayment.reversed);
      const latest = standing.at(-1);
      if (!latest) return;
      const target = older && standing.length > 1 ? (standing.at(-2) as typeof latest) : latest;
      const answer = await world.officer.post(`/api/loans/entries/${target.entryId}/reversal`, { reason: 'sim: posted in error' }, { 'idempotency-key': world.newKey() });
      // A recovery's repayment is refused on its own (decision 055: the guarantors' withdrawals are the other half).
      if (target !== latest || target.byTopUp || target.byRecovery || loan.status === 'written_off') {
        const why = target.byTopUp ? ', written by a top-up' : target.byRecovery ? ', written by a recovery from the guarantor' : loan.status === 'written_off' ? ' on a loan written off' : ' while a later repayment stands';
        expectStatus(answer, 409, `reversing ${target.label}${why}`);
        return () => {
          world.tally.loans.refusedRepaymentReversals += 1;
        };
      }
      expectStatus(answer, 201, `reversing ${target.label} on loan ${loan.id}`);
      return () => {
        model.reverseRepayment(loan.id, target.entryId);
        world.tally.loans.repaymentReversals += 1;
      };
    },
  };
}

/** An officer writes off a loan long in arrears, with a reason: it is closed, and its guarantor's savings are free. */
function writeOff(world: World, loan: ModelLoan): Operation {
  return {
    touches: [loan.borrower, loan.guarantor],
    run: async () => {
      if (loan.status !== 'active') return;
      expectStatus(await world.officer.post(`/api/loans/${loan.id}/write-off`, { reason: 'sim: the borrower cannot pay' }), 200, `writing off loan ${loan.id}`);
      return () => {
        world.loans.model.writeOff(loan.id);
        world.tally.loans.writeOffs += 1;
      };
    },
  };
}
