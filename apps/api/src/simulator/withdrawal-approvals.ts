import type { SimulationTarget } from './simulation.ts';
import { createAccount } from '../modules/auth/create-account.ts';
import type { HttpCaller } from './http-caller.ts';
import type { Breach } from './invariants.ts';
import { expectStatus, UnexpectedAnswer, type Operation } from './operations.ts';
import { seededRandom, type Random } from './prng.ts';
import { nairaText, WITHDRAWAL_THRESHOLD_KOBO } from './savings-model.ts';
import { INVARIANTS } from './simulation-failure.ts';
import type { Member, World } from './world.ts';

/**
 * Withdrawals above the two-person threshold (issue 35, docs/decisions/068): an officer's
 * withdrawal strictly above it waits as a request, holding its amount, until another officer
 * approves it (it posts then, valued on the request's day) or declines it, or its maker cancels it.
 */


export const APPROVAL_INVARIANTS = {
  holds: "each member's held and available balances agree with the model's liens and pending withdrawals",
} as const;

type PendingWithdrawal = { id: string; userId: string; amount: number; day: string; maker: 'first' | 'second' };

export type ApprovalTally = { requested: number; approved: number; declined: number; cancelled: number; refusedOwnApprovals: number; refusedApprovals: number };

export const emptyApprovalTally = (): ApprovalTally => ({ requested: 0, approved: 0, declined: 0, cancelled: 0, refusedOwnApprovals: 0, refusedApprovals: 0 });

/** The requests waiting for a second officer, and their own dice (so the savings operations' dice stay where they were). */
export type ApprovalWorld = { random: Random; pending: Map<string, PendingWithdrawal> };

export function newApprovalWorld(seed: number): ApprovalWorld {
  return { random: seededRandom(seed * 1_000_003 + 68), pending: new Map() };
}

/** What pending withdrawals hold of a member's savings. */
export function pendingHeld(world: World, userId: string): number {
  return [...world.approvals.pending.values()].filter((request) => request.userId === userId).reduce((sum, request) => sum + request.amount, 0);
}

/**
 * At the start: the second officer (two-person approval needs one; the loans, the year end and
 * deaths use them too), the threshold, and the holds the savings model checks withdrawals
 * against: what loans hold and what pending withdrawals hold.
 */
export async function openApprovals(app: SimulationTarget, world: World): Promise<void> {
  const email = `second.officer.seed${world.seed}@sim.kobo.test`;
  const password = 'second-officer-password';
  await createAccount(app.kobo.database.db, { name: 'Sim Second Officer', email, password, role: 'admin', staffId: null });
  expectStatus(await world.loans.secondOfficer.post('/api/auth/sign-in', { email, password }), 200, 'the second officer signing in');
  expectStatus(await world.officer.put('/api/savings/approval-settings', { twoPersonThreshold: nairaText(WITHDRAWAL_THRESHOLD_KOBO), memberPostingsDirect: true }), 200, 'setting the two-person threshold');
  world.model.setHolds((userId) => (world.loans.enabled ? world.loans.model.lien(userId) : 0) + pendingHeld(world, userId));
}

/**
 * The day's large withdrawals and decisions. Requests are asked until the 24th (the run's days
 * stay ordinary); a pending one is decided on a later day, all of them by 20 December, so no
 * approval is valued in a year already closed.
 */
export function planApprovals(world: World): Operation[] {
  const { random, pending } = world.approvals;
  const day = world.clock.isoDay();
  const operations: Operation[] = [];
  const december = day.slice(5, 7) === '12';
  const date = Number(day.slice(8, 10));
  // Members with more available than the threshold, who have not given notice.
  const able = world.members.filter((member) => world.model.available(member.userId) > WITHDRAWAL_THRESHOLD_KOBO && !world.life.exits.some((exit) => exit.member === member));
  if (date <= (december ? 15 : 24) && able.length > 0 && random.chance(0.15)) operations.push(largeWithdrawal(world, random.pick(able)));
  for (const request of pending.values()) {
    // A leaver's request waits for their exit to settle (it is then refused, the account closed, and declined): exit-loans.ts.
    if (world.life.exits.some((exit) => exit.member.userId === request.userId)) continue;
    if (request.day < day && (random.chance(0.4) || (december && date >= 20))) operations.push(decision(world, request));
  }
  return operations;
}

