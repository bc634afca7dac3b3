import { sql } from 'drizzle-orm';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koboToNairaString, type SavingsHolderListItem } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { addCategory } from '../expenses/expense-fixtures.ts';
import { addStaff, balanceOf, post, reverse, transfer } from '../savings/savings-test-support.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { findBookProblems } from './book-problems.ts';

/**
 * Issue 27: random sequences of savings postings, transfers, reversals and expenses (created,
 * edited, deleted), on either database, against a model kept here by plain arithmetic. After each
 * sequence the books' invariants hold (every entry balances, each trial balance balances, the day
 * balances equal the lines, every member and expense equals the journal) and each account the
 * sequence touched holds what the model says.
 */
let ctx: TestContext;
let admin: SignedInClient;
let holders: SavingsHolderListItem[];
let categories: string[];
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin');
  holders = [await addStaff(admin), await addStaff(admin), await addStaff(admin)];
  categories = [await addCategory(admin, 'Property fuel'), await addCategory(admin, 'Property stationery')];
});
afterAll(async () => {
  await ctx?.close();
});

const member = fc.integer({ min: 0, max: 2 });
const amount = fc.integer({ min: 1, max: 40_000 });
const method = fc.constantFrom('Cash', 'Bank transfer', 'POS', 'Cheque book');
const operation = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), member, amount }),
  fc.record({ kind: fc.constant('withdrawal' as const), member, amount }),
  fc.record({ kind: fc.constant('transfer' as const), member, to: member, amount }),
  fc.record({ kind: fc.constant('reverse_last_deposit' as const) }),
  fc.record({ kind: fc.constant('expense' as const), item: fc.integer({ min: 0, max: 1 }), amount, method }),
  fc.record({ kind: fc.constant('edit_last_expense' as const), item: fc.integer({ min: 0, max: 1 }), amount, method }),
  fc.record({ kind: fc.constant('delete_last_expense' as const) }),
);

/** The organisation's account a payment method credits, by the default mappings. */
const paidFrom = (paymentMethod: string) => (['bank transfer', 'pos', 'cheque'].includes(paymentMethod.toLowerCase()) ? 'organisation:1010' : 'organisation:1000');

type Expense = { id: string; item: number; amountKobo: number; method: string };

async function balancesByCode(): Promise<Record<string, number>> {
  const rows = await queryRows<{ key: string; balance: string | number }>(
    ctx.app.kobo.database.db,
    sql`select a.book || ':' || a.code as key, coalesce(sum(l.amount_kobo), 0) as balance
        from ledger_accounts a left join journal_lines l on l.account_id = a.id
        group by a.book, a.code`,
  );
  return Object.fromEntries(rows.map((row) => [row.key, Number(row.balance)]));
}

describe('the books against a model', () => {
  it('stay balanced and agree with every member and expense for random sequences', async () => {
    const itemCodes: string[] = [];
    for (const id of categories) {
      const [row] = await queryRows<{ code: string }>(ctx.app.kobo.database.db, sql`select a.code from categories c join ledger_accounts a on a.id = c.ledger_account_id where c.id = ${id}`);
      itemCodes.push(`organisation:${row?.code}`);
    }
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        const before = await balancesByCode();
        const model = { ...before };
        const move = (key: string, kobo: number) => (model[key] = (model[key] ?? 0) + kobo);
        const savings: number[] = [];
        for (const holder of holders) savings.push(await balanceOf(admin, holder.userId));
        const deposits: { id: string; member: number; amountKobo: number }[] = [];
        const expenses: Expense[] = [];
        // Every answer, and the one the model expects, compared once the sequence is done.
        const answered: number[] = [];
        const wanted: number[] = [];
        for (const op of operations) {
          if (op.kind === 'deposit' || op.kind === 'withdrawal') {
            const response = await post(admin, { userId: holders[op.member]?.userId, type: op.kind, amount: koboToNairaString(op.amount) });
            const affordable = op.kind === 'deposit' || (savings[op.member] ?? 0) >= op.amount;
            answered.push(response.statusCode);
            wanted.push(affordable ? 201 : 409);
            if (!affordable) continue;
            const signed = op.kind === 'deposit' ? op.amount : -op.amount;
            savings[op.member] = (savings[op.member] ?? 0) + signed;
            move('scheme:1000', signed);
            move('scheme:2000', -signed);
            if (op.kind === 'deposit') deposits.push({ id: response.json().transaction.id, member: op.member, amountKobo: op.amount });
          } else if (op.kind === 'transfer') {
            const response = await transfer(admin, { fromUserId: holders[op.member]?.userId, toUserId: holders[op.to]?.userId, amount: koboToNairaString(op.amount) });
            const status = op.to === op.member ? 400 : (savings[op.member] ?? 0) >= op.amount ? 201 : 409;
            answered.push(response.statusCode);
            wanted.push(status);
            if (status !== 201) continue;
            savings[op.member] = (savings[op.member] ?? 0) - op.amount;
            savings[op.to] = (savings[op.to] ?? 0) + op.amount;
          } else if (op.kind === 'reverse_last_deposit') {
            const last = deposits.pop();
            if (!last) continue;
            const response = await reverse(admin, last.id, { reason: 'Property reversal' });
            const affordable = (savings[last.member] ?? 0) >= last.amountKobo;
            answered.push(response.statusCode);
            wanted.push(affordable ? 201 : 409);
            if (!affordable) continue;
            savings[last.member] = (savings[last.member] ?? 0) - last.amountKobo;
            move('scheme:1000', -last.amountKobo);
            move('scheme:2000', last.amountKobo);
          } else if (op.kind === 'expense') {
            const response = await admin.post('/api/expenses', {
              categoryId: categories[op.item],
              amount: koboToNairaString(op.amount),
              description: 'Property expense',
              date: '2026-11-02',
              paymentMethod: op.method,
            });
            answered.push(response.statusCode);
            wanted.push(201);
            expenses.push({ id: response.json().expense.id, item: op.item, amountKobo: op.amount, method: op.method });
            move(itemCodes[op.item] ?? '', op.amount);
            move(paidFrom(op.method), -op.amount);
          } else if (op.kind === 'edit_last_expense') {
            const last = expenses.at(-1);
            if (!last) continue;
            const response = await admin.request('PUT', `/api/expenses/${last.id}`, {
              categoryId: categories[op.item],
              amount: koboToNairaString(op.amount),
              description: 'Property expense, edited',
              date: '2026-11-03',
              paymentMethod: op.method,
            });
            answered.push(response.statusCode);
            wanted.push(200);
            move(itemCodes[last.item] ?? '', -last.amountKobo);
            move(paidFrom(last.method), last.amountKobo);
            move(itemCodes[op.item] ?? '', op.amount);
            move(paidFrom(op.method), -op.amount);
            Object.assign(last, { item: op.item, amountKobo: op.amount, method: op.method });
          } else {
            const last = expenses.pop();
            if (!last) continue;
            const response = await admin.request('DELETE', `/api/expenses/${last.id}`);
            answered.push(response.statusCode);
            wanted.push(200);
            move(itemCodes[last.item] ?? '', -last.amountKobo);
            move(paidFrom(last.method), last.amountKobo);
          }
        }
        expect(answered).toEqual(wanted);
        expect(await findBookProblems(ctx.app.kobo.database.db)).toEqual([]);
        expect(await balancesByCode()).toEqual(model);
        for (const [index, holder] of holders.entries()) expect(await balanceOf(admin, holder.userId)).toBe(savings[index]);
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
