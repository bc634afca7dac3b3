import type { Answer } from './http-caller.ts';
import { nairaText, WITHDRAWAL_THRESHOLD_KOBO } from './savings-model.ts';
import { INVARIANTS } from './simulation-failure.ts';
import type { Member, World } from './world.ts';

/** An answer that is not what the model expected: the runner reports it with the seed and the day. */
export class UnexpectedAnswer extends Error {
  constructor(
    readonly invariant: string,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * One planned operation: the members whose money it may move (operations on different members
 * run at once, as several callers would), and the work, which reads the model only when it runs.
 */
export type Operation = { touches: string[]; run: () => Promise<Commit | void> };

/**
 * What an operation learned, applied to the model after its wave in the order the operations were
 * planned, never in the order their answers arrived: the same seed then gives the same model.
 */
export type Commit = () => void;

export function expectStatus(answer: Answer, expected: number, what: string, invariant: string = INVARIANTS.expectedAnswer): void {
  if (answer.status !== expected) throw new UnexpectedAnswer(invariant, `${what}: expected ${expected}, Kobo answered ${answer.status} ${answer.text.slice(0, 300)}`);
}

/** An amount between ₦10 and ₦50,000, in kobo, some of them with kobo. */
function someAmount(world: World): number {
  const naira = world.random.int(10, 50_000);
  return naira * 100 + (world.random.chance(0.3) ? world.random.int(1, 99) : 0);
}

export function join(world: World): Operation {
  // Numbered when planned: two joins in one wave must not pick the same number.
  world.joinsPlanned += 1;
  const number = world.joinsPlanned;
  return {
    touches: [],
    run: async () => {
      const name = `Member ${number} Sim`;
      const email = `member${number}.seed${world.seed}@sim.kobo.test`;
      const password = `secret-${number}-pass`;
      const created = await world.officer.post('/api/savings/staff', { email, password, name });
      expectStatus(created, 201, `joining ${name}`);
      const { userId, staffId } = (created.json as { staff: { userId: string; staffId: string } }).staff;
      const caller = world.openCaller(name);
      // Founders sign in together: correct passwords are never refused as a burst (decision 014's addendum, found here).
      expectStatus(await caller.post('/api/auth/sign-in', { email, password }), 200, `${name} signing in`);
      return () => {
        world.model.addMember(userId);
        world.members.push({ number, userId, staffId, name, caller });
        world.tally.joins += 1;
      };
    },
  };
}

/**
 * A deposit or withdrawal, by the officer for a member (a staff member may only read their own
 * savings: post_own_savings is a regular user's, core's permissions.ts). A withdrawal above the balance must be refused (409) and move nothing. Some carry an
 * Idempotency-Key and are sent twice, one after the other or both at once: the second must
 * replay the first's answer, and the money moves once.
 */
export function singlePosting(world: World, member: Member, type: 'deposit' | 'withdrawal'): Operation {
  const duplicate = world.random.pick(['none', 'none', 'none', 'after', 'together'] as const);
  const overdraw = type === 'withdrawal' && world.random.chance(0.25);
  return {
    touches: [member.userId],
    run: async () => {
      const balance = world.model.balance(member.userId);
      // What loans hold cannot be withdrawn (COOPERATIVE.md "Loans"): past the available balance is refused.
      const available = world.model.available(member.userId);
      if (type === 'withdrawal' && available === 0 && !overdraw) return;
      // At most the two-person threshold: a larger withdrawal waits for a second officer (withdrawal-approvals.ts).
      const amount = type === 'deposit' ? someAmount(world) : overdraw ? available + world.random.int(1, 500_000) : Math.min(WITHDRAWAL_THRESHOLD_KOBO, world.random.int(1, available));
      const caller = world.officer;
      const body = { type, amount: nairaText(amount), userId: member.userId, description: `sim ${type}` };
      const key = duplicate === 'none' ? null : world.newKey();
      const headers: Record<string, string> = key ? { 'idempotency-key': key } : {};
      const send = () => caller.post('/api/savings/transactions', body, headers);
      const answers = duplicate === 'together' ? await Promise.all([send(), send()]) : [await send()];
      if (duplicate === 'after') answers.push(await send());
      const what = `${caller.name}: ${type} of ${nairaText(amount)} for ${member.name} (model balance ${nairaText(balance)})`;
      if (amount > available && type === 'withdrawal') {
        for (const answer of answers) expectStatus(answer, 409, what);
        return () => {
          world.tally.refusedOverdraws += 1;
        };
      }
      for (const answer of answers) expectStatus(answer, 201, what);
      const ids = answers.map((answer) => (answer.json as { transaction: { id: string } }).transaction.id);
      if (new Set(ids).size !== 1) throw new UnexpectedAnswer(INVARIANTS.idempotency, `${what}: one key ${key} posted ${new Set(ids).size} times (${ids.join(', ')})`);
      return () => {
        if (answers.length > 1) world.tally.replays += 1;
        world.model.record([ids[0] as string], [{ userId: member.userId, kobo: type === 'deposit' ? amount : -amount }], `${type} ${nairaText(amount)} ${member.name}`);
        if (type === 'deposit') world.tally.deposits += 1;
        else world.tally.withdrawals += 1;
      };
    },
  };
}

/** The officer moves money from one member to another; above the sender's balance it is refused. */
export function transfer(world: World, from: Member, to: Member): Operation {
  const overdraw = world.random.chance(0.2);
  const retried = world.random.chance(0.2);
  return {
    touches: [from.userId, to.userId],
    run: async () => {
      // What loans hold of the sender's savings cannot be sent.
      const available = world.model.available(from.userId);
      if (available === 0 && !overdraw) return;
      const amount = overdraw ? available + world.random.int(1, 100_000) : Math.min(WITHDRAWAL_THRESHOLD_KOBO, world.random.int(1, available));
      const headers: Record<string, string> = retried ? { 'idempotency-key': world.newKey() } : {};
      const body = { fromUserId: from.userId, toUserId: to.userId, amount: nairaText(amount), description: 'sim transfer' };
      const answers = [await world.officer.post('/api/savings/transfers', body, headers)];
      if (retried) answers.push(await world.officer.post('/api/savings/transfers', body, headers));
      const what = `transfer of ${nairaText(amount)} from ${from.name} (model available ${nairaText(available)}) to ${to.name}`;
      if (overdraw) {
        for (const answer of answers) expectStatus(answer, 409, what);
        return () => {
          world.tally.refusedOverdraws += 1;
        };
      }
      for (const answer of answers) expectStatus(answer, 201, what);
      const legs = answers.map((answer) => answer.json as { out: { id: string }; in: { id: string } });
      const first = legs[0] as { out: { id: string }; in: { id: string } };
      if (legs.some((leg) => leg.out.id !== first.out.id)) throw new UnexpectedAnswer(INVARIANTS.idempotency, `${what}: a retried key posted again`);
      return () => {
        if (answers.length > 1) world.tally.replays += 1;
        world.model.record(
          [first.out.id, first.in.id],
          [
            { userId: from.userId, kobo: -amount },
            { userId: to.userId, kobo: amount },
          ],
          `transfer ${nairaText(amount)} ${from.name} → ${to.name}`,
        );
        world.tally.transfers += 1;
      };
    },
  };
}

/** The officer reverses an earlier posting (valued today); one that would overdraw must be refused. */
export function reversal(world: World): Operation | null {
  const open = world.model.reversible();
  if (open.length === 0) return null;
  const { transactionId, label } = world.random.pick(open);
  return {
    touches: world.model.usersOf(transactionId),
    run: async () => {
      // Another reversal planned the same day may have undone it first: then it must be refused.
      const already = world.model.isReversed(transactionId);
      const overdraws = !already && world.model.reversalOverdraws(transactionId);
      const answer = await world.officer.post(`/api/savings/transactions/${transactionId}/reversal`, { reason: 'sim: entered in error' }, { 'idempotency-key': world.newKey() });
      if (already) {
        expectStatus(answer, 409, `reversing ${label} a second time`);
        return () => {
          world.tally.refusedReversals += 1;
        };
      }
      if (overdraws) {
        expectStatus(answer, 409, `reversing ${label}, which would overdraw`);
        return () => {
          world.tally.refusedReversals += 1;
        };
      }
      expectStatus(answer, 201, `reversing ${label}`);
      return () => {
        world.model.reverse(transactionId);
        world.tally.reversals += 1;
      };
    },
  };
}

/**
 * The month's run, posted by the payroll program's API token: prepare, review (every row ready),
 * post, and post again with the same Idempotency-Key (a retry), which must replay, not post twice.
 */
export function monthlyRun(world: World): Operation {
  return {
    touches: world.members.map((member) => member.userId),
    run: async () => {
      const month = world.clock.month();
      const prepared = await world.payroll.get(`/api/savings/runs/prepare?month=${month}`);
      expectStatus(prepared, 200, `preparing the ${month} run`);
      const amounts = new Map<Member, number>();
      for (const member of world.members) if (world.random.chance(0.85)) amounts.set(member, someAmount(world));
      // The loans' column: each borrower's deduction (loan-operations.ts), beside or without a contribution.
      const repayments = world.loans.planRunRepayments(world);
      const rowsFor = world.members.filter((member) => amounts.has(member) || repayments.has(member.userId));
      if (rowsFor.length === 0) return;
      const draft = {
        month,
        rows: rowsFor.map((member) => {
          const kobo = amounts.get(member);
          const repayment = repayments.get(member.userId);
          return { ref: member.staffId, amount: kobo === undefined ? '' : nairaText(kobo), ...(repayment ? { loanRepayment: nairaText(repayment.kobo) } : {}) };
        }),
      };
      const review = await world.payroll.post('/api/savings/batches/review', draft);
      expectStatus(review, 200, `reviewing the ${month} run`);
      const refused = (review.json as { refusedCount: number }).refusedCount;
      if (refused !== 0) throw new UnexpectedAnswer(INVARIANTS.expectedAnswer, `the ${month} run's review refused ${refused} rows: ${review.text.slice(0, 300)}`);
      const key = world.newKey();
      const posted = await world.payroll.post('/api/savings/batches', draft, { 'idempotency-key': key });
      expectStatus(posted, 201, `posting the ${month} run`);
      const again = await world.payroll.post('/api/savings/batches', draft, { 'idempotency-key': key });
      expectStatus(again, 201, `posting the ${month} run again with its key`, INVARIANTS.idempotency);
      const batchId = (posted.json as { batch: { id: string } }).batch.id;
      if ((again.json as { batch: { id: string } }).batch.id !== batchId) throw new UnexpectedAnswer(INVARIANTS.idempotency, `the ${month} run's key ${key} posted a second batch`);
      const detail = await world.payroll.get(`/api/savings/batches/${batchId}`);
      expectStatus(detail, 200, `reading the ${month} run`);
      const postings = (detail.json as { postings: { transactionId: string; userId: string | null }[] }).postings;
      if (postings.length !== amounts.size) throw new UnexpectedAnswer(INVARIANTS.expectedAnswer, `the ${month} run posted ${postings.length} rows of ${amounts.size}`);
      const byUser = new Map([...amounts].map(([member, kobo]) => [member.userId, { member, kobo }]));
      const rows = postings.map((posting) => {
        const row = posting.userId ? byUser.get(posting.userId) : undefined;
        if (!row) throw new UnexpectedAnswer(INVARIANTS.expectedAnswer, `the ${month} run posted for someone it was not given: ${posting.userId}`);
        return { transactionId: posting.transactionId, ...row };
      });
      const recordRepayments = await world.loans.recordRunRepayments(world, batchId, repayments);
      return () => {
        recordRepayments();
        world.tally.replays += 1;
        // In the members' order, whatever order the batch lists its postings in.
        rows.sort((a, b) => a.member.number - b.member.number);
        for (const row of rows) world.model.record([row.transactionId], [{ userId: row.member.userId, kobo: row.kobo }], `${month} run ${nairaText(row.kobo)} ${row.member.name}`);
        world.model.recordBatch(batchId, rows.map((row) => row.transactionId), `the ${month} run`, repayments.size === 0);
        world.tally.batches += 1;
      };
    },
  };
}

/**
 * The payroll program reverses an earlier month's run whole (its postings not already reversed
 * one by one), retrying once with the same key; one that would overdraw anyone moves nothing.
 */
export function batchReversal(world: World): Operation | null {
  const open = world.model.reversibleBatches();
  if (open.length === 0) return null;
  const { batchId, label } = world.random.pick(open);
  return {
    touches: world.model.openPostingsOfBatch(batchId).flatMap((id) => world.model.usersOf(id)),
    run: async () => {
      const already = world.model.isBatchReversed(batchId);
      const overdraws = !already && world.model.batchReversalOverdraws(batchId);
      const headers = { 'idempotency-key': world.newKey() };
      const send = () => world.payroll.post(`/api/savings/batches/${batchId}/reversal`, { reason: 'sim: the payroll file was wrong' }, headers);
      const answers = [await send(), await send()];
      if (already || overdraws) {
        for (const answer of answers) expectStatus(answer, 409, `reversing ${label}, ${already ? 'already reversed' : 'which would overdraw'}`);
        return () => {
          world.tally.refusedReversals += 1;
        };
      }
      for (const answer of answers) expectStatus(answer, 201, `reversing ${label} (and retrying with its key)`);
      return () => {
        world.model.reverseBatch(batchId);
        world.tally.batchReversals += 1;
        world.tally.replays += 1;
      };
    },
  };
}

/**
 * A request no client should send: broken JSON, a NUL in a string, absurd numbers, someone who
 * does not exist. Each must be answered 4xx (never 2xx, never 5xx) and move nothing; that nothing
 * moved is the month's model check.
 */
export function hostile(world: World): Operation {
  const member = world.members.length > 0 ? world.random.pick(world.members) : null;
  const userId = member?.userId ?? 'nobody';
  const attacks: [string, () => Promise<Answer>][] = [
    ['broken JSON', () => world.officer.send('POST', '/api/savings/transactions', '{"type":"deposit","amount":"10", ')],
    ['a NUL in the description', () => world.officer.post('/api/savings/transactions', { userId, type: 'deposit', amount: '10', description: 'a\u0000b' })],
    ['a huge amount', () => world.officer.post('/api/savings/transactions', { userId, type: 'deposit', amount: '99999999999999999999999' })],
    ['an amount past a float', () => world.officer.send('POST', '/api/savings/transactions', `{"userId":"${userId}","type":"deposit","amount":1e308}`)],
    ['a negative amount', () => world.officer.post('/api/savings/transactions', { userId, type: 'withdrawal', amount: '-500' })],
    ['a transfer to oneself', () => world.officer.post('/api/savings/transfers', { fromUserId: userId, toUserId: userId, amount: '1' })],
    ['nobody to pay', () => world.officer.post('/api/savings/transactions', { userId: '00000000-0000-0000-0000-000000000000', type: 'deposit', amount: '10' })],
    ['reversing no posting', () => world.officer.post('/api/savings/transactions/not-a-posting/reversal', { reason: 'x' })],
    ['a NUL in a batch ref', () => world.payroll.post('/api/savings/batches', { month: world.clock.month(), rows: [{ ref: 'STF\u0000001', amount: '10' }] })],
  ];
  const [what, attack] = world.random.pick(attacks);
  return {
    touches: member ? [member.userId] : [],
    run: async () => {
      const answer = await attack();
      if (answer.status < 400 || answer.status >= 500) throw new UnexpectedAnswer(INVARIANTS.hostile, `${what}: answered ${answer.status} ${answer.text.slice(0, 300)}`);
      return () => {
        world.tally.hostile += 1;
      };
    },
  };
}