const callerOf = (world: World, who: 'first' | 'second'): HttpCaller => (who === 'first' ? world.officer : world.loans.secondOfficer);

/** An officer withdraws more than the threshold for a member: a request (202) that holds the amount; now and then sent twice with one key (one request). */
function largeWithdrawal(world: World, member: Member): Operation {
  const { random } = world.approvals;
  const maker = random.chance(0.5) ? 'first' : 'second';
  const share = random.next();
  const retried = random.chance(0.2);
  return {
    touches: [member.userId],
    run: async () => {
      const available = world.model.available(member.userId);
      if (available <= WITHDRAWAL_THRESHOLD_KOBO) return;
      const amount = WITHDRAWAL_THRESHOLD_KOBO + 1 + Math.floor(share * (available - WITHDRAWAL_THRESHOLD_KOBO));
      const headers: Record<string, string> = retried ? { 'idempotency-key': world.newKey() } : {};
      const body = { type: 'withdrawal', amount: nairaText(amount), userId: member.userId, description: 'sim large withdrawal' };
      const send = () => callerOf(world, maker).post('/api/savings/transactions', body, headers);
      const answers = [await send()];
      if (retried) answers.push(await send());
      const what = `a withdrawal of ${nairaText(amount)} for ${member.name}, above the threshold (model available ${nairaText(available)})`;
      for (const answer of answers) expectStatus(answer, 202, what);
      const ids = answers.map((answer) => (answer.json as { request: { id: string } }).request.id);
      if (new Set(ids).size !== 1) throw new UnexpectedAnswer(INVARIANTS.idempotency, `${what}: one key recorded ${new Set(ids).size} requests`);
      const day = world.clock.isoDay();
      return () => {
        world.approvals.pending.set(ids[0] as string, { id: ids[0] as string, userId: member.userId, amount, day, maker });
        world.tally.approvals.requested += 1;
        if (retried) world.tally.replays += 1;
      };
    },
  };
}

/**
 * The other officer approves (most), or declines with a reason; or the maker cancels. The maker
 * trying to approve their own is refused (403) first, now and then. An approval the balance no
 * longer covers (a deposit reversed meanwhile) is refused, and the request is declined instead.
 */
function decision(world: World, request: PendingWithdrawal): Operation {
  const { random } = world.approvals;
  const roll = random.next();
  const ownFirst = random.chance(0.3);
  const other = request.maker === 'first' ? 'second' : 'first';
  return {
    touches: [request.userId],
    run: async () => {
      const path = `/api/savings/requests/${request.id}`;
      const what = `${request.maker === 'first' ? 'the officer' : 'the second officer'}'s request ${request.id} to withdraw ${nairaText(request.amount)}`;
      if (roll < 0.1) {
        expectStatus(await callerOf(world, request.maker).post(`${path}/cancel`, { reason: 'sim: asked in error' }), 200, `cancelling ${what}`);
        return () => {
          world.approvals.pending.delete(request.id);
          world.tally.approvals.cancelled += 1;
        };
      }
      let refusedOwn = false;
      if (roll < 0.8) {
        if (ownFirst) {
          expectStatus(await callerOf(world, request.maker).post(`${path}/approve`, {}), 403, `the maker approving ${what}`);
          refusedOwn = true;
        }
        // Approving posts through the ordinary posting: the balance less the other holds must cover it.
        const otherHolds = (world.loans.enabled ? world.loans.model.lien(request.userId) : 0) + pendingHeld(world, request.userId) - request.amount;
        const fits = world.model.balance(request.userId) - otherHolds >= request.amount;
        const approved = await callerOf(world, other).post(`${path}/approve`, {});
        if (fits) {
          expectStatus(approved, 200, `approving ${what}`);
          const transactionId = (approved.json as { transaction: { id: string } }).transaction.id;
          return () => {
            world.approvals.pending.delete(request.id);
            world.model.record([transactionId], [{ userId: request.userId, kobo: -request.amount }], `approved withdrawal ${nairaText(request.amount)} requested ${request.day}`);
            // Valued on the request's day, as Kobo posts an approval (decision 021).
            world.life.model.valuedOn(transactionId, request.day);
            world.tally.approvals.approved += 1;
            if (refusedOwn) world.tally.approvals.refusedOwnApprovals += 1;
          };
        }
        expectStatus(approved, 409, `approving ${what}, more than the balance less other holds`);
      }
      expectStatus(await callerOf(world, other).post(`${path}/decline`, { reason: 'sim: not approved' }), 200, `declining ${what}`);
      return () => {
        world.approvals.pending.delete(request.id);
        world.tally.approvals.declined += 1;
        if (refusedOwn) world.tally.approvals.refusedOwnApprovals += 1;
        if (roll < 0.8) world.tally.approvals.refusedApprovals += 1;
      };
    },
  };
}

