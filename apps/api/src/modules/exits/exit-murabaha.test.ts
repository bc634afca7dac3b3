import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { createFlatLoanProduct } from '../loans/loan-test-support.ts';
import { findBookProblems } from '../ledger/book-problems.ts';
import { depositInto } from '../savings-reports/savings-reports-test-support.ts';
import { addStaff, openSavingsContext } from '../savings/savings-test-support.ts';
import { activeLoan, exitAtNotice } from './exit-settlement-test-support.ts';

/**
 * Issue 33, loans without interest (docs/decisions/056): a leaver's murabaha paid off at the exit
 * credits its markup to Murabaha markup income, never interest income. The clock stands at
 * 20 Nov 2026; COOPERATIVE.md's retiring member's ₦120,000 loan owes ₦1,200 of its charge then.
 */
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-11-20T10:00:00+01:00'),
);
const db = () => ctx.app.kobo.database.db as Database;

describe("a leaver's murabaha", () => {
  it('is paid off at the exit with its ₦1,200 markup credited to markup income', async () => {
    const productId = await createFlatLoanProduct(admin, 'Exit murabaha product');
    const staff = await addStaff(admin, { name: 'Hauwa Leaving' });
    await depositInto(db(), staff.userId, ORDINARY_SAVINGS_PRODUCT_ID, 30_000_000, '2026-10-01');
    const loanId = await activeLoan(db(), { userId: staff.userId, productId, principalKobo: 12_000_000, disbursedOn: '2026-10-05' });
    // The same figures as a murabaha: its instalments' charge (₦1,200 a month) is its markup.
    await db().execute(sql`update loans set kind = 'murabaha', annual_rate_bp = 0, markup_bp = 1200, item = 'Motorcycle' where id = ${loanId}`);
    const exitId = await exitAtNotice(db(), { userId: staff.userId, holderName: 'Hauwa Leaving' });
    // The statement names the charge a markup (the screen and the workbook read its kind).
    const preview = await admin.post(`/api/exits/${exitId}/preview`, { settlementDate: '2026-11-20' });
    expect(preview.json().loans.map((loan: { kind: string; interestKobo: number }) => [loan.kind, loan.interestKobo])).toEqual([['murabaha', 120_000]]);
    const approved = await admin.post(`/api/exits/${exitId}/approve`, { settlementDate: '2026-11-20' });
    expect(approved.statusCode, approved.body).toBe(200);
    const settled = await admin.post(`/api/exits/${exitId}/settle`, undefined);
    expect(settled.statusCode, settled.body).toBe(201);
    const lines = await queryRows<{ system_key: string | null; amount_kobo: string }>(
      db(),
      sql`select a.system_key, l.amount_kobo::text from member_exits x join journal_lines l on l.entry_id = x.entry_id
          join ledger_accounts a on a.id = l.account_id where x.id = ${exitId} and a.system_key in ('scheme.murabaha_markup', 'scheme.interest_income')`,
    );
    expect(lines.map((line) => [line.system_key, Number(line.amount_kobo)])).toEqual([['scheme.murabaha_markup', -120_000]]);
    expect(await findBookProblems(db())).toEqual([]);
  });
});
