import { describe, expect, it } from 'vitest';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { activeLoan, guarantee } from '../exits/exit-settlement-test-support.ts';
import { createFlatLoanProduct } from '../loans/loan-test-support.ts';
import { depositInto } from '../savings-reports/savings-reports-test-support.ts';
import { addStaff, openSavingsContext } from '../savings/savings-test-support.ts';

/**
 * Issue 34 on both databases: the approvals list shows, beside each share of a proposed recovery,
 * the guarantor's savings now and what would be available once the share is taken. A flat loan of
 * ₦240,000 at 12% for 12 months (instalments of ₦22,400) disbursed 10 Jun 2026 has three unpaid
 * on 30 Oct: ₦67,200 overdue. Two guarantees of ₦30,000 take ₦30,000 each. The first guarantor has
 * ₦100,000 saved and also guarantees ₦20,000 of another loan; the second has ₦40,000 saved.
 */
const clock = new Date('2026-10-30T10:00:00+01:00');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => clock,
);
const db = () => ctx.app.kobo.database.db as Database;

type Share = { name: string; amountKobo: number; standing?: { balanceKobo: number; availableAfterKobo: number } | null };
type Listed = { id: string; shares: Share[] };

async function member(name: string, kobo: number): Promise<string> {
  const staff = await addStaff(admin, { name });
  await depositInto(db(), staff.userId, ORDINARY_SAVINGS_PRODUCT_ID, kobo, '2026-06-01');
  return staff.userId;
}

describe("a proposed recovery's shares on the approvals list", () => {
  let loanId = '';
  let recoveryId = '';
  let checker: SignedInClient;

  it('show each guarantor’s savings now and what is available once their share is taken', async () => {
    checker = await ctx.signedIn('admin');
    const product = await createFlatLoanProduct(admin, 'Standing test product');
    const borrower = await member('Kemi Borrower', 6_000_000);
    const first = await member('Femi Guarantor', 10_000_000);
    const second = await member('Sade Guarantor', 4_000_000);
    loanId = await activeLoan(db(), { userId: borrower, productId: product, principalKobo: 24_000_000, disbursedOn: '2026-06-10' });
    await guarantee(db(), loanId, first, 3_000_000);
    await guarantee(db(), loanId, second, 3_000_000);
    // The first guarantor's other hold: ₦20,000 guaranteed on a loan that is not in arrears.
    const otherLoan = await activeLoan(db(), { userId: await member('Tayo Borrower', 6_000_000), productId: product, principalKobo: 12_000_000, disbursedOn: '2026-10-01' });
    await guarantee(db(), otherLoan, first, 2_000_000);

    const proposed = await admin.post(`/api/loans/${loanId}/recoveries`);
    expect(proposed.statusCode, proposed.body).toBe(201);
    recoveryId = proposed.json().id;
    // The other answers keep the share as it was: no standing.
    expect(proposed.json().shares.some((share: Share) => 'standing' in share)).toBe(false);
    expect((await admin.get(`/api/loans/${loanId}/recovery`)).json().recoveries[0].shares.some((share: Share) => 'standing' in share)).toBe(false);

    const listed = (await checker.get('/api/loan-recoveries?status=proposed')).json().recoveries as Listed[];
    const recovery = listed.find((item) => item.id === recoveryId);
    // ₦100,000 less ₦30,000 taken, less the ₦20,000 still held for the other loan: ₦50,000. ₦40,000 less ₦30,000: ₦10,000.
    // Equal guarantees are listed in account order: sorted by name to compare.
    const shares = recovery!.shares.map((share) => [share.name, share.amountKobo, share.standing]).toSorted((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(shares).toEqual([
      ['Femi Guarantor', 3_000_000, { balanceKobo: 10_000_000, availableAfterKobo: 5_000_000 }],
      ['Sade Guarantor', 3_000_000, { balanceKobo: 4_000_000, availableAfterKobo: 1_000_000 }],
    ]);
  });

  it('show none once the recovery is decided', async () => {
    const declined = await checker.post(`/api/loan-recoveries/${recoveryId}/decline`, { reason: 'A payment plan was agreed' });
    expect(declined.statusCode, declined.body).toBe(200);
    const listed = (await checker.get('/api/loan-recoveries')).json().recoveries as Listed[];
    expect(listed.find((item) => item.id === recoveryId)!.shares.map((share) => share.standing)).toEqual([null, null]);
  });
});
