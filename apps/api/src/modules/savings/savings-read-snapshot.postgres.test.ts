import { describe, expect, it } from 'vitest';
import type { MySavings, SavingsAccountDetail, SavingsTransactionView } from '@kobo/core';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { balanceOf, deposit, openSavingsContext, post, transfer } from './savings-test-support.ts';

// Issue 26, part 7: an answer that shows figures together reads them from one snapshot. PostgreSQL
// only: there postings commit on other connections between a read's statements (42 of 264 answers
// did not add up before). On PGlite, one connection in process, the same test passed before the
// fix too, so it would only add a minute to that project.
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened));

/** The sign each type moves a balance by, written out here rather than taken from core. */
const SIGN: Record<string, number> = { deposit: 1, transfer_in: 1, withdrawal: -1, transfer_out: -1 };

function sumOf(transactions: SavingsTransactionView[], sign: (type: string) => number) {
  return transactions.reduce((sum, transaction) => sum + sign(transaction.type) * transaction.amountKobo, 0);
}

/** What does not add up in an account page answer; every posting of the account is in its period and its list. */
function accountPageFaults(answer: SavingsAccountDetail): string[] {
  const faults: string[] = [];
  const listed = sumOf(answer.transactions, (type) => SIGN[type] ?? Number.NaN);
  const inflow = sumOf(answer.transactions, (type) => ((SIGN[type] ?? 0) > 0 ? 1 : 0));
  const outflow = sumOf(answer.transactions, (type) => ((SIGN[type] ?? 0) < 0 ? 1 : 0));
  const { summary, account } = answer;
  if (account.balanceKobo !== listed) faults.push(`balance ${account.balanceKobo} but listed ${listed}`);
  if (summary.balanceKobo !== account.balanceKobo) faults.push(`summary balance ${summary.balanceKobo} but account ${account.balanceKobo}`);
  if (summary.netKobo !== account.balanceKobo) faults.push(`net ${summary.netKobo} but balance ${account.balanceKobo}`);
  if (summary.inflowKobo !== inflow) faults.push(`inflow ${summary.inflowKobo} but listed ${inflow}`);
  if (summary.outflowKobo !== outflow) faults.push(`outflow ${summary.outflowKobo} but listed ${outflow}`);
  return faults;
}

function mySavingsFaults(answer: MySavings): string[] {
  const listed = sumOf(answer.transactions, (type) => SIGN[type] ?? Number.NaN);
  return answer.account.balanceKobo === listed ? [] : [`balance ${answer.account.balanceKobo} but listed ${listed}`];
}

describe('reads while postings arrive', () => {
  it('answer the account page and My Savings with a balance that its own figures add up to', async () => {
    const holder = await ctx.signedIn('staff');
    const other = await ctx.signedIn('staff');
    await deposit(admin, holder.userId, '100000.00');
    await deposit(admin, other.userId, '100000.00');

    // 120 postings at once, all affordable: 30 each of a deposit of ₦12.34, a withdrawal of ₦5.67,
    // a transfer out of ₦8.90 and a transfer in of ₦3.21, on the holder's account.
    const progress = { settled: false };
    let reads = 0;
    const postings = Promise.all(
      Array.from({ length: 120 }, (_, index) => {
        if (index % 4 === 0) return post(admin, { userId: holder.userId, type: 'deposit', amount: '12.34' });
        if (index % 4 === 1) return post(admin, { userId: holder.userId, type: 'withdrawal', amount: '5.67' });
        if (index % 4 === 2) return transfer(admin, { fromUserId: holder.userId, toUserId: other.userId, amount: '8.90' });
        return transfer(admin, { fromUserId: other.userId, toUserId: holder.userId, amount: '3.21' });
      }),
    ).finally(() => {
      progress.settled = true;
    });

    // Meanwhile three readers of the admin's account page and three of the holder's My Savings.
    const faults: string[] = [];
    let faultyReads = 0;
    async function readUntilSettled(read: () => Promise<string[]>) {
      while (!progress.settled) {
        // A turn of the event loop between reads, as requests arriving over a network take:
        // without one, a read that completes in microtasks could starve the postings.
        await new Promise((resolve) => setImmediate(resolve));
        const found = await read();
        faults.push(...found);
        reads += 1;
        if (found.length > 0) faultyReads += 1;
      }
    }
    async function readAccountPage() {
      const response = await admin.get(`/api/savings/accounts/${holder.userId}?period=year`);
      expect(response.statusCode, response.body).toBe(200);
      return accountPageFaults(response.json());
    }
    async function readMySavings() {
      const response = await holder.get('/api/savings/me');
      expect(response.statusCode, response.body).toBe(200);
      return mySavingsFaults(response.json());
    }
    await Promise.all([
      postings,
      ...Array.from({ length: 3 }, () => readUntilSettled(readAccountPage)),
      ...Array.from({ length: 3 }, () => readUntilSettled(readMySavings)),
    ]);

    const statuses = (await postings).map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    expect(reads).toBeGreaterThanOrEqual(12);
    expect({ faultyReads, examples: faults.slice(0, 4) }, `${faultyReads} of ${reads} answers did not add up`).toEqual({ faultyReads: 0, examples: [] });
    // ₦100,000.00 + 30 × (₦12.34 − ₦5.67 − ₦8.90 + ₦3.21) = ₦100,029.40; the other: + 30 × (₦8.90 − ₦3.21).
    expect(await balanceOf(admin, holder.userId)).toBe(10_002_940);
    expect(await balanceOf(admin, other.userId)).toBe(10_017_070);
    expect(accountPageFaults((await admin.get(`/api/savings/accounts/${holder.userId}?period=year`)).json())).toEqual([]);
  }, 60_000);
});
