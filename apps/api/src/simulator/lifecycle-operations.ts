import { emptyExpenseBook, expenseActivity, setUpExpenses } from './expenses.ts';
import { mayGiveNotice, openGuaranteesOf, runningLoansOf } from './exit-loans.ts';
import { EXIT_FEE_KOBO, freeLeaverGuarantees, giveNotice, settleExit, setUpExits } from './exits.ts';
import { LifecycleModel } from './lifecycle-model.ts';
import type { Operation } from './operations.ts';
import { payrollLoop, standingChange } from './payroll-loop.ts';
import { seededRandom } from './prng.ts';
import { pendingHeld } from './withdrawal-approvals.ts';
import { postIncome, setUpYearEnd, yearEnd } from './year-end.ts';
import type { SimulatedClock } from './simulated-clock.ts';
import type { World } from './world.ts';

/**
 * A member's life beyond single postings (issue 35, decision 065): standing-contribution changes,
 * the payroll loop, the year end and exits. Planned from their own dice (`world.life.random`), so
 * adding them shifts the earlier operations' dice as little as possible.
 */
export function lifecycleWorld(seed: number, clock: SimulatedClock): World['life'] {
  return { model: new LifecycleModel(() => clock.isoDay()), random: seededRandom(seed * 1_000_003 + 65), lastMonth: '', exits: [], expenses: emptyExpenseBook() };
}

/** The settings the lifecycle runs under (the year end's, the exits') and the organisation's expense items. */
export async function setUpLifecycle(world: World): Promise<void> {
  await setUpYearEnd(world);
  await setUpExits(world);
  await setUpExpenses(world);
}

/**
 * The day's lifecycle operations, run each working morning before the day's postings are planned
 * (so a member who leaves is gone before anyone plans to pay them): on a month's first working
 * day, the year end in January (for the year before) and the year's income in December; every
 * day, members changing what they pledge, exits whose notice has run settled, now and then a
 * member giving notice or an officer recording a death, and on some days the officer's work in
 * the organisation's book (an expense recorded, edited, deleted, imported or its import undone).
 */
export function planLifecycleDay(world: World): Operation[] {
  const { random, model } = world.life;
  const operations: Operation[] = [];
  const month = world.clock.month();
  if (month !== world.life.lastMonth) {
    const first = world.life.lastMonth === '';
    world.life.lastMonth = month;
    if (month.endsWith('-12')) operations.push(postIncome(world));
    if (month.endsWith('-01') && !first) operations.push(yearEnd(world));
  }
  for (const member of world.members) {
    // A member who never pledged is soon asked to; one who did changes it now and then.
    const pledged = model.allStanding().has(member.userId);
    if (random.chance(pledged ? 0.01 : 0.3)) operations.push(standingChange(world, member));
  }
  const today = world.clock.isoDay();
  for (const pending of world.life.exits) if (pending.earliest <= today && random.chance(0.6)) operations.push(settleExit(world, pending));
  // During the notice, the guarantees a leaver gives are freed, now and then (what is left, on the day the exit settles).
  for (const pending of world.life.exits) if (pending.earliest > today && openGuaranteesOf(world, pending.member.userId).length > 0 && random.chance(0.15)) operations.push(freeLeaverGuarantees(world, pending));
  // Leavers only once the scheme has run a while, and never below half the members it grows to.
  // Borrowers and guarantors of running loans may leave (their exit settles them, exit-loans.ts); not while an application they are on is undecided.
  const staying = world.members.filter((member) => !world.life.exits.some((exit) => exit.member === member) && mayGiveNotice(world, member.userId));
  // Now and then a member whose withdrawal above the threshold awaits its second officer dies: their exit may settle while it is pending.
  const waiting = staying.filter((member) => pendingHeld(world, member.userId) > 0);
  const settled = world.life.lastMonth >= '2016-03' && staying.length > world.targetMembers / 2;
  if (settled && waiting.length > 0 && random.chance(0.5)) operations.push(giveNotice(world, random.pick(waiting), true));
  else if (settled && random.chance(0.025)) {
    // Most leavers, when some are, are tied by a loan (borrowing or guaranteeing one): the exit's hardest case.
    // Borrowers whose loans would take more than their savings first: their exit has a shortfall to meet.
    const tied = staying.filter((member) => runningLoansOf(world, member.userId).length > 0 || openGuaranteesOf(world, member.userId).length > 0);
    const short = tied.filter((member) => runningLoansOf(world, member.userId).reduce((sum, loan) => sum + world.loans.model.payoff(loan), EXIT_FEE_KOBO) > world.model.balance(member.userId));
    const leaver = short.length > 0 && random.chance(0.5) ? random.pick(short) : tied.length > 0 && random.chance(0.7) ? random.pick(tied) : random.pick(staying);
    operations.push(giveNotice(world, leaver, random.chance(0.4)));
  }
  if (random.chance(0.25)) operations.push(expenseActivity(world));
  return operations;
}

/**
 * The month's run: mostly the payroll loop (advice, remittance, matched and posted), some months
 * the plain monthly run the payroll program posts with its token (the loop's first month included).
 */
export function planRunDay(world: World, index: number, plainRun: () => Operation): Operation {
  return index > 0 && world.life.random.chance(0.75) ? payrollLoop(world) : plainRun();
}

/** The end of each simulated day: on 31 December the model keeps every balance the year closed with. */
export function closeLifecycleDay(world: World): void {
  world.life.model.closeDay(world.model.allBalances(), world.clock.isoDay());
}
