import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { findBookProblems } from '../ledger/book-problems.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';

/**
 * Issue 33, "Products without interest" (docs/decisions/056): COOPERATIVE.md's murabaha, a ₦300,000
 * generator sold at a 15% markup for ₦345,000 in 10 instalments of ₦34,500, and a qard hasan with
 * only a fixed ₦2,000 administrative fee.
 */
let ctx: TestContext;
let admin: SignedInClient;
const DISBURSED = new Date('2026-11-15T09:00:00Z');
const PAYDAY = new Date('2026-12-28T09:00:00Z');
let now = DISBURSED;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => now,
);
const db = () => ctx.app.kobo.database.db as Database;

const common = { maxMonths: '12', savingsMultiple: '2', maxAmount: '1,000,000', guarantorsRequired: '0', overpayment: 'reduce_term' };
const murabaha = { ...common, name: 'Generator Murabaha', kind: 'murabaha', markup: '15', charityKind: 'percent', charityValue: '2' };
const qardHasan = { ...common, name: 'Qard Hasan', kind: 'qard_hasan', feeKind: 'fixed', feeValue: '2,000' };

async function createProduct(body: Record<string, unknown>): Promise<string> {
  const response = await admin.post('/api/loan-products', body);
  expect(response.statusCode, response.statusCode === 500 ? ctx.logs.filter((line) => line.includes('"err"')).join('\n').slice(0, 3000) : response.body).toBe(201);
  return response.json().product.id;
}

