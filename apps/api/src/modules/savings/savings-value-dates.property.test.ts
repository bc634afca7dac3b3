import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { addDays, koboToNairaString, type IsoDate, type SavingsHolderListItem } from '@kobo/core';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { findNegativeStatements } from '../ledger/ledger-drift.ts';
import { addStaff, balanceOf, expectNoLedgerDrift, post, reverse, transfer } from './savings-test-support.ts';

// Issue 26: random back-dated postings, transfers and reversals against a small model of dated
// ledgers. The model accepts money going out only when, ordered by value date, no day from its
// value date on would end below ₦0; the server must agree on every answer, and no statement may
// ever show a negative running balance. 23 Nov 2026, 10:00 in Lagos; value dates 1–23 Nov.
const NOW = new Date('2026-11-23T09:00:00.000Z');
const FIRST_DAY = '2026-11-01';
const LAST_DAY_INDEX = 22;

let ctx: TestContext;
let admin: SignedInClient;
let holders: SavingsHolderListItem[];
beforeAll(async () => {
  ctx = await createTestContext({}, () => NOW);
  admin = await ctx.signedIn('admin');
  holders = [await addStaff(admin), await addStaff(admin), await addStaff(admin)];
});
afterAll(async () => {
  if (ctx) await expectNoLedgerDrift(ctx);
  await ctx?.close();
});

/** One ledger row of the model: an account, a day and a signed amount in kobo. */
type Row = { account: number; day: IsoDate; kobo: number };
/** Something the server posted that may be reversed: its id, its rows, and whether it was. */
type Posting = { id: string; day: IsoDate; rows: Row[]; isReversed: boolean };

const rows: Row[] = [];
const postings: Posting[] = [];

/** The model's rule: the account's balance at the end of every day from `day` on, plus `kobo`, stays >= 0. */
function fits(account: number, day: IsoDate, kobo: number): boolean {
  if (kobo >= 0) return true;
  const own = rows.filter((row) => row.account === account);
  const days = [day, ...own.map((row) => row.day).filter((other) => other > day)];
  return days.every((end) => own.filter((row) => row.day <= end).reduce((sum, row) => sum + row.kobo, 0) + kobo >= 0);
}

const accountIndex = fc.integer({ min: 0, max: 2 });
const dayIndex = fc.integer({ min: 0, max: LAST_DAY_INDEX });
const amount = fc.integer({ min: 1, max: 30_000 });
const operation = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), account: accountIndex, day: dayIndex, amount }),
  fc.record({ kind: fc.constant('withdrawal' as const), account: accountIndex, day: dayIndex, amount }),
  fc.record({ kind: fc.constant('transfer' as const), account: accountIndex, to: accountIndex, day: dayIndex, amount }),
  fc.record({ kind: fc.constant('reversal' as const), pick: fc.nat(), later: fc.integer({ min: 0, max: LAST_DAY_INDEX }) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

const dayOf = (index: number): IsoDate => addDays(FIRST_DAY, index);
const userOf = (account: number) => holders[account]?.userId as string;

/** Runs one operation on the server and in the model; the status the model expects, and the server's. */
async function apply(op: Operation): Promise<[number, number]> {
  if (op.kind === 'reversal') {
    const open = postings.filter((posting) => !posting.isReversed);
    const posting = open[op.pick % Math.max(open.length, 1)];
    if (!posting) return [0, 0];
    // Never before the original's day, never after today.
    const day = dayOf(Math.min(LAST_DAY_INDEX, Math.max(op.later, dayIndexOf(posting.day))));
    const undo = posting.rows.map((row) => ({ ...row, day, kobo: -row.kobo }));
    const isAccepted = undo.every((row) => fits(row.account, day, row.kobo));
    const response = await reverse(admin, posting.id, { reason: 'Property test', valueDate: day });
    if (isAccepted) {
      posting.isReversed = true;
      rows.push(...undo);
    }
    return [isAccepted ? 201 : 409, response.statusCode];
  }
  const day = dayOf(op.day);
  const naira = koboToNairaString(op.amount);
  if (op.kind === 'transfer') {
    const response = await transfer(admin, { fromUserId: userOf(op.account), toUserId: userOf(op.to), amount: naira, valueDate: day });
    if (op.to === op.account) return [400, response.statusCode];
    const isAccepted = fits(op.account, day, -op.amount);
    if (isAccepted) {
      const legs: Row[] = [
        { account: op.account, day, kobo: -op.amount },
        { account: op.to, day, kobo: op.amount },
      ];
      rows.push(...legs);
      postings.push({ id: response.json().out.id, day, rows: legs, isReversed: false });
    }
    return [isAccepted ? 201 : 409, response.statusCode];
  }
  const kobo = op.kind === 'deposit' ? op.amount : -op.amount;
  const response = await post(admin, { userId: userOf(op.account), type: op.kind, amount: naira, valueDate: day });
  const isAccepted = fits(op.account, day, kobo);
  if (isAccepted) {
    const row = { account: op.account, day, kobo };
    rows.push(row);
    postings.push({ id: response.json().transaction.id, day, rows: [row], isReversed: false });
  }
  return [isAccepted ? 201 : 409, response.statusCode];
}

function dayIndexOf(day: IsoDate): number {
  return Math.round((Date.parse(day) - Date.parse(FIRST_DAY)) / 86_400_000);
}

describe('back-dated postings and reversals against a model of dated ledgers', () => {
  it('agree on every answer, and no statement ever shows a running balance below ₦0', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        const expected: number[] = [];
        const actual: number[] = [];
        for (const op of operations) {
          const [want, got] = await apply(op);
          expected.push(want);
          actual.push(got);
        }
        expect(actual).toEqual(expected);
        expect(await findNegativeStatements(ctx.app.kobo.database.db)).toEqual([]);
        const balances: number[] = [];
        for (const holder of holders) balances.push(await balanceOf(admin, holder.userId));
        expect(balances).toEqual([0, 1, 2].map((account) => rows.filter((row) => row.account === account).reduce((sum, row) => sum + row.kobo, 0)));
      }),
      { numRuns: 25 },
    );
  });
});
