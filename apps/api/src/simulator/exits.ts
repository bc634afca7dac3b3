import { guaranteesOfLoans, modelStatement, openGuaranteesOf, runningLoansOf, shortGuarantors, type ModelStatement, type ShortfallChoice } from './exit-loans.ts';
import { checkGuarantorsAfter, readPayoffs, readRecoveries, rowsOn } from './exit-readback.ts';
import type { Answer } from './http-caller.ts';
import type { ModelLoan } from './loan-model.ts';
import { UnexpectedAnswer, type Operation } from './operations.ts';
import { expectStatus } from './operations.ts';
import { nairaText } from './savings-model.ts';
import { expectCancelledAtExit } from './withdrawal-approvals.ts';
import { INVARIANTS } from './simulation-failure.ts';
import type { Member, World } from './world.ts';

/** The exits' own words in a failure: what leaving pays, or who is still active, differed from the model. */
export const EXITS = "a member's exit pays what the model predicts and leaves them inactive";

/** The simulated scheme's by-laws for leaving: 30 days' notice (none for a death), a ₦500 exit fee, no interest pro rata. */
export const EXIT_FEE_KOBO = 50_000;

export async function setUpExits(world: World): Promise<void> {
  const saved = await world.officer.put('/api/exits/settings', { noticeDays: 30, exitFeeKobo: EXIT_FEE_KOBO, proRata: false });
  expectStatus(saved, 200, 'saving the exit settings');
}

/** An exit given notice and not yet settled or cancelled. */
export type PendingExit = { id: string; member: Member; earliest: string; death: boolean };

