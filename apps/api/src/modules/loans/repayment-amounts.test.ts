import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { findBookProblems } from '../ledger/book-problems.ts';
import { openSavingsContext } from '../savings/savings-test-support.ts';
import { approvedFlatLoan, createFlatLoanProduct } from './loan-test-support.ts';

/**
 * The ledger check compares each loan repayment's amount with its allocation (migration 0036;
 * decision 065's addendum: the simulator found an exit's payoff row written ₦1 over, which nothing
 * in Kobo saw). COOPERATIVE.md's flat loan: ₦120,000 at 12% for 12 months, a ₦1,000 fee; a first
 * payment of ₦12,200 pays the fee, then the first instalment's ₦1,200 interest and ₦10,000 principal.
 */
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-12-28T09:00:00Z'),
);
const db = () => ctx.app.kobo.database.db as Database;

describe('a repayment and its allocation', () => {
  it('agree for a repayment posted at the desk; a row whose amount was changed behind the ledger is named with both figures', async () => {
    const productId = await createFlatLoanProduct(admin, 'Repayment amounts product');
    const { loanId } = await approvedFlatLoan(ctx, admin, productId);
    expect((await admin.post(`/api/loans/${loanId}/disbursement`, {})).statusCode).toBe(201);
    const paid = await admin.post(`/api/loans/${loanId}/repayments`, { amount: '12,200' });
    expect(paid.statusCode, paid.body).toBe(201);
    const [row] = await queryRows<{ id: string; amount_kobo: string; allocation: { fee: number; lines: { interest: number; principal: number }[] } }>(
      db(),
      sql`select id::text, amount_kobo::text, allocation from loan_transactions where loan_id = ${loanId} and type = 'repayment'`,
    );
    expect([row!.amount_kobo, row!.allocation.fee, row!.allocation.lines.map((line) => [line.interest, line.principal])]).toEqual(['1220000', 100_000, [[120_000, 1_000_000]]]);
    expect(await findBookProblems(db())).toEqual([]);

    // The ledger is append-only (a trigger refuses UPDATE): the change is made with triggers off, as a
    // hand edit or a faulty restore would, and taken back the same way.
    const setAmount = (kobo: number) =>
      db().transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update loan_transactions set amount_kobo = ${kobo} where id = ${row!.id}`);
      });
    await setAmount(1_220_100);
    try {
      expect(await findBookProblems(db())).toEqual([{ problem: 'repayment differs from its allocation', subject: row!.id, expectedKobo: 1_220_000, foundKobo: 1_220_100 }]);
    } finally {
      await setAmount(1_220_000);
    }
    expect(await findBookProblems(db())).toEqual([]);
  });
});
