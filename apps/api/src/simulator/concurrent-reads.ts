import { RequestLog, type Answer, type HttpCaller } from './http-caller.ts';
import { UnexpectedAnswer } from './operations.ts';
import { seededRandom, type Random } from './prng.ts';
import { nairaText, WITHDRAWAL_THRESHOLD_KOBO } from './savings-model.ts';
import { runsNext } from './shrink.ts';
import { INVARIANTS } from './simulation-failure.ts';
import type { Member, World } from './world.ts';

/**
 * Jepsen's bank test in Kobo's terms (issue 35): while a wave of writes runs, readers read again
 * and again (the officer's holders list, the books' trial balance, members' own statements) and
 * every read must show a state some commit left behind, never one half-way through a posting:
 *
 * - the trial balance balances;
 * - no holder's balance or available balance is below zero;
 * - in a wave of transfers only, the holders' balances add up to what they did before it (money
 *   moved between members, none made or lost): a read that saw one leg of a transfer and not the
 *   other breaks this;
 * - a statement's running balance steps by each row's amount from its opening balance, never
 *   dips below zero, and closes at the account's balance read in the same answer.
 *
 * The dashboard shows the organisation's expenses, not savings, so it has no total to conserve.
 *
 * Reads go out on their own callers and their own request log: how many fit in a wave depends on
 * the machine, so they must not count in the run's tally, which a seed alone decides.
 */

/** Each run's readers: a stream of dice apart from the operations' and the bank waves'. */
const READS_STREAM = 35_066;
const BANK_WAVES_STREAM = 35_067;

/** A test's way to break a read on purpose (and show the check finds it): the answer as the reader sees it. */
export type ReadTamper = (read: { path: string; json: unknown }) => unknown;

type Readers = {
  /** Which reader reads next: its rolls depend on timing, so it never decides a write. */
  pick: Random;
  /** The bank waves' transfers: decided by the seed alone. */
  bank: Random;
  log: RequestLog;
  officer: HttpCaller | null;
  statementReaders: Map<string, HttpCaller>;
  tamper: ReadTamper | undefined;
  bankKeys: number;
};

const readersOf = new WeakMap<World, Readers>();

/** Sets up the run's readers; the runner calls it once, before the first wave. */
export function startConcurrentReads(world: World, tamper?: ReadTamper): void {
  readersOf.set(world, {
    pick: seededRandom(world.seed * 1_000_003 + READS_STREAM),
    bank: seededRandom(world.seed * 1_000_003 + BANK_WAVES_STREAM),
    log: new RequestLog(() => world.clock.isoDay(), 10),
    officer: null,
    statementReaders: new Map(),
    tamper,
    bankKeys: 0,
  });
}

/**
 * Runs one wave of writes with readers reading until every write has answered; throws the first
 * read that showed a state no commit left. `conservedTotal` is the holders' total when the wave
 * moves money only between members.
 */
export async function readWhileWriting<T>(world: World, writes: () => Promise<T>, conservedTotal: number | null = null): Promise<T> {
  const readers = readersOf.get(world);
  if (!readers || world.members.length === 0) return writes();
  // Reads cost the run time: one in every few ordinary waves, several in each bank wave, which
  // is where a read caught half-way shows (and the month's end checks every figure anyway).
  if (conservedTotal === null && !readers.pick.chance(0.15)) return writes();
  const most = conservedTotal === null ? 1 : 4;
  const state = { writing: true };
  const done = writes().finally(() => {
    state.writing = false;
  });
  const anomalies: string[] = [];
  const reading = (async () => {
    // At least one read, even when the wave answers at once.
    let reads = 0;
    do {
      const anomaly = await readOnce(world, readers, conservedTotal);
      if (anomaly) anomalies.push(anomaly);
      reads += 1;
    } while (state.writing && anomalies.length === 0 && reads < most);
  })();
  const [result] = await Promise.all([done, reading]);
  if (anomalies.length > 0) throw new UnexpectedAnswer(INVARIANTS.committedReads, anomalies.join('; '));
  return result;
}

async function readOnce(world: World, readers: Readers, conservedTotal: number | null): Promise<string | null> {
  const roll = readers.pick.next();
  if (roll < 0.35) return readHolders(world, readers, conservedTotal);
  if (roll < 0.6) return readTrialBalance(world, readers);
  return readStatement(world, readers, readers.pick.pick(world.members));
}

/** The officer's session, copied onto the readers' log. */
function officerReader(world: World, readers: Readers): HttpCaller {
  readers.officer ??= world.officer.readingOn(readers.log, 'officer (reading)');
  return readers.officer;
}

async function read(readers: Readers, caller: HttpCaller, path: string): Promise<Answer> {
  const answer = await caller.get(path);
  return readers.tamper ? { ...answer, json: readers.tamper({ path, json: answer.json }) } : answer;
}

async function readHolders(world: World, readers: Readers, conservedTotal: number | null): Promise<string | null> {
  const answer = await read(readers, officerReader(world, readers), '/api/savings/holders');
  if (answer.status !== 200) return `GET /api/savings/holders answered ${answer.status} during a wave`;
  const holders = (answer.json as { holders: { name: string; balanceKobo: number; availableKobo: number }[] }).holders;
  const below = holders.find((holder) => holder.balanceKobo < 0 || holder.availableKobo < 0);
  if (below) return `the holders list read during a wave shows ${below.name} at ${below.balanceKobo} (available ${below.availableKobo})`;
  if (conservedTotal === null) return null;
  const total = holders.reduce((sum, holder) => sum + holder.balanceKobo, 0);
  return total === conservedTotal ? null : `the holders list read during a wave of transfers adds up to ${total}; before it, ${conservedTotal}`;
}