function addDays(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A member gives notice (resignation, on their own page) or the officer records a death (no
 * notice): Kobo answers the earliest settlement date, today plus the notice days, or today.
 */
export function giveNotice(world: World, member: Member, death: boolean): Operation {
  return {
    touches: [member.userId],
    run: async () => {
      const today = world.clock.isoDay();
      const answer = death
        ? await world.officer.post('/api/exits', { userId: member.userId, reason: 'death', leavingDate: today, note: 'sim: recorded by the officer' })
        : await member.caller.post('/api/account/exit', { reason: 'resignation', leavingDate: addDays(today, 30) });
      expectStatus(answer, 201, `${death ? 'recording the death of' : 'notice given by'} ${member.name}`);
      const exit = (answer.json as { exit: { id: string; earliestSettlementDate: string } }).exit;
      const expected = death ? today : addDays(today, 30);
      if (exit.earliestSettlementDate !== expected) throw new UnexpectedAnswer(EXITS, `${member.name}'s exit is settleable from ${exit.earliestSettlementDate}; the model says ${expected}`);
      if (death) {
        // A deceased member's payout goes to their nominees, here COOPERATIVE.md's 60% and 40%.
        const nominees = [
          { name: `${member.name} Spouse`, relationship: 'Spouse', phone: '08031234567', shareBp: 6000 },
          { name: `${member.name} Child`, relationship: 'Child', phone: '08031234568', shareBp: 4000 },
        ];
        expectStatus(await world.officer.send('PUT', `/api/members/${member.userId}/nominees`, JSON.stringify({ nominees })), 200, `recording ${member.name}'s nominees`);
      }
      return () => {
        world.life.exits.push({ id: exit.id, member, earliest: exit.earliestSettlementDate, death });
        world.tally.notices += 1;
      };
    },
  };
}

type Statement = Omit<ModelStatement, 'loans' | 'recoveries'> & {
  loans: (ModelStatement['loans'][number] & { productName: string; kind?: string })[];
  recoveries: (ModelStatement['recoveries'][number] & { name: string; accountId: string })[];
  payees: { amountKobo: number }[];
};

/** A guarantee the leaver gives, and how the officer frees it: another member asked in their place, or released on the borrower's own savings. */
type GuaranteePlan = { loan: ModelLoan; candidate: Member | null };

/** The statement's figures the model predicts, in one order for comparing. */
function figures(statement: Omit<Statement, 'payees'> | ModelStatement) {
  return {
    savingsKobo: statement.savingsKobo,
    loans: statement.loans.map((loan) => [loan.loanId, loan.principalKobo, loan.interestKobo, loan.feeKobo, loan.penaltyKobo, loan.payoffKobo]),
    payoffKobo: statement.payoffKobo,
    exitFeeKobo: statement.exitFeeKobo,
    netKobo: statement.netKobo,
    shortfallKobo: statement.shortfallKobo,
    shortfallChoice: statement.shortfallChoice,
    memberPaysKobo: statement.memberPaysKobo,
    recoveries: statement.recoveries.map((recovery) => [recovery.loanId, recovery.userId, recovery.guaranteedKobo, recovery.amountKobo]),
    payableKobo: statement.payableKobo,
  };
}

/**
 * How each guarantee the leaver gives is to be freed, by the lifecycle's dice: released by the
 * officer (two in five), or another member asked in their place, the better saver of two.
 */
function planGuarantees(world: World, member: Member, loans: readonly ModelLoan[]): GuaranteePlan[] {
  const { random } = world.life;
  return loans.map((loan) => {
    if (random.chance(0.4)) return { loan, candidate: null };
    const others = world.members.filter((other) => other !== member && other.userId !== loan.borrower && !world.life.exits.some((exit) => exit.member === other));
    if (others.length === 0) return { loan, candidate: null };
    const [first, second] = [random.pick(others), random.pick(others)] as [Member, Member];
    return { loan, candidate: world.model.balance(second.userId) > world.model.balance(first.userId) ? second : first };
  });
}

/** During the notice: the officer frees the guarantees the leaver gives, before the exit can be approved. */
export function freeLeaverGuarantees(world: World, pending: PendingExit): Operation {
  const plans = planGuarantees(world, pending.member, openGuaranteesOf(world, pending.member.userId));
  const touched = [pending.member.userId, ...plans.flatMap((plan) => [plan.loan.borrower, ...(plan.candidate ? [plan.candidate.userId] : [])])];
  return {
    touches: [...new Set(touched)],
    run: async () => {
      const freed = await freeGuarantees(world, pending, plans);
      return () => {
        world.tally.exitLoans.guaranteesReplaced += freed.replaced;
        world.tally.exitLoans.guaranteesReleased += freed.released;
      };
    },
  };
}

/** A refusal that must carry Kobo's error code (the order of approval's refusals is part of what is checked). */
function expectRefusal(answer: Answer, code: string, what: string): void {
  expectStatus(answer, 409, what);
  if ((answer.json as { error?: string } | null)?.error !== code) throw new UnexpectedAnswer(EXITS, `${what}: expected ${code}, Kobo answered ${answer.text.slice(0, 300)}`);
}

/**
 * Settling an exit once its notice has run (decision 051; with loans, decision 065's addendum):
 * first each guarantee the leaver gives on a running loan, which Kobo refuses the approval over,
 * is freed (another member asked in their place, who accepts as themselves, or released by the
 * officer on the borrower's own savings); the statement previewed against the model (savings less
 * each running loan's payoff less the fee, to the member or, for a death, to their nominees); a
 * shortfall refused until a choice (the guarantors of the leaver's loans in proportion, refused
 * when one cannot spare their part, or the member paying it in); approved by the second officer,
 * settled with an Idempotency-Key and once more with it (a replay). Then read back: the payout and
 * each guarantor's recovery on their accounts, each loan repaid at its payoff, the guarantors'
 * savings and holds, a withdrawal awaiting approval still pending, the member's session refused.
 * A member without loans whose savings no longer cover the fee stays: the officer cancels the exit.
 */
export function settleExit(world: World, pending: PendingExit): Operation {
  const { member } = pending;
  const { random } = world.life;
  const guaranteed = openGuaranteesOf(world, member.userId);
  const ownLoans = runningLoansOf(world, member.userId);
  // Only a leaver tied by loans rolls these dice: the lives without loans keep theirs.
  const plans = planGuarantees(world, member, guaranteed);
  const prefersGuarantors = ownLoans.length > 0 && random.chance(0.6);
  const touched = [member.userId, ...plans.flatMap((plan) => [plan.loan.borrower, ...(plan.candidate ? [plan.candidate.userId] : [])]), ...ownLoans.map((loan) => loan.guarantor)];
  return {
    touches: [...new Set(touched)],
    run: async () => {
      const today = world.clock.isoDay();
      const fail = (detail: string) => new UnexpectedAnswer(EXITS, `${member.name}'s exit: ${detail}`);
      const approvePath = `/api/exits/${pending.id}/approve`;
      const freed = await freeGuarantees(world, pending, plans);
      const bare = modelStatement(world, member, today, EXIT_FEE_KOBO, null);
      let choice: ShortfallChoice | null = null;
      let refusedShortGuarantor = false;
      if (bare.shortfallKobo > 0) {
        // No choice made: refused, naming the shortfall.
        expectRefusal(await world.loans.secondOfficer.post(approvePath, { settlementDate: today }), 'EXIT_SHORTFALL', `approving ${member.name}'s exit ${nairaText(bare.shortfallKobo)} short with no choice`);
        const guarantees = guaranteesOfLoans(runningLoansOf(world, member.userId));
        choice = prefersGuarantors && guarantees.length > 0 ? 'guarantors' : 'member_pays';
        if (choice === 'guarantors') {
          const short = shortGuarantors(world, modelStatement(world, member, today, EXIT_FEE_KOBO, 'guarantors').recoveries);
          if (short.length > 0) {
            expectRefusal(
              await world.loans.secondOfficer.post(approvePath, { settlementDate: today, shortfallChoice: 'guarantors' }),
              'EXIT_GUARANTOR_SHORT',
              `approving ${member.name}'s exit with the guarantors paying ${nairaText(bare.shortfallKobo)}, one of whom cannot spare their part`,
            );
            refusedShortGuarantor = true;
            choice = 'member_pays';
          }
        }
      }
      const expected = modelStatement(world, member, today, EXIT_FEE_KOBO, choice);
      const body = { settlementDate: today, shortfallChoice: choice };
      const preview = await world.officer.post(`/api/exits/${pending.id}/preview`, body);
      expectStatus(preview, 200, `previewing ${member.name}'s exit`);
      const statement = preview.json as Statement;
      if (JSON.stringify(figures(statement)) !== JSON.stringify(figures(expected))) throw fail(`Kobo's statement ${JSON.stringify(figures(statement))}; the model's ${JSON.stringify(figures(expected))}`);
      if (ownLoans.length === 0 && expected.savingsKobo < EXIT_FEE_KOBO) {
        expectStatus(await world.officer.post(`/api/exits/${pending.id}/cancel`, { reason: 'sim: savings no longer cover the exit fee' }), 200, `cancelling ${member.name}'s exit`);
        return () => {
          world.life.exits = world.life.exits.filter((exit) => exit !== pending);
          world.tally.cancelledExits += 1;
        };
      }
      // Each payee's share within a kobo of the exact split, and the shares adding up to the payout.
      const shares = pending.death ? [6000, 4000] : [10_000];
      const paid = statement.payees.reduce((sum, payee) => sum + payee.amountKobo, 0);
      const offShare = statement.payees.some((payee, index) => Math.abs(payee.amountKobo * 10_000 - expected.payableKobo * (shares[index] ?? 0)) >= 10_000);
      if (paid !== expected.payableKobo || statement.payees.length !== shares.length || offShare) throw fail(`the payees ${JSON.stringify(statement.payees)} of ${expected.payableKobo}`);
      // A second officer: with a two-person threshold set, whoever recorded a death may not approve its exit.
      expectStatus(await world.loans.secondOfficer.post(approvePath, body), 200, `approving ${member.name}'s exit`);
      const key = world.newKey();
      const settled = await world.officer.post(`/api/exits/${pending.id}/settle`, {}, { 'idempotency-key': key });
      expectStatus(settled, 201, `settling ${member.name}'s exit`);
      const again = await world.officer.post(`/api/exits/${pending.id}/settle`, {}, { 'idempotency-key': key });
      expectStatus(again, 201, `settling ${member.name}'s exit again with its key`, INVARIANTS.idempotency);
      const balance = expected.savingsKobo;
      const payout = await rowsOn(world, member.userId, today, 'Paid out on exit');
      if (payout.length !== (balance > 0 ? 1 : 0) || payout.some((row) => row.type !== 'withdrawal' || row.amountKobo !== balance)) throw fail(`the payout rows ${JSON.stringify(payout)}; the model empties ${nairaText(balance)}`);
      const recoveryIds = await readRecoveries(world, member, expected, today, fail);
      const payoffIds = await readPayoffs(world, expected, today, fail);
      await checkGuarantorsAfter(world, member, expected, fail);
      // A withdrawal awaiting its second officer: the settlement paid out what it held, and cancels it.
      const waiting = await expectCancelledAtExit(world, member.userId, fail);
      const session = await member.caller.get('/api/savings/me');
      if (session.status < 400 || session.status >= 500) throw fail(`after settling, the member's own session is still answered ${session.status}`);
      return () => {
        if (payout[0]) world.model.record([payout[0].id], [{ userId: member.userId, kobo: -balance }], `${member.name}'s exit payout ${nairaText(balance)}`);
        expected.recoveries.forEach((recovery, index) => {
          // Part of the exit's one entry: Kobo refuses to reverse it alone (decision 055's addendum), so it is never offered.
          world.model.record([recoveryIds[index] as string], [{ userId: recovery.userId, kobo: -recovery.amountKobo }], `recovery of ${nairaText(recovery.amountKobo)} for ${member.name}'s loan`, { isFixed: true });
        });
        expected.loans.forEach((loan, index) => world.loans.model.payOffAtExit(loan.loanId, today, payoffIds[index] as string));
        world.model.close(member.userId);
        world.life.model.recordExit(member.userId);
        // The fee is the scheme's income: it adds to the year's surplus.
        world.life.model.recordIncome(Number(today.slice(0, 4)), EXIT_FEE_KOBO);
        world.life.exits = world.life.exits.filter((exit) => exit !== pending);
        world.members.splice(world.members.indexOf(member), 1);
        if (pending.death) world.tally.deaths += 1;
        else world.tally.exits += 1;
        const tally = world.tally.exitLoans;
        tally.loansPaidOff += expected.loans.length;
        tally.guaranteesReplaced += freed.replaced;
        tally.guaranteesReleased += freed.released;
        if (expected.shortfallChoice === 'member_pays') tally.memberPaid += 1;
        if (expected.shortfallChoice === 'guarantors') tally.guarantorsPaid += 1;
        if (refusedShortGuarantor) tally.refusedShortGuarantors += 1;
        tally.pendingWithdrawalsAtExit += waiting.length;
        tally.pendingRefusedAfterExit += waiting.length;
        for (const request of waiting) world.approvals.pending.delete(request.id);
      };
    },
  };
}

/**
 * Guarantees first: while one stands open the approval is refused (once the notice has run); then each is freed as planned.
 * A candidate is asked only if the model says they can take it on (their savings cover what they
 * guarantee already and this), else the officer releases it. The model follows at once (the
 * operation touches the leaver, each borrower and each candidate, so nobody else sees it half done).
 */
async function freeGuarantees(world: World, pending: PendingExit, plans: readonly GuaranteePlan[]): Promise<{ replaced: number; released: number }> {
  const { member } = pending;
  const { model } = world.loans;
  const open = plans.filter((plan) => plan.loan.guarantor === member.userId && plan.loan.guaranteeStatus === 'accepted' && plan.loan.status === 'active');
  if (open.length === 0) return { replaced: 0, released: 0 };
  // Once the notice has run (before, the notice period is what Kobo names first).
  if (pending.earliest <= world.clock.isoDay()) expectRefusal(await world.loans.secondOfficer.post(`/api/exits/${pending.id}/approve`, { settlementDate: world.clock.isoDay() }), 'EXIT_GUARANTEES_OPEN', `approving ${member.name}'s exit while they guarantee ${open.length} running loan(s)`);
  let replaced = 0;
  for (const { loan, candidate } of open) {
    const base = `/api/exits/${pending.id}/guarantees/${loan.id}`;
    const fits = candidate && world.members.includes(candidate) && !world.life.exits.some((exit) => exit.member === candidate) && model.guaranteed(candidate.userId) + loan.guaranteeKobo <= world.model.balance(candidate.userId);
    if (candidate && fits) {
      expectStatus(await world.officer.post(`${base}/replace`, { userId: candidate.userId }), 200, `asking ${candidate.name} to guarantee loan ${loan.id} in ${member.name}'s place`);
      expectStatus(await candidate.caller.post(`/api/loans/${loan.id}/guarantee`, { answer: 'accept' }), 200, `${candidate.name} accepting to guarantee loan ${loan.id} in ${member.name}'s place`);
      model.replaceGuarantor(loan.id, candidate.userId);
      replaced += 1;
    } else {
      expectStatus(await world.officer.post(`${base}/release`, { reason: "sim: the borrower's own savings are enough" }), 200, `releasing ${member.name}'s guarantee of loan ${loan.id}`);
      model.releaseGuarantee(loan.id);
    }
  }
  return { replaced, released: open.length - replaced };
}