/** A member who saved ₦200,000 is lent `amount` on the product over `months`, approved and disbursed on 15 November. */
async function disbursed(productId: string, fields: Record<string, string>): Promise<string> {
  now = DISBURSED;
  const staff = await addStaff(admin);
  await deposit(admin, staff.userId, '200,000');
  const applied = await admin.post('/api/loans', { productId, purpose: 'Power for the shop', userId: staff.userId, ...fields });
  expect(applied.statusCode, applied.body).toBe(201);
  const loanId: string = applied.json().loan.id;
  expect((await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' })).statusCode).toBe(200);
  const paid = await admin.post(`/api/loans/${loanId}/disbursement`, {});
  expect(paid.statusCode, paid.body).toBe(201);
  now = PAYDAY;
  return loanId;
}

/** Each journal line a loan's rows posted, by the account's system key, credits negative. */
async function postings(loanId: string) {
  const rows = await queryRows<{ narration: string; system_key: string; amount_kobo: string }>(
    db(),
    sql`select e.narration, a.system_key, l.amount_kobo::text from journal_entries e join journal_lines l on l.entry_id = e.id
        join ledger_accounts a on a.id = l.account_id
        where e.source_type = 'loan' and e.source_id in (select id from loan_transactions where loan_id = ${loanId})
        order by e.seq, l.line_no`,
  );
  return rows.map((row) => [row.narration.split(' · ')[0], row.system_key, Number(row.amount_kobo)]);
}

describe('a murabaha product', () => {
  it('is stored with its markup and charity donation, and keeps no rate', async () => {
    const response = await admin.post('/api/loan-products', { ...murabaha, name: 'Motorcycle Murabaha', method: 'reducing' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().product).toMatchObject({
      kind: 'murabaha',
      method: 'flat',
      annualRateBp: 0,
      markupBp: 1_500,
      lateCharity: { kind: 'percent', basisPoints: 200 },
      fee: null,
    });
  });

  it.each([
    [{ ...murabaha, annualRate: '12' }, 'annualRate', MESSAGES.loanRateNotAllowed],
    [{ ...murabaha, markup: '' }, 'markup', MESSAGES.loanMarkupInvalid],
    [{ ...qardHasan, annualRate: '5' }, 'annualRate', MESSAGES.loanRateNotAllowed],
    [{ ...qardHasan, feeKind: 'percent', feeValue: '1' }, 'feeKind', MESSAGES.qardHasanFeeFixedOnly],
    [{ ...qardHasan, charityKind: 'fixed', charityValue: '500' }, 'charityKind', MESSAGES.loanCharityMurabahaOnly],
    [{ ...murabaha, kind: 'riba' }, 'kind', MESSAGES.chooseLoanKind],
  ])('refuses %o on its field, writing nothing', async (body, field, message) => {
    await expectNoRowsWritten(db(), async () => {
      const response = await admin.post('/api/loan-products', { ...body, name: 'Refused' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'VALIDATION', message, field });
    });
  });

  it('sells a ₦300,000 generator for ₦345,000 in 10 instalments of ₦34,500, the markup posting to markup income, never interest', async () => {
    const productId = await createProduct(murabaha);
    const member = await addStaff(admin);
    await deposit(admin, member.userId, '200,000');
    const quote = await admin.get(`/api/loan-products/${productId}/quote?amount=300000&months=10&userId=${member.userId}`);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().quote.schedule).toMatchObject({ monthlyInstalment: 3_450_000, totalInterest: 4_500_000, totalRepayable: 34_500_000 });
    await expectNoRowsWritten(db(), async () => {
      const noItem = await admin.post('/api/loans', { productId, amount: '300,000', months: '10', purpose: 'Power', userId: member.userId });
      expect(noItem.statusCode).toBe(400);
      expect(noItem.json()).toEqual({ error: 'VALIDATION', message: MESSAGES.murabahaItemRequired, field: 'item' });
    });

    const loanId = await disbursed(productId, { amount: '300,000', months: '10', item: '7.5 kVA generator' });
    const repaid = await admin.post(`/api/loans/${loanId}/repayments`, { amount: '34,500' });
    expect(repaid.statusCode, repaid.body).toBe(201);
    const { loan } = repaid.json();
    expect(loan).toMatchObject({ kind: 'murabaha', markupBp: 1_500, item: '7.5 kVA generator', annualRateBp: 0, principalKobo: 30_000_000, feeKobo: 0 });
    expect(loan.schedule.instalments).toHaveLength(10);
    expect(loan.ledger.instalments[0]).toMatchObject({ principal: 3_000_000, interest: 450_000, principalPaid: 3_000_000, interestPaid: 450_000 });
    expect(loan.ledger).toMatchObject({ outstandingPrincipalKobo: 27_000_000, outstandingTotalKobo: 31_050_000 });
    // The payoff quote names the loan's kind, so its page says "markup to date".
    const payoff = await admin.get(`/api/loans/${loanId}/payoff-quote`);
    expect(payoff.statusCode, payoff.body).toBe(200);
    expect(payoff.json().quote).toMatchObject({ kind: 'murabaha', principalKobo: 27_000_000 });

    expect(await postings(loanId)).toEqual([
      ['Loan disbursed', 'scheme.loans', 30_000_000],
      ['Loan disbursed', 'scheme.bank', -30_000_000],
      ['Loan repayment', 'scheme.loans', -3_000_000],
      ['Loan repayment', 'scheme.bank', 3_450_000],
      ['Loan repayment', 'scheme.murabaha_markup', -450_000],
    ]);
    expect(await findBookProblems(db())).toEqual([]);
  });

  it('writes its statement with markup columns, and the word "interest" nowhere', async () => {
    const productId = await createProduct({ ...murabaha, name: 'Freezer Murabaha' });
    const loanId = await disbursed(productId, { amount: '300,000', months: '10', item: 'Chest freezer' });
    await admin.post(`/api/loans/${loanId}/repayments`, { amount: '34,500' });
    const response = await admin.get(`/api/loans/${loanId}/statement/export`);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Ledger')?.getRow(1).values).toEqual([undefined, 'Value Date', 'Entry', 'Amount', 'Fee Paid', 'Markup Paid', 'Principal Paid', 'Principal Owed', 'Recorded By', 'Recorded']);
    expect(workbook.getWorksheet('Schedule')?.getRow(1).values).toEqual([undefined, 'Instalment', 'Due Date', 'Principal', 'Markup', 'Instalment Amount', 'Paid', 'Markup Waived', 'Still Owed']);
    const words: string[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => words.push(String(cell.value)))));
    expect(words.join(' ')).not.toMatch(/interest/i);
  });
});

