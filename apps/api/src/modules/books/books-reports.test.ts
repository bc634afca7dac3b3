import { beforeAll, describe, expect, it } from 'vitest';
import { BOOK_REPORT_MESSAGES, MESSAGES, type GeneralLedgerView, type JournalPage, type LedgerAccountView } from '@kobo/core';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { readSheetTable } from '../../spreadsheet/read-sheet-table.ts';
import { addStaff, deposit, openSavingsContext, post } from '../savings/savings-test-support.ts';
import { readGeneralLedger } from './read-general-ledger.ts';
import { readJournal } from './read-journal.ts';

/**
 * COOPERATIVE.md's "Books (double entry)" examples, moved through the HTTP API, then read back in
 * every report. Bola saves ₦20,000 in cash and borrows ₦120,000 with a 1% fee on 10 June 2026,
 * paying the ₦1,200 fee in cash that day; the July run (valued Friday 31 July) brings Ada's payroll
 * contribution of ₦5,000 and Bola's repayment of ₦11,200 (principal ₦10,000, interest ₦1,200); on
 * 5 August Ada withdraws ₦2,000 and the organisation buys diesel for ₦2,500 in cash.
 */
let ctx: TestContext;
let admin: SignedInClient;
let now = new Date('2026-06-10T09:00:00Z');
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => now,
);

let ada = { userId: '', staffId: '', accountId: '' };
let bola = { userId: '', staffId: '', accountId: '' };
let loanId = '';
let expenseId = '';
let julyBatchId = '';
const scheme = new Map<string, LedgerAccountView>();
const organisation = new Map<string, LedgerAccountView>();

