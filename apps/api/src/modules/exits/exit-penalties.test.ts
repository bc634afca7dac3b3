import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { createFlatLoanProduct } from '../loans/loan-test-support.ts';
import { accruePenalties } from '../loan-penalties/accrue-penalties.ts';
import { findBookProblems } from '../ledger/book-problems.ts';
import { depositInto } from '../savings-reports/savings-reports-test-support.ts';
import { addStaff, openSavingsContext } from '../savings/savings-test-support.ts';
import { activeLoan, exitAtNotice } from './exit-settlement-test-support.ts';

/**
 * Issue 33: a leaver's loan is paid off at its payoff quote, penalties included (they were charged
 * to Penalties receivable; the exit clears it). COOPERATIVE.md's by-laws: 2% of the overdue
 * instalment per month overdue, past a 7-day grace. A ₦120,000 loan at 12% flat (₦11,200 a month)
 * disbursed on 5 June 2026, nothing repaid: by 20 November the instalments due 31 July, 31 August,
 * 30 September and 31 October have drawn 4 + 3 + 2 + 1 = 10 charges of ₦224.00 (each on the 8th,
 * the day after the grace), ₦2,240.00.
 */
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-11-20T10:00:00+01:00'),
);
const db = () => ctx.app.kobo.database.db as Database;
const BYLAWS = { penaltyKind: 'percent', penaltyValue: '2', penaltyFrequency: 'monthly', penaltyGraceDays: '7', penaltyCapKind: 'percent', penaltyCapValue: '10' };

describe("a leaver's penalties", () => {
  it('are paid off at the exit and clear Penalties receivable', async () => {
    const productId = await createFlatLoanProduct(admin, 'Exit penalised product', BYLAWS);
    const staff = await addStaff(admin, { name: 'Kunle Leaving' });
    await depositInto(db(), staff.userId, ORDINARY_SAVINGS_PRODUCT_ID, 30_000_000, '2026-05-01');
    const loanId = await activeLoan(db(), { userId: staff.userId, productId, principalKobo: 12_000_000, disbursedOn: '2026-06-05' });
    const charged = await accruePenalties(db(), { id: null }, '2026-11-20');
    expect(charged).toMatchObject({ charges: 10, amountKobo: 224_000 });

    const exitId = await exitAtNotice(db(), { userId: staff.userId, holderName: 'Kunle Leaving' });
    const preview = await admin.post(`/api/exits/${exitId}/preview`, { settlementDate: '2026-11-20' });
    expect(preview.statusCode, preview.body).toBe(200);
    // Five months' interest to date (July to November, the month begun counting), the penalties, the principal.
    expect(preview.json().loans).toEqual([
      { loanId, productName: 'Exit test loan', kind: 'interest', principalKobo: 12_000_000, interestKobo: 600_000, feeKobo: 0, penaltyKobo: 224_000, payoffKobo: 12_824_000 },
    ]);
    expect(preview.json().payableKobo).toBe(17_176_000);
    const approved = await admin.post(`/api/exits/${exitId}/approve`, { settlementDate: '2026-11-20' });
    expect(approved.statusCode, approved.body).toBe(200);
    const settled = await admin.post(`/api/exits/${exitId}/settle`, undefined);
    expect(settled.statusCode, settled.body).toBe(201);

    const [receivable] = await queryRows<{ kobo: string }>(
      db(),
      sql`select coalesce(sum(l.amount_kobo), 0)::text as kobo from journal_lines l join ledger_mappings m on m.account_id = l.account_id and m.key = 'loans.penalty_receivable'`,
    );
    expect(Number(receivable?.kobo)).toBe(0);
    const penalties = (await admin.get(`/api/loans/${loanId}/penalties`)).json();
    expect(penalties).toMatchObject({ chargedKobo: 224_000, paidKobo: 224_000, outstandingKobo: 0 });
    expect(await findBookProblems(db())).toEqual([]);
  });
});
