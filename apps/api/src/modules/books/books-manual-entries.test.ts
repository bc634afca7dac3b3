import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { openSavingsContext, setApprovalSettings } from '../savings/savings-test-support.ts';

// Monday 23 Nov 2026, 10:00 in Lagos.
const NOW = new Date('2026-11-23T09:00:00.000Z');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened), () => NOW);

const db = () => ctx.app.kobo.database.db;
const entries = async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from journal_entries`))[0];

async function accountId(systemKey: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(db(), sql`select id from ledger_accounts where system_key = ${systemKey}`);
  if (!row) throw new Error(`no account ${systemKey}`);
  return row.id;
}

/** COOPERATIVE.md's bank charges: ₦1,500, Dr Bank charges / Cr Bank, in the scheme's book. */
async function bankCharges(overrides: Record<string, unknown> = {}) {
  return {
    book: 'scheme',
    valueDate: '2026-11-20',
    narration: 'Bank charges for November',
    lines: [
      { accountId: await accountId('scheme.bank_charges'), debit: '1,500.00' },
      { accountId: await accountId('scheme.bank'), credit: '1500' },
    ],
    ...overrides,
  };
}

describe('a manual entry', () => {
  it('posts one balanced entry with its lines, made by the admin, and audits it', async () => {
    const start = await admin.request('PUT', '/api/savings/books-start', { booksStart: '2026-01-01' });
    expect(start.statusCode, start.body).toBe(200);
    const response = await admin.post('/api/books/entries', await bankCharges());
    expect(response.statusCode, response.body).toBe(201);
    const { entry } = response.json();
    expect(entry).toMatchObject({ book: 'scheme', valueDate: '2026-11-20', narration: 'Bank charges for November' });
    expect(entry.lines).toEqual([
      expect.objectContaining({ code: '5100', name: 'Bank charges', debitKobo: 150_000, creditKobo: 0 }),
      expect.objectContaining({ code: '1000', name: 'Bank', debitKobo: 0, creditKobo: 150_000 }),
    ]);
    const [stored] = await queryRows<{ source_type: string; created_by_id: string; lines: number }>(
      db(),
      sql`select e.source_type, e.created_by_id, (select count(*)::int from journal_lines l where l.entry_id = e.id) as lines
          from journal_entries e where e.id = ${entry.id}`,
    );
    expect(stored).toEqual({ source_type: 'manual', created_by_id: admin.userId, lines: 2 });
    const audits = await queryRows<{ kind: string }>(db(), sql`select kind from audit_log where target_id = ${entry.id}`);
    expect(audits).toEqual([{ kind: 'books.manual_entry_posted' }]);
  });

  it('is posted once for one Idempotency-Key, and a retry gets the same answer', async () => {
    const body = await bankCharges({ narration: 'Cheque book' });
    const first = await admin.post('/api/books/entries', body, { 'idempotency-key': 'cheque-book-1' });
    expect(first.statusCode, first.body).toBe(201);
    const retry = await admin.post('/api/books/entries', body, { 'idempotency-key': 'cheque-book-1' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const [count] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from journal_entries where narration = 'Cheque book'`);
    expect(count).toEqual({ n: 1 });
  });

  it('is refused when the debits and credits differ, with the difference beside the lines', async () => {
    await expectNoRowsWritten(db(), async () => {
      const body = await bankCharges();
      const response = await admin.post('/api/books/entries', { ...body, lines: [body.lines[0], { ...body.lines[1], credit: '1,000' }] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'VALIDATION', message: 'Debits and credits must be equal: they differ by ₦500.00', field: 'lines' });
    });
  });

  it("refuses members' savings and loans to members, another book's account and a line with both sides", async () => {
    await expectNoRowsWritten(db(), async () => {
      const body = await bankCharges();
      const control = await admin.post('/api/books/entries', { ...body, lines: [body.lines[0], { accountId: await accountId('scheme.member_savings'), credit: '1500' }] });
      expect(control.statusCode).toBe(400);
      expect(control.json()).toEqual({ error: 'CONTROL_ACCOUNT_REFUSED', message: MESSAGES.controlAccountRefused, field: 'lines' });
      const loans = await admin.post('/api/books/entries', { ...body, lines: [{ accountId: await accountId('scheme.loans'), debit: '1500' }, body.lines[1]] });
      expect(loans.json().error).toBe('CONTROL_ACCOUNT_REFUSED');
      const otherBook = await admin.post('/api/books/entries', { ...body, lines: [body.lines[0], { accountId: await accountId('organisation.bank'), credit: '1500' }] });
      expect(otherBook.statusCode).toBe(400);
      expect(otherBook.json()).toEqual({ error: 'LEDGER_ACCOUNT_UNUSABLE', message: MESSAGES.ledgerAccountUnusable, field: 'lines' });
      const both = await admin.post('/api/books/entries', { ...body, lines: [{ ...body.lines[0], credit: '1500' }, body.lines[1]] });
      expect(both.statusCode).toBe(400);
      expect(both.json()).toMatchObject({ message: MESSAGES.entryLineDebitOrCredit, field: 'lines' });
      const oneLine = await admin.post('/api/books/entries', { ...body, lines: [body.lines[0]] });
      expect(oneLine.json()).toMatchObject({ message: MESSAGES.entryLinesCount, field: 'lines' });
      const noNarration = await admin.post('/api/books/entries', { ...body, narration: '   ' });
      expect(noNarration.json()).toMatchObject({ message: MESSAGES.narrationRequired, field: 'narration' });
      const longNarration = await admin.post('/api/books/entries', { ...body, narration: 'x'.repeat(501) });
      expect(longNarration.json()).toMatchObject({ message: MESSAGES.narrationTooLong, field: 'narration' });
    });
  });

  it('is refused in the future, before the books start and in a locked month, beside the date', async () => {
    const locked = await admin.post('/api/books/locks', { book: 'scheme', month: '2026-10' });
    expect(locked.statusCode).toBe(200);
    await expectNoRowsWritten(db(), async () => {
      const future = await admin.post('/api/books/entries', await bankCharges({ valueDate: '2026-11-24' }));
      expect(future.statusCode).toBe(400);
      expect(future.json()).toEqual({ error: 'VALUE_DATE_IN_FUTURE', message: MESSAGES.valueDateInFuture, field: 'valueDate' });
      const early = await admin.post('/api/books/entries', await bankCharges({ valueDate: '2025-12-31' }));
      expect(early.statusCode).toBe(400);
      expect(early.json()).toMatchObject({ error: 'VALUE_DATE_BEFORE_BOOKS_START', field: 'valueDate' });
      const october = await admin.post('/api/books/entries', await bankCharges({ valueDate: '2026-10-31' }));
      expect(october.statusCode).toBe(409);
      expect(october.json()).toEqual({ error: 'PERIOD_LOCKED', message: "The savings scheme's books for October 2026 are locked", field: 'valueDate' });
    });
  });
});