async function json<T>(url: string): Promise<T> {
  const response = await admin.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

async function sheet(url: string, fileName: string) {
  const response = await admin.get(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  return (await readSheetTable(response.rawPayload, { maxRows: 1000, messages: { tooManyRows: 'too many rows' } })).map((row) => row.cells);
}

function fill(staff: { userId: string; staffId: string | null; accountId: string | null }) {
  return { userId: staff.userId, staffId: staff.staffId ?? '', accountId: staff.accountId ?? '' };
}

/** The movements every report below reads, through the HTTP API as the screens make them. */
async function moveTheMoney() {
  const product = await admin.post('/api/loan-products', {
    name: 'Books Loan',
    method: 'flat',
    annualRate: '12',
    maxMonths: '12',
    savingsMultiple: '10',
    maxAmount: '500,000',
    feeKind: 'percent',
    feeValue: '1',
    guarantorsRequired: '0',
    earlyPayment: 'reduce_term',
  });
  expect(product.statusCode, product.body).toBe(201);
  ada = fill(await addStaff(admin, { name: 'Ada Books' }));
  bola = fill(await addStaff(admin, { name: 'Bola Books' }));

  // 10 June: Bola's cash deposit, the loan paid out with its fee, and the fee paid in cash.
  await deposit(admin, bola.userId, '20,000');
  loanId = (await admin.post('/api/loans', { productId: product.json().product.id, amount: '120,000', months: '12', purpose: 'Rent', userId: bola.userId })).json().loan.id;
  expect((await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' })).statusCode).toBe(200);
  const disbursed = await admin.post(`/api/loans/${loanId}/disbursement`, {});
  expect(disbursed.statusCode, disbursed.body).toBe(201);
  const fee = await admin.post(`/api/loans/${loanId}/repayments`, { amount: '1,200' });
  expect(fee.statusCode, fee.body).toBe(201);

  // 5 August: July's run, valued on payday, then Ada's withdrawal and the organisation's diesel.
  now = new Date('2026-08-05T09:00:00Z');
  const run = await admin.post('/api/savings/batches', {
    month: '2026-07',
    rows: [
      { ref: ada.staffId, amount: '5,000' },
      { ref: bola.staffId, amount: '', loanRepayment: '11,200' },
    ],
  });
  expect(run.statusCode, run.body).toBe(201);
  julyBatchId = run.json().batch.id;
  expect((await post(admin, { userId: ada.userId, type: 'withdrawal', amount: '2,000' })).statusCode).toBe(201);
  const fuel = await admin.post('/api/categories', { name: 'Fuel and generator' });
  expect(fuel.statusCode, fuel.body).toBe(201);
  const diesel = await admin.post('/api/expenses', { categoryId: fuel.json().category.id, amount: '2,500', date: '2026-08-05', title: 'Diesel', paymentMethod: 'Cash' });
  expect(diesel.statusCode, diesel.body).toBe(201);
  expenseId = diesel.json().expense.id;
}

beforeAll(async () => {
  await moveTheMoney();
  for (const account of (await json<{ accounts: LedgerAccountView[] }>('/api/books/accounts?book=scheme')).accounts) scheme.set(account.code, account);
  for (const account of (await json<{ accounts: LedgerAccountView[] }>('/api/books/accounts?book=organisation')).accounts) organisation.set(account.code, account);
});

const id = (book: Map<string, LedgerAccountView>, code: string) => book.get(code)?.id ?? `no account ${code}`;

describe('the charts of accounts', () => {
  it('lists each book’s default chart by code, with the organisation’s expense item as 6001', async () => {
    expect([...scheme.values()].map((account) => [account.code, account.name, account.kind])).toEqual([
      ['1000', 'Bank', 'asset'],
      ['1010', 'Cash', 'asset'],
      ['1100', 'Payroll deductions receivable', 'asset'],
      ['1200', 'Loans to members', 'asset'],
      // Issue 33: penalties charged and not yet paid; the provision against loans (a credit balance).
      ['1210', 'Penalties receivable', 'asset'],
      ['1250', 'Loan loss provision', 'asset'],
      ['2000', "Members' savings", 'liability'],
      ['2100', 'Sundry creditors', 'liability'],
      // Issue 30: what payroll remitted beyond the advice, until refunded or applied.
      ['2150', 'Over-deductions held', 'liability'],
      // Issue 31: the year end's withholding tax, funds and rounding.
      ['2160', 'Withholding tax payable', 'liability'],
      // Issue 32: what a leaver is owed, from settlement to pay-out; and the exit fee.
      ['2170', 'Exits payable', 'liability'],
      // Issue 33: a murabaha's late-payment donations, never income.
      ['2180', 'Charity payable', 'liability'],
      ['3000', 'Share capital', 'equity'],
      ['3100', 'Reserve', 'equity'],
      ['3110', 'Education fund', 'equity'],
      ['3120', 'Welfare fund', 'equity'],
      ['3130', 'Appropriation rounding', 'equity'],
      ['3200', 'Surplus', 'equity'],
      ['3900', 'Opening balances', 'equity'],
      ['4000', 'Interest income', 'income'],
      ['4100', 'Fee income', 'income'],
      ['4110', 'Exit fees', 'income'],
      ['4120', 'Loan penalty income', 'income'],
      ['4130', 'Murabaha markup income', 'income'],
      ['5000', 'Loans written off', 'expense'],
      ['5010', 'Provision for loan losses', 'expense'],
      ['5100', 'Bank charges', 'expense'],
      ['5200', 'Interest on savings', 'expense'],
    ]);
    expect([...organisation.values()].map((account) => [account.code, account.name, account.kind])).toEqual([
      ['1000', 'Cash', 'asset'],
      ['1010', 'Bank', 'asset'],
      ['2000', 'Sundry creditors', 'liability'],
      ['3000', 'Accumulated fund', 'equity'],
      ['3900', 'Opening balances', 'equity'],
      ['6001', 'Fuel and generator', 'expense'],
    ]);
    expect(scheme.get('1200')).toMatchObject({ book: 'scheme', subledger: 'loans', isSystem: true, retired: false, hasPostings: true });
    expect(scheme.get('2000')).toMatchObject({ subledger: 'member_savings', hasPostings: true });
    expect(scheme.get('3000')).toMatchObject({ subledger: null, isSystem: true, hasPostings: false });
    expect(organisation.get('6001')).toMatchObject({ isSystem: false, retired: false, hasPostings: true });
  });
});

describe('the trial balance', () => {
  it('puts each account with a balance in debit or credit, and the totals agree', async () => {
    expect(await json('/api/books/trial-balance?book=scheme&asOf=2026-08-05')).toEqual({
      book: 'scheme',
      asOf: '2026-08-05',
      rows: [
        { accountId: id(scheme, '1000'), code: '1000', name: 'Bank', kind: 'asset', debitKobo: 0, creditKobo: 10_080_000 },
        { accountId: id(scheme, '1100'), code: '1100', name: 'Payroll deductions receivable', kind: 'asset', debitKobo: 1_620_000, creditKobo: 0 },
        { accountId: id(scheme, '1200'), code: '1200', name: 'Loans to members', kind: 'asset', debitKobo: 11_000_000, creditKobo: 0 },
        { accountId: id(scheme, '2000'), code: '2000', name: "Members' savings", kind: 'liability', debitKobo: 0, creditKobo: 2_300_000 },
        { accountId: id(scheme, '4000'), code: '4000', name: 'Interest income', kind: 'income', debitKobo: 0, creditKobo: 120_000 },
        { accountId: id(scheme, '4100'), code: '4100', name: 'Fee income', kind: 'income', debitKobo: 0, creditKobo: 120_000 },
      ],
      totalDebitKobo: 12_620_000,
      totalCreditKobo: 12_620_000,
    });
  });

  it('as at the day the loan was paid out: Loans to members ₦120,000 after the fee was added and paid, Fee income ₦1,200', async () => {
    const view = await json<{ rows: { code: string; debitKobo: number; creditKobo: number }[]; totalDebitKobo: number; totalCreditKobo: number }>(
      '/api/books/trial-balance?book=scheme&asOf=2026-06-10',
    );
    expect(view.rows.map((row) => [row.code, row.debitKobo, row.creditKobo])).toEqual([
      ['1000', 0, 9_880_000],
      ['1200', 12_000_000, 0],
      ['2000', 0, 2_000_000],
      ['4100', 0, 120_000],
    ]);
    expect([view.totalDebitKobo, view.totalCreditKobo]).toEqual([12_000_000, 12_000_000]);
    // Before anything moved, nothing has a balance.
    expect(await json('/api/books/trial-balance?book=scheme&asOf=2026-06-09')).toMatchObject({ rows: [], totalDebitKobo: 0, totalCreditKobo: 0 });
  });

  it("keeps the organisation's money apart: diesel ₦2,500, Dr Fuel and generator / Cr Cash", async () => {
    expect(await json('/api/books/trial-balance?book=organisation&asOf=2026-08-05')).toEqual({
      book: 'organisation',
      asOf: '2026-08-05',
      rows: [
        { accountId: id(organisation, '1000'), code: '1000', name: 'Cash', kind: 'asset', debitKobo: 0, creditKobo: 250_000 },
        { accountId: id(organisation, '6001'), code: '6001', name: 'Fuel and generator', kind: 'expense', debitKobo: 250_000, creditKobo: 0 },
      ],
      totalDebitKobo: 250_000,
      totalCreditKobo: 250_000,
    });
  });

  it('is as at today when no day is given', async () => {
    expect(await json('/api/books/trial-balance?book=scheme')).toMatchObject({ asOf: '2026-08-05', totalDebitKobo: 12_620_000 });
  });
});

describe('the income and expenditure account', () => {
  it("shows the scheme's fee and interest income and its surplus, from 1 January by default", async () => {
    expect(await json('/api/books/income-statement?book=scheme')).toEqual({
      book: 'scheme',
      from: '2026-01-01',
      to: '2026-08-05',
      income: [
        { accountId: id(scheme, '4000'), code: '4000', name: 'Interest income', kind: 'income', balanceKobo: 120_000 },
        { accountId: id(scheme, '4100'), code: '4100', name: 'Fee income', kind: 'income', balanceKobo: 120_000 },
      ],
      expenses: [],
      totalIncomeKobo: 240_000,
      totalExpensesKobo: 0,
      surplusKobo: 240_000,
    });
  });

  it('counts only the days of the period asked for', async () => {
    expect(await json('/api/books/income-statement?book=scheme&from=2026-07-01&to=2026-07-31')).toMatchObject({
      income: [{ code: '4000', balanceKobo: 120_000 }],
      totalIncomeKobo: 120_000,
      surplusKobo: 120_000,
    });
  });

  it("shows the organisation's diesel as a deficit", async () => {
    expect(await json('/api/books/income-statement?book=organisation&from=2026-08-01&to=2026-08-31')).toEqual({
      book: 'organisation',
      from: '2026-08-01',
      to: '2026-08-31',
      income: [],
      expenses: [{ accountId: id(organisation, '6001'), code: '6001', name: 'Fuel and generator', kind: 'expense', balanceKobo: 250_000 }],
      totalIncomeKobo: 0,
      totalExpensesKobo: 250_000,
      surplusKobo: -250_000,
    });
  });
});

describe('the balance sheet', () => {
  it('balances: assets equal liabilities plus equity with the surplus to date', async () => {
    expect(await json('/api/books/balance-sheet?book=scheme&asOf=2026-08-05')).toEqual({
      book: 'scheme',
      asOf: '2026-08-05',
      assets: [
        { accountId: id(scheme, '1000'), code: '1000', name: 'Bank', kind: 'asset', balanceKobo: -10_080_000 },
        { accountId: id(scheme, '1100'), code: '1100', name: 'Payroll deductions receivable', kind: 'asset', balanceKobo: 1_620_000 },
        { accountId: id(scheme, '1200'), code: '1200', name: 'Loans to members', kind: 'asset', balanceKobo: 11_000_000 },
      ],
      liabilities: [{ accountId: id(scheme, '2000'), code: '2000', name: "Members' savings", kind: 'liability', balanceKobo: 2_300_000 }],
      equity: [],
      surplusToDateKobo: 240_000,
      totalAssetsKobo: 2_540_000,
      totalLiabilitiesKobo: 2_300_000,
      totalEquityKobo: 240_000,
    });
    expect(await json('/api/books/balance-sheet?book=organisation&asOf=2026-08-05')).toMatchObject({
      assets: [{ code: '1000', balanceKobo: -250_000 }],
      liabilities: [],
      surplusToDateKobo: -250_000,
      totalAssetsKobo: -250_000,
      totalLiabilitiesKobo: 0,
      totalEquityKobo: -250_000,
    });
  });
});

describe("an account's general ledger", () => {
  it('lists the Bank’s lines by value date with a running balance, from an opening balance', async () => {
    const bank = await json<GeneralLedgerView>(`/api/books/accounts/${id(scheme, '1000')}/ledger?from=2026-06-01&to=2026-08-05`);
    expect(bank).toMatchObject({ account: { code: '1000', name: 'Bank' }, from: '2026-06-01', to: '2026-08-05', openingKobo: 0, closingKobo: -10_080_000, nextCursor: null });
    expect(bank.lines.map((line) => [line.valueDate, line.narration, line.debitKobo, line.creditKobo, line.balanceKobo, line.link])).toEqual([
      ['2026-06-10', 'Deposit · Bola Books', 2_000_000, 0, 2_000_000, { kind: 'savings_account', id: bola.accountId, ref: bola.staffId }],
      ['2026-06-10', 'Loan disbursed · Bola Books · Books Loan', 0, 12_000_000, -10_000_000, { kind: 'loan', id: loanId }],
      ['2026-06-10', 'Loan repayment · Bola Books · Books Loan', 120_000, 0, -9_880_000, { kind: 'loan', id: loanId }],
      ['2026-08-05', 'Withdrawal · Ada Books', 0, 200_000, -10_080_000, { kind: 'savings_account', id: ada.accountId, ref: ada.staffId }],
    ]);
    const fromJuly = await json<GeneralLedgerView>(`/api/books/accounts/${id(scheme, '1000')}/ledger?from=2026-07-01&to=2026-08-05`);
    expect(fromJuly).toMatchObject({ openingKobo: -9_880_000, closingKobo: -10_080_000 });
    expect(fromJuly.lines.map((line) => line.balanceKobo)).toEqual([-10_080_000]);
  });

  it("reads a liability as credits, names a member's own posting and each loan's line, and a run by its total", async () => {
    const savings = await json<GeneralLedgerView>(`/api/books/accounts/${id(scheme, '2000')}/ledger?from=2026-06-01&to=2026-08-05`);
    expect(savings.lines.map((line) => [line.valueDate, line.subledgerName, line.debitKobo, line.creditKobo, line.balanceKobo])).toEqual([
      ['2026-06-10', 'Bola Books', 0, 2_000_000, 2_000_000],
      // A run's line is its total on the control account (decision 071); its rows name the members.
      ['2026-07-31', null, 0, 500_000, 2_500_000],
      ['2026-08-05', 'Ada Books', 200_000, 0, 2_300_000],
    ]);
    const loans = await json<GeneralLedgerView>(`/api/books/accounts/${id(scheme, '1200')}/ledger?from=2026-06-01&to=2026-08-05`);
    expect(loans.lines.map((line) => [line.valueDate, line.subledgerName, line.debitKobo, line.creditKobo, line.balanceKobo])).toEqual([
      ['2026-06-10', 'Bola Books · Books Loan', 12_000_000, 0, 12_000_000],
      ['2026-06-10', 'Bola Books · Books Loan', 120_000, 0, 12_120_000],
      ['2026-06-10', 'Bola Books · Books Loan', 0, 120_000, 12_000_000],
      ['2026-07-31', 'Bola Books · Books Loan', 0, 1_000_000, 11_000_000],
    ]);
    expect(loans.closingKobo).toBe(11_000_000);
  });

  it('pages with a cursor, the running balance carried from one page to the next', async () => {
    const deps = { db: ctx.app.kobo.database.db, now: () => now, timeZone: 'Africa/Lagos' };
    const bank = id(scheme, '1000');
    const first = await readGeneralLedger(deps, bank, { from: '2026-06-01', to: '2026-08-05', cursor: undefined }, 2);
    expect(first.lines.map((line) => line.balanceKobo)).toEqual([2_000_000, -10_000_000]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await readGeneralLedger(deps, bank, { from: '2026-06-01', to: '2026-08-05', cursor: first.nextCursor ?? undefined }, 2);
    expect(second.lines.map((line) => line.balanceKobo)).toEqual([-9_880_000, -10_080_000]);
    expect(second).toMatchObject({ openingKobo: 0, closingKobo: -10_080_000, nextCursor: null });
    // Through HTTP the same cursor reads the same page.
    const viaHttp = await json<GeneralLedgerView>(`/api/books/accounts/${bank}/ledger?from=2026-06-01&to=2026-08-05&cursor=${first.nextCursor}`);
    expect(viaHttp.lines).toEqual(second.lines);
  });
});

describe('the journal', () => {
  it('lists entries newest first, each with its lines and a link to what made it', async () => {
    const page = await json<JournalPage>('/api/books/journal?book=scheme');
    expect(page.nextCursor).toBeNull();
    expect(page.entries.map((entry) => [entry.valueDate, entry.source, entry.narration, entry.link])).toEqual([
      ['2026-08-05', 'savings', 'Withdrawal · Ada Books', { kind: 'savings_account', id: ada.accountId, ref: ada.staffId }],
      ['2026-07-31', 'savings_batch', 'Payroll batch · July 2026 contribution · loan repayments', { kind: 'savings_batch', id: julyBatchId }],
      // A payroll batch is one entry, linked to the batch (migration 0021).
      ['2026-07-31', 'savings_batch', 'Payroll batch · July 2026 contribution', { kind: 'savings_batch', id: julyBatchId }],
      ['2026-06-10', 'loan', 'Loan repayment · Bola Books · Books Loan', { kind: 'loan', id: loanId }],
      ['2026-06-10', 'loan', 'Loan fee · Bola Books · Books Loan', { kind: 'loan', id: loanId }],
      ['2026-06-10', 'loan', 'Loan disbursed · Bola Books · Books Loan', { kind: 'loan', id: loanId }],
      ['2026-06-10', 'savings', 'Deposit · Bola Books', { kind: 'savings_account', id: bola.accountId, ref: bola.staffId }],
    ]);
    const repayment = page.entries[1];
    expect(repayment?.lines).toEqual([
      { accountId: id(scheme, '1200'), code: '1200', name: 'Loans to members', subledgerId: loanId, subledgerName: 'Bola Books · Books Loan', debitKobo: 0, creditKobo: 1_000_000 },
      { accountId: id(scheme, '1100'), code: '1100', name: 'Payroll deductions receivable', subledgerId: null, subledgerName: null, debitKobo: 1_120_000, creditKobo: 0 },
      { accountId: id(scheme, '4000'), code: '4000', name: 'Interest income', subledgerId: null, subledgerName: null, debitKobo: 0, creditKobo: 120_000 },
    ]);
    const contribution = page.entries[2];
    expect(contribution?.lines.map((line) => [line.code, line.subledgerName, line.debitKobo, line.creditKobo])).toEqual([
      ['2000', null, 0, 500_000],
      ['1100', null, 500_000, 0],
    ]);
    expect(page.entries.every((entry) => entry.book === 'scheme' && entry.reversesEntryId === null)).toBe(true);

    const organisationPage = await json<JournalPage>('/api/books/journal?book=organisation&from=2026-08-01&to=2026-08-31');
    expect(organisationPage.entries.map((entry) => [entry.narration, entry.link, entry.lines.map((line) => [line.code, line.debitKobo, line.creditKobo])])).toEqual([
      ['Expense · Fuel and generator: Diesel', { kind: 'expense', id: expenseId }, [['6001', 250_000, 0], ['1000', 0, 250_000]]],
    ]);
  });

  it('pages by value date and entry, newest first', async () => {
    const db = ctx.app.kobo.database.db;
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await readJournal(db, { book: 'scheme', from: undefined, to: undefined, cursor }, 3);
      seen.push(...page.entries.map((entry) => entry.narration));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const whole = await json<JournalPage>('/api/books/journal?book=scheme');
    expect(seen).toEqual(whole.entries.map((entry) => entry.narration));
    expect(await json('/api/books/journal?book=scheme&from=2026-07-01&to=2026-07-31')).toMatchObject({ entries: [{ valueDate: '2026-07-31' }, { valueDate: '2026-07-31' }] });
  });
});

describe('the reports as .xlsx', () => {
  it('read back with the same figures, in naira', async () => {
    expect(await sheet('/api/books/trial-balance.xlsx?book=scheme&asOf=2026-08-05', 'trial-balance-scheme-2026-08-05.xlsx')).toEqual([
      ['Code', 'Account', 'Kind', 'Debit', 'Credit'],
      ['1000', 'Bank', 'Assets', '', 100_800],
      ['1100', 'Payroll deductions receivable', 'Assets', 16_200],
      ['1200', 'Loans to members', 'Assets', 110_000],
      ['2000', "Members' savings", 'Liabilities', '', 23_000],
      ['4000', 'Interest income', 'Income', '', 1_200],
      ['4100', 'Fee income', 'Income', '', 1_200],
      ['', 'Total', '', 126_200, 126_200],
    ]);
    expect(await sheet('/api/books/income-statement.xlsx?book=scheme&from=2026-01-01&to=2026-08-05', 'income-statement-scheme-2026-01-01-to-2026-08-05.xlsx')).toEqual([
      ['Code', 'Account', 'Amount'],
      ['', 'Income'],
      ['4000', 'Interest income', 1_200],
      ['4100', 'Fee income', 1_200],
      ['', 'Total income', 2_400],
      ['', 'Expenses'],
      ['', 'Total expenses', 0],
      ['', 'Surplus', 2_400],
    ]);
    expect(await sheet('/api/books/balance-sheet.xlsx?book=scheme&asOf=2026-08-05', 'balance-sheet-scheme-2026-08-05.xlsx')).toEqual([
      ['Code', 'Account', 'Amount'],
      ['', 'Assets'],
      ['1000', 'Bank', -100_800],
      ['1100', 'Payroll deductions receivable', 16_200],
      ['1200', 'Loans to members', 110_000],
      ['', 'Total assets', 25_400],
      ['', 'Liabilities'],
      ['2000', "Members' savings", 23_000],
      ['', 'Total liabilities', 23_000],
      ['', 'Equity'],
      ['', 'Surplus to date', 2_400],
      ['', 'Total equity', 2_400],
      ['', 'Total liabilities and equity', 25_400],
    ]);
    expect(
      await sheet(`/api/books/accounts/${id(scheme, '1000')}/ledger.xlsx?from=2026-07-01&to=2026-08-05`, 'general-ledger-scheme-1000-2026-07-01-to-2026-08-05.xlsx'),
    ).toEqual([
      ['Value Date', 'Entry', 'Narration', 'Member or Loan', 'Debit', 'Credit', 'Balance'],
      ['', '', 'Opening balance · 1000 Bank', '', '', '', -98_800],
      ['2026-08-05', expect.any(Number), 'Withdrawal · Ada Books', '', '', 2_000, -100_800],
      ['', '', 'Closing balance', '', '', '', -100_800],
    ]);
    expect(await sheet('/api/books/journal.xlsx?book=organisation&from=2026-08-01&to=2026-08-31', 'journal-organisation-from-2026-08-01-to-2026-08-31.xlsx')).toEqual([
      ['Value Date', 'Entry', 'Narration', 'Code', 'Account', 'Member or Loan', 'Debit', 'Credit'],
      ['2026-08-05', expect.any(Number), 'Expense · Fuel and generator: Diesel', '6001', 'Fuel and generator', '', 2_500],
      ['2026-08-05', expect.any(Number), 'Expense · Fuel and generator: Diesel', '1000', 'Cash', '', '', 2_500],
    ]);
  });
});

describe('refusals', () => {
  it('answers bad input with 400 beside the field, and an unknown account with 404', async () => {
    const refusals: [string, number, Record<string, string>][] = [
      ['/api/books/accounts?book=bank', 400, { field: 'book', message: BOOK_REPORT_MESSAGES.chooseBook }],
      ['/api/books/trial-balance?book=scheme&asOf=0000-01-01', 400, { field: 'asOf', message: MESSAGES.invalidDate }],
      ['/api/books/balance-sheet?asOf=2026-02-30', 400, { field: 'asOf', message: MESSAGES.invalidDate }],
      ['/api/books/income-statement?from=2026-08-01&to=2026-07-01', 400, { field: 'to', message: MESSAGES.endBeforeStart }],
      // `to` left to its default (today, 5 August) is still after `from`.
      ['/api/books/income-statement?from=2026-09-01', 400, { field: 'to', message: MESSAGES.endBeforeStart }],
      [`/api/books/trial-balance?book=${'x'.repeat(5000)}`, 400, { field: 'book', message: BOOK_REPORT_MESSAGES.chooseBook }],
      ['/api/books/journal?cursor=!!', 400, { field: 'cursor', message: BOOK_REPORT_MESSAGES.cursorInvalid }],
      ['/api/books/journal?cursor=bm90IGEgY3Vyc29y', 400, { field: 'cursor', message: BOOK_REPORT_MESSAGES.cursorInvalid }],
      [`/api/books/journal?cursor=${'a'.repeat(201)}`, 400, { field: 'cursor', message: BOOK_REPORT_MESSAGES.cursorInvalid }],
      [`/api/books/accounts/${id(scheme, '1000')}/ledger?cursor=WyIyMDI2LTA2LTEwIiwtMSwwXQ`, 400, { field: 'cursor', message: BOOK_REPORT_MESSAGES.cursorInvalid }],
      ['/api/books/accounts/00000000-0000-4000-8000-000000000000/ledger', 404, { error: 'LEDGER_ACCOUNT_NOT_FOUND', message: MESSAGES.ledgerAccountNotFound }],
      ['/api/books/accounts/not-an-id/ledger', 404, { error: 'LEDGER_ACCOUNT_NOT_FOUND' }],
      ['/api/books/accounts/not-an-id/ledger.xlsx', 404, { error: 'LEDGER_ACCOUNT_NOT_FOUND' }],
      ['/api/books/trial-balance?book=sch%00eme', 400, { error: 'UNSUPPORTED_CHARACTERS' }],
    ];
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      for (const [url, status, body] of refusals) {
        const response = await admin.get(url);
        expect(response.statusCode, url).toBe(status);
        expect(response.json(), url).toMatchObject(body);
      }
    });
  });

  it('reads without writing, and only for whoever may read the books', async () => {
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      await json('/api/books/trial-balance?book=scheme');
      await json('/api/books/balance-sheet?book=scheme');
      await json('/api/books/journal?book=scheme');
      await json(`/api/books/accounts/${id(scheme, '2000')}/ledger`);
    });
    const manager = await ctx.signedIn('manager');
    expect((await manager.get('/api/books/trial-balance?book=scheme')).statusCode).toBe(403);
  });
});
