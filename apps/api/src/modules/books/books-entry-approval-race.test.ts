import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { openSavingsContext, setApprovalSettings } from '../savings/savings-test-support.ts';
import { ledgerAccountId } from './books-test-support.ts';

/**
 * Issue 27, two-person approval of a manual entry: two admins approving the same pending entry at
 * the same moment. Exactly one posts; the other is told it was already decided (409); the journal
 * holds one entry. On PostgreSQL the two approvals really race (the request row's lock decides);
 * on PGlite they queue, and the answer must be the same.
 */
// Monday 23 Nov 2026, 10:00 in Lagos.
const NOW = new Date('2026-11-23T09:00:00.000Z');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened), () => NOW);

const db = () => ctx.app.kobo.database.db;

async function entriesNarrated(narration: string): Promise<{ created_by_id: string; debits: string }[]> {
  return queryRows(
    db(),
    sql`select e.created_by_id, (select sum(l.amount_kobo) filter (where l.amount_kobo > 0) from journal_lines l where l.entry_id = e.id)::text as debits
        from journal_entries e where e.source_type = 'manual' and e.narration = ${narration}`,
  );
}

describe('two admins approve the same pending manual entry at once', () => {
  it('exactly one posts it, the other is told it was already decided, and the journal holds one entry', async () => {
    const start = await admin.request('PUT', '/api/savings/books-start', { booksStart: '2026-01-01' });
    expect(start.statusCode, start.body).toBe(200);
    await setApprovalSettings(admin, { threshold: '50000', memberPostingsDirect: true });
    const [second, third] = [await ctx.signedIn('admin'), await ctx.signedIn('admin')];
    const [bankCharges, bank] = [await ledgerAccountId(db(), 'scheme.bank_charges'), await ledgerAccountId(db(), 'scheme.bank')];

    // Five requests, each approved by both admins at once: five chances for the race to show.
    for (const round of [1, 2, 3, 4, 5]) {
      const narration = `Bank charges, race ${round}`;
      const requested = await admin.post('/api/books/entries', {
        book: 'scheme',
        valueDate: '2026-11-20',
        narration,
        lines: [
          { accountId: bankCharges, debit: '1,500' },
          { accountId: bank, credit: '1,500' },
        ],
      });
      expect(requested.statusCode, requested.body).toBe(202);
      const id: string = requested.json().request.id;

      const answers = await Promise.all([second, third].map((approver) => approver.post(`/api/books/entry-requests/${id}/approve`, {})));
      expect(answers.map((answer) => answer.statusCode).toSorted(), answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409);
      expect(refused?.json()).toEqual({ error: 'ENTRY_REQUEST_DECIDED', message: MESSAGES.entryRequestDecided });
      const approved = answers.find((answer) => answer.statusCode === 200);
      expect(approved?.json().request).toMatchObject({ status: 'approved', entryId: expect.any(String) });

      // One entry of ₦1,500, made by the requester, and one approval in the audit log.
      expect(await entriesNarrated(narration)).toEqual([{ created_by_id: admin.userId, debits: '150000' }]);
      const audits = await queryRows<{ kind: string }>(db(), sql`select kind from audit_log where target_id = ${id} and kind = 'books.entry_request_approved'`);
      expect(audits).toEqual([{ kind: 'books.entry_request_approved' }]);
    }
    await setApprovalSettings(admin, { threshold: null, memberPostingsDirect: true });
  });
});