describe("a murabaha's late payment", () => {
  it('charges its 2% charity donation through the daily penalty job to Charity payable, never income, and a waiver takes it back from there', async () => {
    const productId = await createProduct({ ...murabaha, name: 'Late Murabaha' });
    const loanId = await disbursed(productId, { amount: '300,000', months: '10', item: 'Deep freezer' });
    // The first ₦34,500 instalment fell due on 31 December and is still unpaid on 10 January: 2% of it is ₦690.00, once.
    now = new Date('2027-01-10T09:00:00Z');
    const ran = await admin.post('/api/loan-penalties/run', { businessDate: '2027-01-10' });
    expect(ran.statusCode, ran.body).toBe(200);
    const penaltyLines = async () =>
      (
        await queryRows<{ system_key: string; amount_kobo: string }>(
          db(),
          sql`select a.system_key, l.amount_kobo::text from journal_entries e join journal_lines l on l.entry_id = e.id
              join ledger_accounts a on a.id = l.account_id where e.source_type = 'penalty' and e.source_id = ${loanId} order by e.seq, l.line_no`,
        )
      ).map((row) => [row.system_key, Number(row.amount_kobo)]);
    expect(await penaltyLines()).toEqual([
      ['scheme.penalty_receivable', 69_000],
      ['scheme.charity_payable', -69_000],
    ]);
    const waived = await admin.post(`/api/loans/${loanId}/penalties/waive`, { reason: 'Paid late by the payroll office' });
    expect(waived.statusCode, waived.body).toBe(200);
    expect((await penaltyLines()).slice(2)).toEqual([
      ['scheme.charity_payable', 69_000],
      ['scheme.penalty_receivable', -69_000],
    ]);
    expect(await findBookProblems(db())).toEqual([]);
  });
});

describe('a qard hasan', () => {
  it('charges only its fixed ₦2,000 fee, to fee income, and repays the principal alone', async () => {
    const productId = await createProduct(qardHasan);
    const loanId = await disbursed(productId, { amount: '120,000', months: '12' });
    const repaid = await admin.post(`/api/loans/${loanId}/repayments`, { amount: '12,000' });
    expect(repaid.statusCode, repaid.body).toBe(201);
    const { loan } = repaid.json();
    expect(loan).toMatchObject({ kind: 'qard_hasan', annualRateBp: 0, markupBp: null, item: null, feeKobo: 200_000 });
    expect(loan.schedule.totalInterest).toBe(0);
    // The fee first (₦2,000), then ₦10,000 of December's ₦10,000 principal.
    expect(loan.ledger).toMatchObject({ feeOutstandingKobo: 0, outstandingPrincipalKobo: 11_000_000 });
    expect(await postings(loanId)).toEqual([
      ['Loan disbursed', 'scheme.loans', 12_000_000],
      ['Loan disbursed', 'scheme.bank', -12_000_000],
      ['Loan fee', 'scheme.loans', 200_000],
      ['Loan fee', 'scheme.fee_income', -200_000],
      ['Loan repayment', 'scheme.loans', -1_200_000],
      ['Loan repayment', 'scheme.bank', 1_200_000],
    ]);
    expect(await findBookProblems(db())).toEqual([]);
  });
});

describe('the new accounts', () => {
  it('are a markup income account and a charity payable liability, mapped for the posting rules', async () => {
    const rows = await queryRows<{ key: string; name: string; kind: string }>(
      db(),
      sql`select m.key, a.name, a.kind from ledger_mappings m join ledger_accounts a on a.id = m.account_id where m.key in ('loans.markup_income', 'loans.charity_payable') order by m.key`,
    );
    expect(rows).toEqual([
      { key: 'loans.charity_payable', name: 'Charity payable', kind: 'liability' },
      { key: 'loans.markup_income', name: 'Murabaha markup income', kind: 'income' },
    ]);
  });
});
