import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@kobo/core';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { addCategory, insertExpense } from '../expenses/expense-fixtures.ts';

let ctx: TestContext;
let admin: SignedInClient;
let manager: SignedInClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin');
  manager = await ctx.signedIn('manager');
});
afterAll(async () => ctx?.close());

type Account = { id: string; book: string; code: string; name: string; kind: string; subledger: string | null; isSystem: boolean; retired: boolean; hasPostings: boolean };

async function chart(book: 'scheme' | 'organisation'): Promise<Account[]> {
  const response = await admin.get(`/api/books/accounts?book=${book}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().accounts;
}

async function accountByCode(book: 'scheme' | 'organisation', code: string): Promise<Account> {
  const found = (await chart(book)).find((account) => account.code === code);
  if (!found) throw new Error(`no account ${code} in ${book}`);
  return found;
}

async function addAccount(body: { book: string; code: string; name: string; kind: string }): Promise<Account> {
  const response = await admin.post('/api/books/accounts', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().account;
}

function patch(id: string, body: unknown) {
  return admin.request('PATCH', `/api/books/accounts/${id}`, body);
}

function putMapping(key: string, accountId: string, client: SignedInClient = admin) {
  return client.request('PUT', `/api/books/mappings/${encodeURIComponent(key)}`, { accountId });
}

/** What one expense's journal entry did to each account: code and signed amount, debits positive. */
async function expenseLines(expenseId: string): Promise<{ code: string; amount: number }[]> {
  const rows = await queryRows<{ code: string; amount: string | number }>(
    ctx.app.kobo.database.db,
    sql`select a.code, l.amount_kobo as amount from journal_entries e
        join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
        where e.source_type = 'expense' and e.source_id = ${expenseId}::uuid order by e.seq, l.line_no`,
  );
  return rows.map((row) => ({ code: row.code, amount: Number(row.amount) }));
}

async function auditKinds(): Promise<string[]> {
  const rows = await queryRows<{ kind: string }>(ctx.app.kobo.database.db, sql`select kind from audit_log where kind like 'books.%' order by at, kind`);
  return rows.map((row) => row.kind);
}

describe('adding an account', () => {
  it('answers 201 with the account, live and without postings', async () => {
    const response = await admin.post('/api/books/accounts', { book: 'organisation', code: '1020', name: '  Petty cash  ', kind: 'asset' });
    expect(response.statusCode).toBe(201);
    expect(response.json().account).toMatchObject({ book: 'organisation', code: '1020', name: 'Petty cash', kind: 'asset', subledger: null, isSystem: false, retired: false, hasPostings: false });
    expect((await chart('organisation')).map((account) => account.code)).toContain('1020');
  });

  it('refuses a code the book already uses, naming it beside the code; the other book may use it', async () => {
    const response = await admin.post('/api/books/accounts', { book: 'scheme', code: '1000', name: 'Another bank', kind: 'asset' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'LEDGER_ACCOUNT_CODE_TAKEN', message: 'The code 1000 is already used in this book', field: 'code' });
    await addAccount({ book: 'scheme', code: '1020', name: 'Petty cash', kind: 'asset' });
  });

  it('refuses a code the database would refuse, and names of 0 or 81 characters, beside the field', async () => {
    for (const code of ['-100', '1234567890123', '10 00', '']) {
      const response = await admin.post('/api/books/accounts', { book: 'scheme', code, name: 'X', kind: 'asset' });
      expect(response.statusCode, code).toBe(400);
      expect(response.json().field, code).toBe('code');
    }
    expect((await admin.post('/api/books/accounts', { book: 'scheme', code: 'A1.2-3', name: 'X', kind: 'asset' })).statusCode).toBe(201);
    const blank = await admin.post('/api/books/accounts', { book: 'scheme', code: '7000', name: '   ', kind: 'expense' });
    expect(blank.json()).toEqual({ error: 'VALIDATION', message: MESSAGES.ledgerAccountNameRequired, field: 'name' });
    const long = await admin.post('/api/books/accounts', { book: 'scheme', code: '7000', name: 'n'.repeat(81), kind: 'expense' });
    expect(long.json()).toEqual({ error: 'VALIDATION', message: MESSAGES.ledgerAccountNameTooLong, field: 'name' });
    expect((await admin.post('/api/books/accounts', { book: 'scheme', code: '7000', name: 'n'.repeat(80), kind: 'expense' })).statusCode).toBe(201);
    const kind = await admin.post('/api/books/accounts', { book: 'scheme', code: '7001', name: 'X', kind: 'capital' });
    expect(kind.json()).toMatchObject({ message: MESSAGES.chooseAccountKind, field: 'kind' });
    const book = await admin.post('/api/books/accounts', { book: 'club', code: '7001', name: 'X', kind: 'asset' });
    expect(book.json()).toMatchObject({ message: MESSAGES.chooseBook, field: 'book' });
  });

  it('never makes a sub-ledger (control) account', async () => {
    const account = await addAccount({ book: 'scheme', code: '1299', name: 'More loans', kind: 'asset', subledger: 'loans' } as never);
    expect(account.subledger).toBeNull();
  });

  it('is for administrators only (a manager is refused 403)', async () => {
    expect((await manager.post('/api/books/accounts', { book: 'scheme', code: '1990', name: 'X', kind: 'asset' })).statusCode).toBe(403);
  });
});

describe('renaming and recoding', () => {
  it('renaming "Bank" to "Zenith Bank current account" shows in the chart; the rules still use it', async () => {
    const bank = await accountByCode('scheme', '1000');
    expect(bank.name).toBe('Bank');
    const response = await patch(bank.id, { name: 'Zenith Bank current account' });
    expect(response.statusCode).toBe(200);
    expect(response.json().account).toMatchObject({ code: '1000', name: 'Zenith Bank current account', isSystem: true, retired: false });
    expect((await accountByCode('scheme', '1000')).name).toBe('Zenith Bank current account');
    const mappings = (await admin.get('/api/books/mappings')).json().mappings;
    expect(mappings.find((mapping: { key: string }) => mapping.key === 'savings.cash').accountId).toBe(bank.id);
  });

  it('recodes an account, and refuses a code taken in its book', async () => {
    const account = await addAccount({ book: 'organisation', code: '1500', name: 'Deposit for rent', kind: 'asset' });
    const recoded = await patch(account.id, { code: '1510' });
    expect(recoded.json().account).toMatchObject({ code: '1510', name: 'Deposit for rent' });
    const taken = await patch(account.id, { code: '1000' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'LEDGER_ACCOUNT_CODE_TAKEN', message: 'The code 1000 is already used in this book', field: 'code' });
  });

  it('answers 404 for an account that does not exist', async () => {
    const response = await patch('00000000-0000-4000-8000-000000000000', { name: 'Nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MESSAGES.ledgerAccountNotFound);
    expect((await patch('not-an-id', { name: 'Nothing' })).statusCode).toBe(404);
  });
});

describe('retiring', () => {
  it("refuses the default chart's accounts and the control accounts", async () => {
    const bank = await accountByCode('scheme', '1010');
    const system = await patch(bank.id, { retired: true });
    expect(system.statusCode).toBe(409);
    expect(system.json()).toEqual({ error: 'LEDGER_ACCOUNT_IN_USE', message: MESSAGES.ledgerAccountIsSystem, field: 'retired' });
    const savings = await accountByCode('scheme', '2000');
    expect((await patch(savings.id, { retired: true })).json().message).toBe(MESSAGES.ledgerAccountIsControl);
  });

  it('refuses an account a mapping or an expense item uses', async () => {
    const moniepoint = await addAccount({ book: 'organisation', code: '1030', name: 'Moniepoint', kind: 'asset' });
    expect((await putMapping('payment:transfer', moniepoint.id)).statusCode).toBe(200);
    const mapped = await patch(moniepoint.id, { retired: true });
    expect(mapped.statusCode).toBe(409);
    expect(mapped.json().message).toBe(MESSAGES.ledgerAccountMapped);

    const itemId = await addCategory(admin, 'Diesel');
    const fuel = await addAccount({ book: 'organisation', code: '7500', name: 'Fuel', kind: 'expense' });
    expect((await admin.request('PUT', `/api/books/categories/${itemId}/account`, { accountId: fuel.id })).statusCode).toBe(200);
    expect((await patch(fuel.id, { retired: true })).json().message).toBe(MESSAGES.ledgerAccountMapped);
  });

  it('refuses an account with a balance, then retires it at ₦0 and brings it back', async () => {
    const pos = await addAccount({ book: 'organisation', code: '1040', name: 'POS float', kind: 'asset' });
    const bank = await accountByCode('organisation', '1010');
    const itemId = await addCategory(admin, 'Printing');
    expect((await putMapping('payment:pos', pos.id)).statusCode).toBe(200);
    // A ₦1,500.00 expense paid by POS credits the float; a refund of it would bring it back to ₦0.
    await insertExpense(ctx.app.kobo.database.db, { categoryId: itemId, userId: admin.userId, amountKobo: 150000, spentOn: '2026-11-02', paymentMethod: 'POS' });
    expect((await putMapping('payment:pos', bank.id)).statusCode).toBe(200);
    const withBalance = await patch(pos.id, { retired: true });
    expect(withBalance.statusCode).toBe(409);
    expect(withBalance.json().message).toBe(MESSAGES.ledgerAccountHasBalance);

    const spare = await addAccount({ book: 'organisation', code: '1050', name: 'Spare till', kind: 'asset' });
    const retired = await patch(spare.id, { retired: true });
    expect(retired.statusCode).toBe(200);
    expect(retired.json().account).toMatchObject({ code: '1050', retired: true });
    expect((await accountByCode('organisation', '1050')).retired).toBe(true);
    const back = await patch(spare.id, { retired: false });
    expect(back.json().account).toMatchObject({ code: '1050', retired: false });
  });
});

describe('deleting', () => {
  it('deletes an account added by mistake (204), which then leaves the chart', async () => {
    const mistake = await addAccount({ book: 'scheme', code: '9999', name: 'Typo', kind: 'income' });
    expect((await admin.request('DELETE', `/api/books/accounts/${mistake.id}`)).statusCode).toBe(204);
    expect((await chart('scheme')).map((account) => account.code)).not.toContain('9999');
    expect((await admin.request('DELETE', `/api/books/accounts/${mistake.id}`)).statusCode).toBe(404);
  });

  it('refuses an account with postings: retire it instead', async () => {
    const posted = await addAccount({ book: 'organisation', code: '1060', name: 'Posted till', kind: 'asset' });
    const itemId = await addCategory(admin, 'Tea');
    expect((await putMapping('payment:till', posted.id)).statusCode).toBe(200);
    await insertExpense(ctx.app.kobo.database.db, { categoryId: itemId, userId: admin.userId, amountKobo: 25000, spentOn: '2026-11-03', paymentMethod: 'Till' });
    expect((await admin.request('DELETE', '/api/books/mappings/payment:till')).statusCode).toBe(200);
    const response = await admin.request('DELETE', `/api/books/accounts/${posted.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'LEDGER_ACCOUNT_IN_USE', message: 'This account has postings: retire it instead' });
  });

  it("refuses the default chart's accounts and mapped ones", async () => {
    const cash = await accountByCode('organisation', '1000');
    expect((await admin.request('DELETE', `/api/books/accounts/${cash.id}`)).json().message).toBe(MESSAGES.ledgerAccountIsSystem);
    const mapped = await addAccount({ book: 'organisation', code: '1070', name: 'Opay', kind: 'asset' });
    expect((await putMapping('payment:opay', mapped.id)).statusCode).toBe(200);
    const response = await admin.request('DELETE', `/api/books/accounts/${mapped.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MESSAGES.ledgerAccountMapped);
  });
});

describe('the mappings', () => {
  it('lists each rule with its label and book, the items and the payment methods', async () => {
    const response = await admin.get('/api/books/mappings');
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view.mappings.map((mapping: { key: string; label: string; book: string }) => [mapping.key, mapping.label, mapping.book])).toEqual([
      ['savings.cash', 'Deposits and withdrawals at the counter', 'scheme'],
      ['savings.payroll', 'Payroll contributions', 'scheme'],
      ['loans.disbursement', 'Loan disbursements', 'scheme'],
      ['loans.repayment_cash', 'Loan repayments at the counter', 'scheme'],
      ['loans.repayment_payroll', 'Loan repayments from payroll', 'scheme'],
      ['loans.interest_income', 'Loan interest', 'scheme'],
      ['loans.fee_income', 'Loan fees', 'scheme'],
      ['loans.write_off', 'Loans written off', 'scheme'],
      ['scheme.opening', 'Opening balances', 'scheme'],
      ['organisation.opening', 'Opening balances', 'organisation'],
      ['payment:default', 'Any other payment method', 'organisation'],
    ]);
    const methods = view.paymentMethods.map((row: { method: string }) => row.method);
    expect(methods).toEqual(expect.arrayContaining(['bank transfer', 'card', 'cash', 'cheque', 'pos']));
    expect(methods).not.toContain('default');
  });

  it('gives a new expense item its own expense account, 6001 and on', async () => {
    const first = await addCategory(admin, 'Zz first new item');
    const second = await addCategory(admin, 'Zz second new item');
    const items = (await admin.get('/api/books/mappings')).json().categories as { id: string; name: string; accountId: string }[];
    const organisation = await chart('organisation');
    const codeOf = (itemId: string) => organisation.find((account) => account.id === items.find((item) => item.id === itemId)?.accountId)?.code;
    // Items made earlier in this file took 6001 to 6004 (Diesel, Printing, Tea, then these).
    expect(organisation.filter((account) => /^6\d{3}$/.test(account.code)).map((account) => account.code)).toEqual(['6001', '6002', '6003', '6004', '6005']);
    expect(codeOf(first)).toBe('6004');
    expect(codeOf(second)).toBe('6005');
    expect(organisation.find((account) => account.code === '6004')).toMatchObject({ name: 'Zz first new item', kind: 'expense' });
  });

  it("mapping 'payment:pos' to Bank makes a POS expense credit Bank", async () => {
    const bank = await accountByCode('organisation', '1010');
    const itemId = await addCategory(admin, 'Toner');
    // Without its own mapping, POS falls back to 'payment:default' (Cash, 1000).
    expect((await admin.request('DELETE', '/api/books/mappings/payment:pos')).statusCode).toBe(200);
    const before = await insertExpense(ctx.app.kobo.database.db, { categoryId: itemId, userId: admin.userId, amountKobo: 450000, spentOn: '2026-11-04', paymentMethod: 'POS' });
    expect(await expenseLines(before)).toEqual([
      { code: '6006', amount: 450000 },
      { code: '1000', amount: -450000 },
    ]);
    const response = await putMapping('payment:POS', bank.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().paymentMethods).toContainEqual({ method: 'pos', accountId: bank.id });
    const after = await insertExpense(ctx.app.kobo.database.db, { categoryId: itemId, userId: admin.userId, amountKobo: 450000, spentOn: '2026-11-05', paymentMethod: ' pos ' });
    expect(await expenseLines(after)).toEqual([
      { code: '6006', amount: 450000 },
      { code: '1010', amount: -450000 },
    ]);
    // The earlier entry stays where it was.
    expect(await expenseLines(before)).toEqual([
      { code: '6006', amount: 450000 },
      { code: '1000', amount: -450000 },
    ]);
  });

  it('adds a payment method by PUT, trimmed and lower-cased, and removes it again', async () => {
    const bank = await accountByCode('organisation', '1010');
    const added = await putMapping('payment:  Mobile Money ', bank.id);
    expect(added.statusCode).toBe(200);
    expect(added.json().paymentMethods).toContainEqual({ method: 'mobile money', accountId: bank.id });
    const removed = await admin.request('DELETE', `/api/books/mappings/${encodeURIComponent('payment:mobile money')}`);
    expect(removed.json().paymentMethods.map((row: { method: string }) => row.method)).not.toContain('mobile money');
    expect((await admin.request('DELETE', '/api/books/mappings/payment:mobile%20money')).statusCode).toBe(404);
    const tooLong = await putMapping(`payment:${'m'.repeat(41)}`, bank.id);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(MESSAGES.paymentMethodTooLong);
    expect((await putMapping('payment:   ', bank.id)).json().message).toBe(MESSAGES.paymentMethodRequired);
    expect((await putMapping('loans.something', bank.id)).statusCode).toBe(404);
  });

  it('never removes a fixed mapping, the default included', async () => {
    for (const key of ['payment:default', 'savings.cash']) {
      const response = await admin.request('DELETE', `/api/books/mappings/${key}`);
      expect(response.statusCode, key).toBe(409);
      expect(response.json().message).toBe(MESSAGES.ledgerMappingFixed);
    }
  });

  it('refuses a retired account, another book, another kind and a control account, beside the account', async () => {
    const retired = await addAccount({ book: 'organisation', code: '1080', name: 'Old till', kind: 'asset' });
    expect((await patch(retired.id, { retired: true })).statusCode).toBe(200);
    const refusedRetired = await putMapping('payment:cash', retired.id);
    expect(refusedRetired.statusCode).toBe(400);
    expect(refusedRetired.json()).toEqual({ error: 'LEDGER_MAPPING_ACCOUNT_INVALID', message: MESSAGES.ledgerAccountRetired, field: 'accountId' });

    const schemeBank = await accountByCode('scheme', '1000');
    expect((await putMapping('payment:cash', schemeBank.id)).json().message).toBe('Choose a live asset account of the Organisation book');
    const organisationBank = await accountByCode('organisation', '1010');
    expect((await putMapping('savings.cash', organisationBank.id)).json().message).toBe('Choose a live asset account of the Savings scheme book');
    const feeIncome = await accountByCode('scheme', '4100');
    expect((await putMapping('loans.disbursement', feeIncome.id)).json().message).toBe('Choose a live asset account of the Savings scheme book');
    expect((await putMapping('loans.interest_income', schemeBank.id)).json().message).toBe('Choose a live income account of the Savings scheme book');
    expect((await putMapping('loans.write_off', feeIncome.id)).json().message).toBe('Choose a live expense account of the Savings scheme book');
    expect((await putMapping('scheme.opening', schemeBank.id)).json().message).toBe('Choose a live equity account of the Savings scheme book');
    const loans = await accountByCode('scheme', '1200');
    expect((await putMapping('savings.cash', loans.id)).statusCode).toBe(400);
    expect((await putMapping('loans.interest_income', feeIncome.id)).statusCode).toBe(200);
    expect((await putMapping('loans.interest_income', (await accountByCode('scheme', '4000')).id)).statusCode).toBe(200);
  });

  it('is read by view_books and changed by manage_books only', async () => {
    expect((await manager.get('/api/books/mappings')).statusCode).toBe(403);
    const cash = await accountByCode('organisation', '1000');
    expect((await putMapping('payment:cash', cash.id, manager)).statusCode).toBe(403);
  });
});

describe("an expense item's account", () => {
  it('posts the item to another expense account from now on; earlier entries stay', async () => {
    const itemId = await addCategory(admin, 'Stationery');
    const office = await addAccount({ book: 'organisation', code: '7600', name: 'Office costs', kind: 'expense' });
    const earlier = await insertExpense(ctx.app.kobo.database.db, { categoryId: itemId, userId: admin.userId, amountKobo: 120000, spentOn: '2026-11-06', paymentMethod: 'Cash' });
    const response = await admin.request('PUT', `/api/books/categories/${itemId}/account`, { accountId: office.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().categories).toContainEqual({ id: itemId, name: 'Stationery', accountId: office.id });
    const later = await insertExpense(ctx.app.kobo.database.db, { categoryId: itemId, userId: admin.userId, amountKobo: 80000, spentOn: '2026-11-07', paymentMethod: 'Cash' });
    expect(await expenseLines(later)).toEqual([
      { code: '7600', amount: 80000 },
      { code: '1000', amount: -80000 },
    ]);
    expect(await expenseLines(earlier)).toEqual([
      { code: '6007', amount: 120000 },
      { code: '1000', amount: -120000 },
    ]);
  });

  it('refuses an account that is not a live organisation expense account, and an unknown item', async () => {
    const itemId = await addCategory(admin, 'Snacks');
    const income = await addAccount({ book: 'organisation', code: '4500', name: 'Sundry income', kind: 'income' });
    const refused = await admin.request('PUT', `/api/books/categories/${itemId}/account`, { accountId: income.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'LEDGER_MAPPING_ACCOUNT_INVALID', message: 'Choose a live expense account of the Organisation book', field: 'accountId' });
    const writeOffs = await accountByCode('scheme', '5000');
    expect((await admin.request('PUT', `/api/books/categories/${itemId}/account`, { accountId: writeOffs.id })).statusCode).toBe(400);
    expect((await admin.request('PUT', '/api/books/categories/00000000-0000-4000-8000-000000000000/account', { accountId: income.id })).statusCode).toBe(404);
  });
});

describe('the audit log', () => {
  it('keeps every change to the chart and the mappings', async () => {
    const kinds = new Set(await auditKinds());
    expect([...kinds].toSorted()).toEqual([
      'books.account_changed',
      'books.account_created',
      'books.account_deleted',
      'books.item_account_set',
      'books.mapping_removed',
      'books.mapping_set',
    ]);
    const [rename] = await queryRows<{ before: { name: string }; after: { name: string } }>(
      ctx.app.kobo.database.db,
      sql`select before, after from audit_log where kind = 'books.account_changed' and after->>'name' = 'Zenith Bank current account'`,
    );
    expect(rename).toMatchObject({ before: { name: 'Bank' }, after: { name: 'Zenith Bank current account' } });
  });
});
