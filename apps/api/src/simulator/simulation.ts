import type { Database } from '../db/client.ts';
import { createAccount } from '../modules/auth/create-account.ts';
import { HttpCaller, RequestLog, ServerErrorAnswer, type Endpoint } from './http-caller.ts';
import { bankWave, readWhileWriting, startConcurrentReads, type ReadTamper } from './concurrent-reads.ts';
import { checkInvariants } from './invariants.ts';
import { checkLifecycle } from './lifecycle-invariants.ts';
import { closeLifecycleDay, lifecycleWorld, planLifecycleDay, planRunDay, setUpLifecycle } from './lifecycle-operations.ts';
import { checkLoanInvariants } from './loan-invariants.ts';
import { checkPenalties, runPenaltyJob } from './loan-penalties.ts';
import { newLoanWorld, openLoans, planLoanOperations } from './loan-operations.ts';
import { batchReversal, hostile, join, monthlyRun, reversal, singlePosting, transfer, UnexpectedAnswer, type Operation } from './operations.ts';
import { seededRandom } from './prng.ts';
import { SavingsModel } from './savings-model.ts';
import { followReplayPlan, operationsToRun, type ReplayPlan } from './shrink.ts';
import type { SimulatedClock } from './simulated-clock.ts';
import { INVARIANTS, SimulationFailure } from './simulation-failure.ts';
import { checkApprovals, newApprovalWorld, openApprovals, planApprovals } from './withdrawal-approvals.ts';
import { emptyTally, type Tally, type World } from './world.ts';

/**
 * What the simulator drives: the app in process (a KoboApp), or servers it runs as child
 * processes with their faults (server-process.ts), whose endpoint routes each caller.
 */
export type SimulationTarget = {
  listen: (at: { host: string; port: number }) => Promise<string>;
  kobo: { database: { db: Database } };
  endpoint?: Endpoint;
};

export type SimulationOptions = {
  seed: number;
  years: number;
  /** How many members the scheme grows to: a third found it, the rest join on later working days (a quarter of days in the first year, fewer after). */
  members: number;
  /**
   * Loans over their whole life (decision 064), on unless false. Either way the run day is the
   * payroll loop in about three months of four and the plain monthly run otherwise; with loans the
   * advice carries each borrower's due and the remittance repays it (decision 067), as the plain
   * run's loan column does. False: no loans at all.
   */
  loans?: boolean;
  /**
   * Called at the end of each simulated month, after its operations and before its checks: a
   * test plants a bug here (a row written straight into the database) to see the checks find it.
   */
  afterMonth?: (month: { index: number; day: string; app: SimulationTarget }) => Promise<void>;
  /** Distorts what the concurrent readers see: a test's planted bug (concurrent-reads.ts). */
  tamperWithReads?: ReadTamper;
  /** Operations to skip, and where the run writes how many it planned and what it sent: shrinking (shrink.ts). */
  replay?: ReplayPlan;
  /** A line per simulated month, for the command line. */
  progress?: (line: string) => void;
};

export type SimulationResult = { months: number; lastDay: string; tally: Tally };

/** The payroll program posts the run on the first working day from the 25th. */
const RUN_DAY = 25;

/**
 * Drives Kobo through its HTTP API over simulated time (issue 35's first slice): the app must
 * have been built with `now: clock.now`. Each simulated day some members join, deposit, withdraw
 * and transfer, earlier postings are reversed and hostile requests are mixed in, several callers
 * at once; on the 25th the payroll loop (advice, remittance, post) or, about one month in four, the payroll program's API token posts the plain monthly run; at each month's
 * end every invariant is checked. Throws a SimulationFailure naming the seed, the simulated date,
 * the invariant and the last requests.
 */