type Holder = { userId: string; name: string; balanceKobo: number; heldKobo: number; pendingKobo: number; availableKobo: number };

/** At each month's end: every member's pending part of what is held is the model's pending withdrawals, and available is the balance less all holds. */
/**
 * After a member's exit settled: each withdrawal of theirs the model still has awaiting approval
 * was cancelled by the settlement (it paid out what the request held), so it is off the checkers'
 * queue and approving it is refused. Answers them, for the model to drop.
 */
export async function expectCancelledAtExit(world: World, userId: string, fail: (detail: string) => Error): Promise<PendingWithdrawal[]> {
  const waiting = [...world.approvals.pending.values()].filter((request) => request.userId === userId);
  if (waiting.length === 0) return [];
  const listed = await world.officer.get('/api/savings/requests?status=pending&limit=100');
  if (listed.status !== 200) throw fail(`the requests awaiting approval answered ${listed.status}`);
  const ids = new Set((listed.json as { requests: { id: string }[] }).requests.map((request) => request.id));
  const still = waiting.filter((request) => ids.has(request.id));
  if (still.length > 0) throw fail(`the withdrawals ${still.map((request) => request.id).join(', ')} still await approval after their member's exit paid out what they held`);
  for (const request of waiting) {
    const other = request.maker === 'first' ? 'second' : 'first';
    expectStatus(await callerOf(world, other).post(`/api/savings/requests/${request.id}/approve`, {}), 409, `approving the request ${request.id} its member's exit cancelled`);
  }
  return waiting;
}

export async function checkApprovals(world: World): Promise<Breach[]> {
  const answer = await world.officer.get('/api/savings/holders');
  const holders = answer.status === 200 ? (answer.json as { holders: Holder[] }).holders : [];
  const wrong: string[] = [];
  for (const member of world.members) {
    const holder = holders.find((candidate) => candidate.userId === member.userId);
    const pending = pendingHeld(world, member.userId);
    const held = (world.loans.enabled ? world.loans.model.lien(member.userId) : 0) + pending;
    const available = Math.max(0, (holder?.balanceKobo ?? 0) - held);
    if (!holder || holder.pendingKobo !== pending || holder.heldKobo !== held || holder.availableKobo !== available) {
      wrong.push(`${member.name}: model pending ${pending}, held ${held}, available ${available}; Kobo ${holder ? `pending ${holder.pendingKobo}, held ${holder.heldKobo}, available ${holder.availableKobo}` : 'absent'}`);
    }
  }
  return wrong.length > 0 ? [{ invariant: APPROVAL_INVARIANTS.holds, detail: wrong.slice(0, 5).join('; ') }] : [];
}
