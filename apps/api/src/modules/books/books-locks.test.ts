import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES, type SavingsHolderListItem } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addCategory } from '../expenses/expense-fixtures.ts';
import { csv, HEADER, importRows, uploadedRows } from '../expense-import/import-test-support.ts';
import { addStaff, openSavingsContext, post, reverse } from '../savings/savings-test-support.ts';

// Monday 23 Nov 2026, 10:00 in Lagos.
const NOW = new Date('2026-11-23T09:00:00.000Z');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened), () => NOW);

const db = () => ctx.app.kobo.database.db;
const SCHEME_OCTOBER = "The savings scheme's books for October 2026 are locked";
const ORGANISATION_OCTOBER = "The organisation's books for October 2026 are locked";

function lock(book: string, month: string) {
  return admin.post('/api/books/locks', { book, month });
}

async function auditKinds(): Promise<{ kind: string; before: unknown; after: unknown }[]> {
  return queryRows(db(), sql`select kind, before, after from audit_log where kind like 'books.month_%' order by at, kind`);
}

let ada: SavingsHolderListItem;
let categoryId: string;

describe('locking a month', () => {
  it('locks a past month once, says who locked it, and records it once', async () => {
    const start = await admin.request('PUT', '/api/savings/books-start', { booksStart: '2026-01-01' });
    expect(start.statusCode, start.body).toBe(200);
    ada = await addStaff(admin, { name: 'Ada Locked' });
    categoryId = await addCategory(admin, 'Fuel');
    // Money in October before it is locked: the reversal tests undo it later.
    expect((await post(admin, { userId: ada.userId, type: 'deposit', amount: '50,000', valueDate: '2026-10-05' })).statusCode).toBe(201);

    const first = await lock('scheme', '2026-10');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().lock).toMatchObject({ book: 'scheme', month: '2026-10', lockedBy: 'Test admin' });
    const again = await lock('scheme', '2026-10');
    expect(again.statusCode).toBe(200);
    expect(again.json().lock).toEqual(first.json().lock);
    expect((await lock('organisation', '2026-10')).statusCode).toBe(200);

    const listed = await admin.get('/api/books/locks?book=scheme');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().locks).toEqual([first.json().lock]);
    const all = await admin.get('/api/books/locks');
    expect(all.json().locks.map((row: { book: string; month: string }) => `${row.book}:${row.month}`)).toEqual(['organisation:2026-10', 'scheme:2026-10']);
    expect((await auditKinds()).map((row) => row.kind)).toEqual(['books.month_locked', 'books.month_locked']);
  });

  it('refuses a month that has not started, and a malformed one, beside the month', async () => {
    await expectNoRowsWritten(db(), async () => {
      const december = await lock('scheme', '2026-12');
      expect(december.statusCode).toBe(400);
      expect(december.json()).toEqual({ error: 'MONTH_IN_FUTURE', message: MESSAGES.lockFutureMonth, field: 'month' });
      const malformed = await lock('scheme', '2026-13');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ message: MESSAGES.monthInvalid, field: 'month' });
      expect((await lock('ledger', '2026-10')).statusCode).toBe(400);
    });
  });
});

describe('a locked month refuses every posting path with the month named, and nothing changes', () => {
  it('a deposit valued in it', async () => {
    await expectNoRowsWritten(db(), async () => {
      const response = await post(admin, { userId: ada.userId, type: 'deposit', amount: '100', valueDate: '2026-10-15' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'PERIOD_LOCKED', message: SCHEME_OCTOBER });
    });
  });

  it("October's monthly run, valued on its payday", async () => {
    await expectNoRowsWritten(db(), async () => {
      const response = await admin.post('/api/savings/batches', { month: '2026-10', rows: [{ ref: ada.staffId, amount: '15000' }] });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'PERIOD_LOCKED', message: SCHEME_OCTOBER });
    });
  });

  it('an expense dated in it', async () => {
    await expectNoRowsWritten(db(), async () => {
      const response = await admin.post('/api/expenses', { categoryId, amount: '2,500', description: 'October diesel', date: '2026-10-12' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'PERIOD_LOCKED', message: ORGANISATION_OCTOBER });
    });
  });

  it('an expense import with a row dated in it', async () => {
    const rows = await uploadedRows(admin, csv([HEADER, ['2026-11-02', 'Fuel', '1,000', 'November diesel', ''], ['2026-10-20', 'Fuel', '750', 'October diesel', '']]));
    await expectNoRowsWritten(db(), async () => {
      const response = await importRows(admin, rows, 2);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'PERIOD_LOCKED', message: ORGANISATION_OCTOBER });
    });
  });
});

describe('reversals of postings in a locked month', () => {
  let novemberDeposit: string;

  it('are dated in the first open month when no day is named', async () => {
    const posted = await post(admin, { userId: ada.userId, type: 'deposit', amount: '1,000', valueDate: '2026-11-05' });
    expect(posted.statusCode, posted.body).toBe(201);
    novemberDeposit = posted.json().transaction.id;
    const october = await queryRows<{ id: string }>(db(), sql`select id from savings_transactions where value_date = '2026-10-05'`);
    // October is locked and November is open: the reversal of October's deposit is valued today.
    const reversed = await reverse(admin, october[0]?.id ?? '', { reason: 'Keyed twice' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(reversed.json().reversals[0].valueDate).toBe('2026-11-23');

    // With November locked too, today is not open: the reversal goes to 1 December.
    expect((await lock('scheme', '2026-11')).statusCode).toBe(200);
    const next = await reverse(admin, novemberDeposit, { reason: 'Wrong member' });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().reversals[0].valueDate).toBe('2026-12-01');
  });

  it('are refused with 409 when the caller names a day in a locked month', async () => {
    const posted = await post(admin, { userId: ada.userId, type: 'deposit', amount: '10', valueDate: '2026-09-10' });
    expect(posted.statusCode, posted.body).toBe(201);
    await expectNoRowsWritten(db(), async () => {
      const response = await reverse(admin, posted.json().transaction.id, { reason: 'Keyed twice', valueDate: '2026-10-01' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'PERIOD_LOCKED', message: SCHEME_OCTOBER });
    });
  });
});

describe('unlocking a month', () => {
  it('lets postings in again, and the audit log keeps who locked it and who unlocked it', async () => {
    const unlocked = await admin.request('DELETE', '/api/books/locks/scheme/2026-11');
    expect(unlocked.statusCode).toBe(204);
    expect((await admin.request('DELETE', '/api/books/locks/scheme/2026-10')).statusCode).toBe(204);
    // Unlocking what is not locked changes nothing.
    await expectNoRowsWritten(db(), async () => {
      expect((await admin.request('DELETE', '/api/books/locks/scheme/2026-10')).statusCode).toBe(204);
    });
    const response = await post(admin, { userId: ada.userId, type: 'deposit', amount: '100', valueDate: '2026-10-15' });
    expect(response.statusCode, response.body).toBe(201);
    expect((await admin.get('/api/books/locks?book=scheme')).json().locks).toEqual([]);

    const unlocks = (await auditKinds()).filter((row) => row.kind === 'books.month_unlocked');
    expect(unlocks).toHaveLength(2);
    expect(unlocks[0]?.before).toMatchObject({ book: 'scheme', month: '2026-11', lockedById: admin.userId });
    expect(unlocks[0]?.after).toBeNull();
  });
});
