import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { addStaff, openSavingsContext, post, transfer } from '../savings/savings-test-support.ts';
import { depositInto } from '../savings-reports/savings-reports-test-support.ts';

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot show a race (STACK.md).
// Issue 31's tests: concurrent postings during a preview. The preview reads every member's year in
// one statement, so each preview sees the ledger before or after each posting, never half of one.
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2027-01-10T10:00:00+01:00'),
);
const db = () => ctx.app.kobo.database.db as Database;

/**
 * Member A's interest at 2% on the average daily balance (actual/365) with `k` deposits of ₦1,000
 * valued 30 June 2026 (held 185 days) beside ₦100,000 held all year: kobo, half up. Worked by hand
 * for k = 0 (₦2,000.00) and k = 40 (₦2,405.48); the rest by the same sum.
 */
function expectedInterestKobo(k: number): number {
  const balanceDays = 10_000_000 * 365 + k * 100_000 * 185;
  const numerator = balanceDays * 200;
  const denominator = 10_000 * 365;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** A member's interest basis in a preview's answer (₦0 without a line). */
function basisOf(answer: { lines: { userId: string; method: string; basisKobo: number }[] }, userId: string): number {
  return answer.lines.find((line) => line.userId === userId && line.method === 'average_daily')?.basisKobo ?? 0;
}

describe('a year-end preview while members post on PostgreSQL', () => {
  it('sees each deposit whole or not at all, and its parts always add up', async () => {
    expect(expectedInterestKobo(0)).toBe(200_000);
    expect(expectedInterestKobo(40)).toBe(240_548);
    await db().execute(sql`insert into app_settings (key, value) values ('savings.books_start', '2025-01-01') on conflict (key) do update set value = excluded.value`);
    const member = (await addStaff(admin, { name: 'Ada Member' })).userId;
    await depositInto(db(), member, ORDINARY_SAVINGS_PRODUCT_ID, 10_000_000, '2026-01-01');
    const [bank] = await queryRows<{ id: string }>(db(), sql`select id from ledger_accounts where system_key = 'scheme.bank'`);
    const [income] = await queryRows<{ id: string }>(db(), sql`select id from ledger_accounts where system_key = 'scheme.interest_income'`);
    const entry = await admin.post('/api/books/entries', {
      book: 'scheme',
      valueDate: '2026-06-30',
      narration: 'Interest on loans for the year',
      lines: [
        { accountId: bank!.id, debit: '2,000,000' },
        { accountId: income!.id, credit: '2,000,000' },
      ],
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const run = await admin.post('/api/year-end/runs', {
      year: 2026,
      reserveKobo: 50_000_000,
      dividend: { rateBp: 0, method: 'closing' },
      interest: [{ productId: ORDINARY_SAVINGS_PRODUCT_ID, rateBp: 200, method: 'average_daily' }],
      educationFundKobo: 0,
      welfareFundKobo: 0,
    });
    expect(run.statusCode, run.body).toBe(201);
    const preview = () => admin.get(`/api/year-end/runs/${run.json().id}/preview`);
    const interestOf = (answer: { lines: { userId: string; method: string; grossKobo: number }[] }) =>
      answer.lines.find((line) => line.userId === member && line.method === 'average_daily')?.grossKobo;
    expect(interestOf((await preview()).json())).toBe(200_000);

    const deposits = Array.from({ length: 40 }, () => post(admin, { userId: member, type: 'deposit', amount: 1000, valueDate: '2026-06-30' }));
    const previews = Array.from({ length: 10 }, () => preview());
    const [posted, seen] = await Promise.all([Promise.all(deposits), Promise.all(previews)]);
    expect(posted.map((response) => response.statusCode)).toEqual(Array.from({ length: 40 }, () => 201));
    const allowed = new Set(Array.from({ length: 41 }, (_, k) => expectedInterestKobo(k)));
    for (const response of seen) {
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json();
      expect(allowed.has(interestOf(answer) as number), String(interestOf(answer))).toBe(true);
      for (const part of answer.parts as { part: string; grossKobo: number; taxKobo: number; netKobo: number; roundingKobo: number; appropriatedKobo: number }[]) {
        const lines = (answer.lines as { part: string; grossKobo: number }[]).filter((line) => line.part === part.part);
        expect(lines.reduce((sum, line) => sum + line.grossKobo, 0)).toBe(part.grossKobo);
        expect(part.netKobo + part.taxKobo + part.roundingKobo).toBe(part.appropriatedKobo);
      }
    }
    expect(interestOf((await preview()).json())).toBe(240_548);
  });

  it('never sees half a transfer: two members’ bases always add up to what they held together', async () => {
    const from = (await addStaff(admin, { name: 'Bayo Member' })).userId;
    const to = (await addStaff(admin, { name: 'Chi Member' })).userId;
    await depositInto(db(), from, ORDINARY_SAVINGS_PRODUCT_ID, 10_000_000, '2026-01-01');
    await depositInto(db(), to, ORDINARY_SAVINGS_PRODUCT_ID, 10_000_000, '2026-01-01');
    const [run] = (await admin.get('/api/year-end/runs')).json().runs;
    // ₦100,000 each all year: ₦200,000 average together, whatever moves between them on 30 June.
    const transfers = Array.from({ length: 30 }, () => transfer(admin, { fromUserId: from, toUserId: to, amount: 1000, valueDate: '2026-06-30' }));
    const previews = Array.from({ length: 10 }, () => admin.get(`/api/year-end/runs/${run.id}/preview`));
    const [moved, seen] = await Promise.all([Promise.all(transfers), Promise.all(previews)]);
    expect(moved.map((response) => response.statusCode)).toEqual(Array.from({ length: 30 }, () => 201));
    for (const response of seen) {
      expect(response.statusCode, response.body).toBe(200);
      // Each basis is rounded half up to the kobo, so together they may differ from ₦200,000.00 by a kobo.
      const together = basisOf(response.json(), from) + basisOf(response.json(), to);
      expect(Math.abs(together - 20_000_000)).toBeLessThanOrEqual(1);
    }
    const after = (await admin.get(`/api/year-end/runs/${run.id}/preview`)).json();
    // ₦30,000 moved for 185 of 365 days: ₦15,205.48 of the average went from one to the other.
    expect(basisOf(after, from)).toBe(8_479_452);
    expect(basisOf(after, to)).toBe(11_520_548);
  });
});
