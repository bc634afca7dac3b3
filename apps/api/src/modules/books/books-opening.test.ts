import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { openSavingsContext } from '../savings/savings-test-support.ts';

// Monday 23 Nov 2026, 10:00 in Lagos.
const NOW = new Date('2026-11-23T09:00:00.000Z');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened), () => NOW);

const db = () => ctx.app.kobo.database.db;

async function accountId(systemKey: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(db(), sql`select id from ledger_accounts where system_key = ${systemKey}`);
  if (!row) throw new Error(`no account ${systemKey}`);
  return row.id;
}

describe('opening balances', () => {
  it('are shown as none before they are posted', async () => {
    const response = await admin.get('/api/books/opening?book=organisation');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ book: 'organisation', entry: null });
  });

  it('post the lines as given and the difference to Opening balances, once per book', async () => {
    const start = await admin.request('PUT', '/api/savings/books-start', { booksStart: '2026-01-01' });
    expect(start.statusCode, start.body).toBe(200);
    const body = {
      book: 'organisation',
      valueDate: '2026-01-01',
      lines: [
        { accountId: await accountId('organisation.bank'), debit: '200,000' },
        { accountId: await accountId('organisation.cash'), debit: '5,000.50' },
        { accountId: await accountId('organisation.creditors'), credit: '50,000' },
      ],
    };
    const response = await admin.post('/api/books/opening', body);
    expect(response.statusCode, response.body).toBe(201);
    const { entry } = response.json();
    expect(entry).toMatchObject({ book: 'organisation', valueDate: '2026-01-01', narration: 'Opening balances' });
    expect(entry.lines.map((line: { name: string; debitKobo: number; creditKobo: number }) => [line.name, line.debitKobo, line.creditKobo])).toEqual([
      ['Bank', 20_000_000, 0],
      ['Cash', 500_050, 0],
      ['Sundry creditors', 0, 5_000_000],
      ['Opening balances', 0, 15_500_050],
    ]);
    const [stored] = await queryRows<{ source_type: string; created_by_id: string }>(db(), sql`select source_type, created_by_id from journal_entries where id = ${entry.id}`);
    expect(stored).toEqual({ source_type: 'opening', created_by_id: admin.userId });
    expect((await admin.get('/api/books/opening?book=organisation')).json()).toEqual({ book: 'organisation', entry });

    await expectNoRowsWritten(db(), async () => {
      const again = await admin.post('/api/books/opening', body);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'OPENING_ALREADY_POSTED', message: MESSAGES.openingAlreadyPosted });
    });
  });

  it("refuse members' savings and loans, and another book's account", async () => {
    await expectNoRowsWritten(db(), async () => {
      const control = await admin.post('/api/books/opening', {
        book: 'scheme',
        valueDate: '2026-01-01',
        lines: [{ accountId: await accountId('scheme.member_savings'), credit: '1,000' }],
      });
      expect(control.statusCode).toBe(400);
      expect(control.json()).toEqual({ error: 'CONTROL_ACCOUNT_REFUSED', message: MESSAGES.controlAccountRefused, field: 'lines' });
      const otherBook = await admin.post('/api/books/opening', {
        book: 'scheme',
        valueDate: '2026-01-01',
        lines: [{ accountId: await accountId('organisation.bank'), debit: '1,000' }],
      });
      expect(otherBook.json()).toMatchObject({ error: 'LEDGER_ACCOUNT_UNUSABLE', field: 'lines' });
      const none = await admin.post('/api/books/opening', { book: 'scheme', valueDate: '2026-01-01', lines: [] });
      expect(none.json()).toMatchObject({ message: MESSAGES.openingLinesCount, field: 'lines' });
    });
  });

  it("balance on their own: a book's lines that already balance need no Opening balances line", async () => {
    const response = await admin.post('/api/books/opening', {
      book: 'scheme',
      valueDate: '2026-01-01',
      lines: [
        { accountId: await accountId('scheme.bank'), debit: '10,000' },
        { accountId: await accountId('scheme.reserve'), credit: '10,000' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().entry.lines).toHaveLength(2);
  });
});