describe('with two-person approval on', () => {
  let second: SignedInClient;
  let requestId: string;

  it('every manual entry waits for a second admin, and nothing is posted yet', async () => {
    await setApprovalSettings(admin, { threshold: '50000', memberPostingsDirect: true });
    second = await ctx.signedIn('admin');
    const before = await entries();
    const response = await admin.post('/api/books/entries', await bankCharges({ narration: 'SMS alerts' }));
    expect(response.statusCode, response.body).toBe(202);
    const { request } = response.json();
    requestId = request.id;
    expect(request).toMatchObject({ status: 'pending', narration: 'SMS alerts', requestedById: admin.userId, requestedByName: 'Test admin', entryId: null });
    expect(request.lines.map((line: { debitKobo: number; creditKobo: number }) => [line.debitKobo, line.creditKobo])).toEqual([
      [150_000, 0],
      [0, 150_000],
    ]);
    expect(await entries()).toEqual(before);
    const pending = await second.get('/api/books/entry-requests?status=pending');
    expect(pending.statusCode).toBe(200);
    expect(pending.json().requests.map((row: { id: string }) => row.id)).toEqual([requestId]);
  });

  it('its maker cannot approve it; another admin approves it once, and it posts as asked', async () => {
    await expectNoRowsWritten(db(), async () => {
      const own = await admin.post(`/api/books/entry-requests/${requestId}/approve`, {});
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ error: 'OWN_ENTRY_REQUEST', message: MESSAGES.cannotApproveOwnRequest });
    });
    const approved = await second.post(`/api/books/entry-requests/${requestId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().request).toMatchObject({ status: 'approved', entryId: expect.any(String) });
    const [entry] = await queryRows<{ source_type: string; created_by_id: string; value_date: string }>(
      db(),
      sql`select source_type, created_by_id, value_date::text from journal_entries where id = ${approved.json().request.entryId}`,
    );
    expect(entry).toEqual({ source_type: 'manual', created_by_id: admin.userId, value_date: '2026-11-20' });
    const again = await second.post(`/api/books/entry-requests/${requestId}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'ENTRY_REQUEST_DECIDED', message: MESSAGES.entryRequestDecided });
    expect((await second.post('/api/books/entry-requests/00000000-0000-4000-8000-000000000000/approve', {})).statusCode).toBe(404);
  });

  it('is declined with a reason, and nothing is posted', async () => {
    const response = await admin.post('/api/books/entries', await bankCharges({ narration: 'Duplicate charge' }));
    expect(response.statusCode).toBe(202);
    const id = response.json().request.id;
    const noReason = await second.post(`/api/books/entry-requests/${id}/decline`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ message: MESSAGES.declineReasonRequired, field: 'reason' });
    const declined = await second.post(`/api/books/entry-requests/${id}/decline`, { reason: 'Already posted' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().request).toMatchObject({ status: 'declined', declineReason: 'Already posted', entryId: null });
    expect((await second.get('/api/books/entry-requests')).json().requests).toEqual([]);
    expect((await second.get('/api/books/entry-requests?status=declined')).json().requests.map((row: { id: string }) => row.id)).toEqual([id]);
    await setApprovalSettings(admin, { threshold: null, memberPostingsDirect: true });
  });
});