export async function runSimulation(app: SimulationTarget, clock: SimulatedClock, options: SimulationOptions): Promise<SimulationResult> {
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const log = new RequestLog(() => clock.isoDay());
  const fail = (invariant: string, detail: string) => new SimulationFailure(invariant, options.seed, clock.isoDay(), detail, log.last());
  const random = seededRandom(options.seed);
  let keys = 0;
  const openCaller = (name: string) => new HttpCaller(name, app.endpoint ?? baseUrl, log);
  const officer = openCaller('officer');
  const payroll = openCaller('payroll token');
  const world: World = {
    seed: options.seed,
    random,
    clock,
    log,
    model: new SavingsModel(),
    life: lifecycleWorld(options.seed, clock),
    loans: newLoanWorld(options.seed, openCaller, options.loans !== false),
    approvals: newApprovalWorld(options.seed),
    officer,
    payroll,
    members: [],
    targetMembers: options.members,
    joinsPlanned: 0,
    tally: emptyTally(),
    newKey: () => `sim-${options.seed}-${(keys += 1)}-${random.int(0, 0xffffff).toString(16)}`,
    openCaller,
  };

  world.model.observer = world.life.model;
  // The loans' fees, interest and write-offs are the year's income too (the year end's surplus).
  world.loans.model.onIncome = (kobo) => world.life.model.recordIncome(Number(clock.isoDay().slice(0, 4)), kobo);
  world.loans.model.today = () => clock.isoDay();
  startConcurrentReads(world, options.tamperWithReads);
  followReplayPlan(world, options.replay);
  try {
    await openTheScheme(app, world);
    await openApprovals(app, world);
    if (world.loans.enabled) await openLoans(app, world);
    const months = Math.round(options.years * 12);
    for (let index = 0; index < months; index += 1) {
      await simulateMonth(world, index);
      await options.afterMonth?.({ index, day: clock.isoDay(), app });
      const breaches = [...(await checkInvariants(app, officer, world.model, world.members)), ...(await checkLifecycle(world)), ...(await checkApprovals(world)), ...(world.loans.enabled ? [...(await checkLoanInvariants(app, world)), ...(await checkPenalties(world))] : [])];
      if (breaches.length > 0) {
        throw fail(breaches.map((breach) => breach.invariant).join(' and '), breaches.map((breach) => `${breach.invariant}: ${breach.detail}`).join('\n'));
      }
      options.progress?.(`${clock.month()}: ${world.members.length} members, ${world.model.expectedRows()} postings, all invariants hold`);
      // On to the first of the next month.
      closeLifecycleDay(world);
      clock.advanceDays(1);
    }
    return { months, lastDay: clock.isoDay(), tally: world.tally };
  } catch (error) {
    if (error instanceof SimulationFailure) throw error;
    if (error instanceof ServerErrorAnswer) throw fail(INVARIANTS.below500, error.message);
    if (error instanceof UnexpectedAnswer) throw fail(error.invariant, error.message);
    throw fail('the simulator itself ran', error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
}

/** The officer (an admin account, as `npm run admin` makes one), their settings, and the payroll token. */
async function openTheScheme(app: SimulationTarget, world: World): Promise<void> {
  const email = `officer.seed${world.seed}@sim.kobo.test`;
  const password = 'officer-password';
  await createAccount(app.kobo.database.db, { name: 'Sim Officer', email, password, role: 'admin', staffId: null });
  await expectOk(world.officer.post('/api/auth/sign-in', { email, password }), 'the officer signing in');
  // Members' own postings move money at once; the two-person threshold is set by openApprovals (withdrawal-approvals.ts).
  await expectOk(world.officer.put('/api/savings/approval-settings', { twoPersonThreshold: null, memberPostingsDirect: true }), 'saving the approval settings');
  await renewPayrollToken(world);
  await setUpLifecycle(world);
}

/** A token lasts at most two years: the payroll program is given a new one each January. */
async function renewPayrollToken(world: World): Promise<void> {
  const created = await expectOk(world.officer.post('/api/tokens', { name: `Payroll ${world.clock.month()}`, scope: 'savings_batches', days: 400 }), 'creating the payroll token');
  world.payroll.bearer = (created.json as { secret: string }).secret;
}

async function expectOk(answer: Promise<Awaited<ReturnType<HttpCaller['get']>>>, what: string) {
  const settled = await answer;
  if (settled.status >= 300) throw new UnexpectedAnswer(INVARIANTS.expectedAnswer, `${what}: answered ${settled.status} ${settled.text.slice(0, 300)}`);
  return settled;
}

async function simulateMonth(world: World, index: number): Promise<void> {
  const { clock, random } = world;
  if (index > 0 && clock.month().endsWith('-01')) await renewPayrollToken(world);
  const days = clock.daysInMonth();
  let runPosted = false;
  for (let day = 1; day <= days; day += 1) {
    if (day > 1) {
      closeLifecycleDay(world);
      clock.advanceDays(1);
    }
    const weekday = new Date(`${clock.isoDay()}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    if (world.loans.enabled) await runPenaltyJob(world);
    await runInWaves(world, planLifecycleDay(world));
    const operations: Operation[] = [];
    if (world.joinsPlanned === 0) {
      // The founders, on the first working day.
      for (let count = 0; count < Math.ceil(world.targetMembers / 3); count += 1) operations.push(join(world));
    } else if (world.joinsPlanned < world.targetMembers && random.chance(index < 12 ? 0.25 : 0.05)) {
      operations.push(join(world));
    }
    const busy = Math.max(1, Math.round(world.members.length / 6));
    for (let count = random.int(0, busy); count > 0 && world.members.length > 0; count -= 1) {
      const planned = planOne(world);
      if (planned) operations.push(planned);
    }
    if (world.loans.enabled) operations.push(...planLoanOperations(world));
    operations.push(...planApprovals(world));
    await runInWaves(world, operations);
    await bankWave(world);
    if (day >= RUN_DAY && !runPosted && world.members.length > 0) {
      await runInWaves(world, [planRunDay(world, index, () => monthlyRun(world))]);
      runPosted = true;
    }
  }
}

/** One operation, chosen by the dice: mostly money moving, some reversals, a few hostile requests. */
function planOne(world: World): Operation | null {
  const { random, members } = world;
  const member = random.pick(members);
  const roll = random.next();
  if (roll < 0.3) return singlePosting(world, member, 'deposit');
  if (roll < 0.6) return singlePosting(world, member, 'withdrawal');
  if (roll < 0.78) {
    const others = members.filter((other) => other !== member);
    return others.length > 0 ? transfer(world, member, random.pick(others)) : null;
  }
  if (roll < 0.9) return reversal(world);
  if (roll < 0.92) return batchReversal(world);
  return hostile(world);
}

/**
 * Runs operations several at a time, as several callers would: each wave holds operations on
 * different members (their answers cannot depend on one another's order), and its results are
 * applied to the model in the planned order once the whole wave has answered.
 */
async function runInWaves(world: World, operations: Operation[]): Promise<void> {
  let pending = operationsToRun(world, operations);
  while (pending.length > 0) {
    const wave: Operation[] = [];
    const later: Operation[] = [];
    const busy = new Set<string>();
    for (const operation of pending) {
      if (operation.touches.some((userId) => busy.has(userId))) later.push(operation);
      else {
        wave.push(operation);
        for (const userId of operation.touches) busy.add(userId);
      }
    }
    const settled = await readWhileWriting(world, () => Promise.allSettled(wave.map((operation) => operation.run())));
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    for (const outcome of settled) if (outcome.status === 'fulfilled' && outcome.value) outcome.value();
    world.tally.requests = world.log.total();
    pending = later;
  }
}