async function readTrialBalance(world: World, readers: Readers): Promise<string | null> {
  const answer = await read(readers, officerReader(world, readers), '/api/books/trial-balance');
  if (answer.status !== 200) return `GET /api/books/trial-balance answered ${answer.status} during a wave`;
  const { rows, totalDebitKobo, totalCreditKobo } = answer.json as { rows: { debitKobo: number; creditKobo: number }[]; totalDebitKobo: number; totalCreditKobo: number };
  const debits = rows.reduce((sum, row) => sum + row.debitKobo, 0);
  const credits = rows.reduce((sum, row) => sum + row.creditKobo, 0);
  if (totalDebitKobo === totalCreditKobo && debits === totalDebitKobo && credits === totalCreditKobo) return null;
  return `the trial balance read during a wave: debits ${totalDebitKobo} (rows ${debits}), credits ${totalCreditKobo} (rows ${credits})`;
}

/** Money in or out by a row's type: the simulator's own table, not Kobo's. */
const INTO_THE_ACCOUNT = new Set(['deposit', 'transfer_in', 'interest']);

async function readStatement(world: World, readers: Readers, member: Member): Promise<string | null> {
  let caller = readers.statementReaders.get(member.userId);
  if (!caller) {
    caller = member.caller.readingOn(readers.log, `${member.name} (reading)`);
    readers.statementReaders.set(member.userId, caller);
  }
  const today = world.clock.isoDay();
  const path = `/api/savings/statement?from=${today.slice(0, 7)}-01&to=${today}`;
  const answer = await read(readers, caller, path);
  if (answer.status !== 200) return `${member.name}'s statement answered ${answer.status} during a wave`;
  const statement = answer.json as {
    account: { balanceKobo: number };
    openingBalanceKobo: number;
    closingBalanceKobo: number;
    rows: { type: string; amountKobo: number; balanceAfterKobo: number }[];
  };
  let running = statement.openingBalanceKobo;
  if (running < 0) return `${member.name}'s statement read during a wave opens at ${running}`;
  for (const [index, row] of statement.rows.entries()) {
    running += INTO_THE_ACCOUNT.has(row.type) ? row.amountKobo : -row.amountKobo;
    if (row.balanceAfterKobo !== running) return `${member.name}'s statement read during a wave: row ${index + 1} (${row.type} ${row.amountKobo}) shows ${row.balanceAfterKobo}, its rows add up to ${running}`;
    if (running < 0) return `${member.name}'s statement read during a wave runs down to ${running} at row ${index + 1}`;
  }
  if (statement.closingBalanceKobo !== running) return `${member.name}'s statement read during a wave closes at ${statement.closingBalanceKobo}; its rows add up to ${running}`;
  if (statement.account.balanceKobo !== running) return `${member.name}'s statement read during a wave closes at ${running}; the same answer's account holds ${statement.account.balanceKobo}`;
  return null;
}

/**
 * Now and then (on the seed's own dice) a wave of transfers only, between members with money,
 * each keyed, so the holders' total must hold still at every read taken while it runs. Applied to
 * the model in the planned order, like every wave.
 */
export async function bankWave(world: World): Promise<void> {
  const readers = readersOf.get(world);
  if (!readers || !readers.bank.chance(0.08) || !runsNext(world)) return;
  // What loans hold is not the sender's to move (decision 064): only the available part is sent.
  const funded = world.members.filter((member) => world.model.available(member.userId) > 0);
  const pairs: [Member, Member][] = [];
  const busy = new Set<Member>();
  for (let tries = readers.bank.int(2, 5); tries > 0 && funded.length > 0; tries -= 1) {
    const from = readers.bank.pick(funded);
    const to = readers.bank.pick(world.members);
    if (from === to || busy.has(from) || busy.has(to)) continue;
    busy.add(from).add(to);
    pairs.push([from, to]);
  }
  if (pairs.length === 0) return;
  // Keys of their own: world.newKey rolls the operations' dice.
  const planned = pairs.map(([from, to]) => ({ from, to, kobo: Math.min(WITHDRAWAL_THRESHOLD_KOBO, readers.bank.int(1, world.model.available(from.userId))), key: `sim-${world.seed}-bank-${(readers.bankKeys += 1)}` }));
  const before = [...world.model.allBalances().values()].reduce((sum, kobo) => sum + kobo, 0);
  const answers = await readWhileWriting(
    world,
    () =>
      Promise.all(
        planned.map(({ from, to, kobo, key }) =>
          world.officer.post('/api/savings/transfers', { fromUserId: from.userId, toUserId: to.userId, amount: nairaText(kobo), description: 'sim bank transfer' }, { 'idempotency-key': key }),
        ),
      ),
    before,
  );
  for (const [index, answer] of answers.entries()) {
    const { from, to, kobo } = planned[index] as (typeof planned)[number];
    if (answer.status !== 201) throw new UnexpectedAnswer(INVARIANTS.expectedAnswer, `a bank transfer of ${nairaText(kobo)} from ${from.name} to ${to.name}: expected 201, Kobo answered ${answer.status} ${answer.text.slice(0, 300)}`);
    const legs = answer.json as { out: { id: string }; in: { id: string } };
    world.model.record(
      [legs.out.id, legs.in.id],
      [
        { userId: from.userId, kobo: -kobo },
        { userId: to.userId, kobo },
      ],
      `bank transfer ${nairaText(kobo)} ${from.name} → ${to.name}`,
    );
    world.tally.transfers += 1;
  }
  world.tally.requests = world.log.total();
}
