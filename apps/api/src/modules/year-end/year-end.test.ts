import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { addStaff, openSavingsContext, reverse, setApprovalSettings } from '../savings/savings-test-support.ts';
import { accountBalance, depositInto, newProduct } from '../savings-reports/savings-reports-test-support.ts';

/**
 * Issue 31's year-end run through the API, on COOPERATIVE.md's figures: member A (₦100,000 from
 * 1 Jan, ₦50,000 valued 1 Jul; 2%: ₦2,504.11 / ₦2,500.00 / ₦3,000.00), member B (₦20,000 shares
 * all year, ₦10,000 bought 15 Apr; 10%: ₦2,666.67 / ₦2,750.00 / ₦3,000.00), a ₦2,000,000 surplus
 * with its 25% reserve, and withholding tax at 10% (₦2,666.67 → tax ₦266.67, net ₦2,400.00).
 */
let clock = new Date('2027-01-10T10:00:00+01:00');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => clock,
);
const db = () => ctx.app.kobo.database.db as Database;

const people = { a: '', b: '', c: '' };
let shares = '';

async function setUp() {
  if (shares) return;
  shares = await newProduct(db(), { name: 'Shares', kind: 'shares', code: '3010' });
  people.a = (await addStaff(admin, { name: 'Ada Member' })).userId;
  people.b = (await addStaff(admin, { name: 'Bayo Member' })).userId;
  people.c = (await addStaff(admin, { name: 'Chi Member' })).userId;
  await depositInto(db(), people.a, ORDINARY_SAVINGS_PRODUCT_ID, 10_000_000, '2026-01-01');
  await depositInto(db(), people.a, ORDINARY_SAVINGS_PRODUCT_ID, 5_000_000, '2026-07-01');
  await depositInto(db(), people.b, shares, 2_000_000, '2025-12-15');
  await depositInto(db(), people.b, shares, 1_000_000, '2026-04-15');
  // C's ₦10,000 bought 15 Apr: ₦666.6667 prorated, so the dividend's members round ₦0.01 above the rate's ₦3,333.33.
  await depositInto(db(), people.c, shares, 1_000_000, '2026-04-15');
  const account = async (key: string) => (await queryRows<{ id: string }>(db(), sql`select id from ledger_accounts where system_key = ${key}`))[0]!.id;
  const income = await admin.post('/api/books/entries', {
    book: 'scheme',
    valueDate: '2026-06-30',
    narration: 'Interest on loans for the year',
    lines: [
      { accountId: await account('scheme.bank'), debit: '2,000,000' },
      { accountId: await account('scheme.interest_income'), credit: '2,000,000' },
    ],
  });
  expect(income.statusCode, income.body).toBe(201);
}

function proposal(overrides: Record<string, unknown> = {}) {
  return {
    year: 2026,
    reserveKobo: 50_000_000,
    dividend: { rateBp: 1000, method: 'prorated_months' },
    interest: [{ productId: ORDINARY_SAVINGS_PRODUCT_ID, rateBp: 200, method: 'average_daily' }],
    educationFundKobo: 5_000_000,
    welfareFundKobo: 0,
    ...overrides,
  };
}

async function amounts(dividend: string, interest: string) {
  const response = await admin.post('/api/year-end/appropriation', proposal({ dividend: { rateBp: 1000, method: dividend }, interest: [{ productId: ORDINARY_SAVINGS_PRODUCT_ID, rateBp: 200, method: interest }] }));
  expect(response.statusCode, response.body).toBe(200);
  return [response.json().dividend.amountKobo, response.json().interest[0].amountKobo];
}

async function newApprovedRun(by: SignedInClient = admin): Promise<string> {
  const created = await admin.post('/api/year-end/runs', proposal());
  expect(created.statusCode, created.body).toBe(201);
  const approved = await by.post(`/api/year-end/runs/${created.json().id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return created.json().id;
}

async function entryLines(sourceType: string) {
  return queryRows<{ narration: string; code: string; amount_kobo: string }>(
    db(),
    sql`select e.narration, a.code, l.amount_kobo::text from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
        where e.source_type = ${sourceType} order by e.seq, l.line_no`,
  );
}

async function surplusBalance(): Promise<number> {
  const [row] = await queryRows<{ kobo: string | null }>(db(), sql`select sum(l.amount_kobo)::text as kobo from journal_lines l join ledger_accounts a on a.id = l.account_id where a.system_key = 'scheme.surplus'`);
  return Number(row?.kobo ?? 0);
}

describe('the year end', () => {
  it('reads the settings and the year’s surplus with the accounts that make it', async () => {
    await setUp();
    expect((await admin.get('/api/year-end/settings')).json()).toEqual({ firstMonth: 1, reservePercentBp: 2500, withholdingTaxBp: 0 });
    const saved = await admin.request('PUT', '/api/year-end/settings', { firstMonth: 1, reservePercentBp: 2500, withholdingTaxBp: 1000 });
    expect(saved.json()).toEqual({ firstMonth: 1, reservePercentBp: 2500, withholdingTaxBp: 1000 });
    const surplus = await admin.get('/api/year-end/surplus?year=2026');
    expect(surplus.json()).toEqual({
      year: 2026,
      from: '2026-01-01',
      to: '2026-12-31',
      income: [{ accountId: expect.any(String), code: '4000', name: 'Interest income', amountKobo: 200_000_000 }],
      expenditure: [],
      incomeKobo: 200_000_000,
      expenditureKobo: 0,
      surplusKobo: 200_000_000,
    });
  });

  it('works out each method on COOPERATIVE.md’s members', async () => {
    // B's ₦2,666.67 and C's ₦666.67 (₦3,333.33 at the rate) / ₦2,750.00 + ₦750.00 / ₦3,000.00 + ₦1,000.00; A alone for interest.
    expect(await amounts('prorated_months', 'average_daily')).toEqual([333_333, 250_411]);
    expect(await amounts('average_monthly', 'minimum_monthly')).toEqual([350_000, 250_000]);
    expect(await amounts('closing', 'closing')).toEqual([400_000, 300_000]);
  });

  it('refuses an over-distribution beside the field that tips it, and a reserve below the by-laws', async () => {
    const check = await admin.post('/api/year-end/appropriation', proposal({ educationFundKobo: 150_000_000 }));
    expect(check.json().carriedForwardKobo).toBe(-583_744);
    expect(check.json().problems).toContainEqual({ field: 'educationFundKobo', message: 'This distributes ₦5,837.44 more than the surplus less the reserve, ₦1,500,000.00' });
    const refused = await admin.post('/api/year-end/runs', proposal({ educationFundKobo: 150_000_000 }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'YEAR_END_APPROPRIATION_REFUSED', message: 'This distributes ₦5,837.44 more than the surplus less the reserve, ₦1,500,000.00', field: 'educationFundKobo' });
    const lowReserve = await admin.post('/api/year-end/runs', proposal({ reserveKobo: 49_999_999 }));
    expect(lowReserve.json()).toEqual({ error: 'YEAR_END_APPROPRIATION_REFUSED', message: 'The by-laws set the reserve at least 25% of the surplus: ₦500,000.00', field: 'reserveKobo' });
    expect((await admin.get('/api/year-end/runs')).json().runs).toEqual([]);
  });

  it('previews every member’s line, with totals reconciling to the kobo', async () => {
    const created = await admin.post('/api/year-end/runs', proposal());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: 'draft', surplusKobo: 200_000_000, reserveKobo: 50_000_000, carriedForwardKobo: 144_416_256, problems: [] });
    const preview = (await admin.get(`/api/year-end/runs/${created.json().id}/preview`)).json();
    const line = (userId: string) => preview.lines.find((row: { userId: string }) => row.userId === userId);
    expect(line(people.b)).toMatchObject({ part: 'dividend', label: 'Dividend on shares', basisKobo: 2_666_667, grossKobo: 266_667, taxKobo: 26_667, netKobo: 240_000, accountId: expect.any(String), toProductName: 'Ordinary savings' });
    expect(line(people.a)).toMatchObject({ part: `interest:${ORDINARY_SAVINGS_PRODUCT_ID}`, basisKobo: 12_520_548, grossKobo: 250_411, taxKobo: 25_041, netKobo: 225_370 });
    expect(preview.parts).toEqual([
      { part: 'dividend', label: 'Dividend on shares', appropriatedKobo: 333_333, memberCount: 2, grossKobo: 333_334, taxKobo: 33_334, netKobo: 300_000, roundingKobo: -1 },
      { part: `interest:${ORDINARY_SAVINGS_PRODUCT_ID}`, label: 'Interest on Ordinary savings', appropriatedKobo: 250_411, memberCount: 1, grossKobo: 250_411, taxKobo: 25_041, netKobo: 225_370, roundingKobo: 0 },
    ]);
    expect(preview.totals).toEqual({ appropriatedKobo: 583_744, grossKobo: 583_745, taxKobo: 58_375, netKobo: 525_370, roundingKobo: -1 });
    const workbook = await admin.get(`/api/year-end/runs/${created.json().id}/preview.xlsx`);
    expect(workbook.statusCode).toBe(200);
    expect(workbook.headers['content-type']).toContain('spreadsheetml');
  });

  it('edits a draft, refuses approval before the year ends, and refuses input that is no proposal', async () => {
    const created = await admin.post('/api/year-end/runs', proposal());
    const edited = await admin.request('PUT', `/api/year-end/runs/${created.json().id}`, proposal({ welfareFundKobo: 1_000_000 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'draft', welfareFundKobo: 1_000_000, carriedForwardKobo: 143_416_256 });
    clock = new Date('2026-12-31T10:00:00+01:00');
    const early = await admin.post(`/api/year-end/runs/${created.json().id}/approve`);
    clock = new Date('2027-01-10T10:00:00+01:00');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('YEAR_END_YEAR_NOT_OVER');
    const onShares = await admin.post('/api/year-end/runs', proposal({ interest: [{ productId: shares, rateBp: 200, method: 'closing' }] }));
    expect(onShares.json()).toMatchObject({ error: 'VALIDATION', field: 'interest' });
    for (const body of [proposal({ dividend: { rateBp: 1000, method: 'average_daily' } }), proposal({ reserveKobo: -1 }), proposal({ year: 'twenty' }), proposal({ dividend: { rateBp: 10_001, method: 'closing' } })]) {
      expect((await admin.post('/api/year-end/runs', body)).statusCode).toBe(400);
    }
    expect((await admin.get('/api/year-end/surplus?year=abc')).statusCode).toBe(400);
    expect((await admin.get('/api/year-end/runs/not-a-run')).json().error).toBe('YEAR_END_RUN_NOT_FOUND');
    expect((await admin.post(`/api/year-end/runs/${created.json().id}/post`)).json().error).toBe('YEAR_END_RUN_NOT_APPROVED');
  });

  it('refuses approval by the run’s author when two-person approval is on', async () => {
    await setApprovalSettings(admin, { threshold: '1', memberPostingsDirect: true });
    const created = await admin.post('/api/year-end/runs', proposal());
    const own = await admin.post(`/api/year-end/runs/${created.json().id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('YEAR_END_OWN_RUN');
    const second = await ctx.signedIn('admin');
    const approved = await second.post(`/api/year-end/runs/${created.json().id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', approvedByName: 'Test admin' });
    await setApprovalSettings(admin, { threshold: null, memberPostingsDirect: true });
    const edited = await admin.request('PUT', `/api/year-end/runs/${created.json().id}`, proposal());
    expect(edited.json().error).toBe('YEAR_END_RUN_NOT_DRAFT');
  });

  it('posts one approved run of the year, once, as one batch and one entry; two at once: one wins', async () => {
    const first = await newApprovedRun();
    const second = await newApprovedRun();
    const answers = await Promise.all([admin.post(`/api/year-end/runs/${first}/post`), admin.post(`/api/year-end/runs/${second}/post`)]);
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error).toBe('YEAR_END_ALREADY_POSTED');
    const winner = answers.find((answer) => answer.statusCode === 201)!.json();
    expect(winner).toMatchObject({ status: 'posted', batchId: expect.any(String) });
    expect((await admin.post(`/api/year-end/runs/${winner.id}/post`)).json().error).toBe('YEAR_END_ALREADY_POSTED');

    expect(await accountBalance(db(), people.a, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(15_225_370);
    expect(await accountBalance(db(), people.b, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(240_000);
    expect(await accountBalance(db(), people.c, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(60_000);
    const rows = await queryRows<{ description: string; value_date: string; type: string }>(
      db(),
      sql`select description, value_date::text, type from savings_transactions where batch_id = ${winner.batchId} order by seq`,
    );
    expect(rows).toEqual([
      { description: 'Dividend on shares 2026', value_date: '2026-12-31', type: 'interest' },
      { description: 'Dividend on shares 2026', value_date: '2026-12-31', type: 'interest' },
      { description: 'Interest on Ordinary savings 2026', value_date: '2026-12-31', type: 'interest' },
    ]);
    const batchEntry = await entryLines('savings_batch');
    const yearEnd = batchEntry.filter((row) => row.narration === 'Year end · Dividend and interest 2026');
    // A run's entry posts the control account its total (decision 071): 240,000 + 60,000 + 225,370.
    expect(yearEnd.map((row) => [row.code, Number(row.amount_kobo)])).toEqual([
      ['2000', -525_370],
      ['3200', 525_370],
    ]);
    const appropriation = await entryLines('year_end');
    expect(appropriation.map((row) => [row.narration, row.code, Number(row.amount_kobo)])).toEqual([
      ['Year end 2026 · appropriation', '3200', 55_058_374],
      ['Year end 2026 · appropriation', '3100', -50_000_000],
      ['Year end 2026 · appropriation', '3110', -5_000_000],
      ['Year end 2026 · appropriation', '2160', -58_375],
      ['Year end 2026 · appropriation', '3130', 1],
    ]);
    expect(await surplusBalance()).toBe(55_583_744);
    const mails = await queryRows<{ to_email: string; body: string }>(db(), sql`select to_email, body from mail_outbox where kind = 'yearend.line' order by id`);
    expect(mails).toHaveLength(3);
    const notices = await queryRows<{ count: string }>(db(), sql`select count(*)::text as count from ledger_notices where entry_id in (select id from savings_transactions where batch_id = ${winner.batchId})`);
    expect(notices).toEqual([{ count: '0' }]);
    expect(mails.map((mail) => mail.body).join('\n')).toContain('- Dividend on shares: 10% on ₦26,666.67 (prorated by whole months held) = ₦2,666.67, less withholding tax ₦266.67; ₦2,400.00 paid into your Ordinary savings.');
    const trial = await admin.get('/api/books/trial-balance?book=scheme');
    expect(trial.statusCode, trial.body).toBe(200);
    expect(trial.json().totalDebitKobo).toBe(trial.json().totalCreditKobo);
  });

  it('reverses a posted run whole while the year is open, then a new run posts', async () => {
    const [posted] = (await admin.get('/api/year-end/runs')).json().runs.filter((run: { status: string }) => run.status === 'posted');
    const noReason = await admin.post(`/api/year-end/runs/${posted.id}/reversal`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    const reversed = await admin.post(`/api/year-end/runs/${posted.id}/reversal`, { reason: 'The AGM changed the dividend' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(reversed.json()).toMatchObject({ status: 'reversed', reversalReason: 'The AGM changed the dividend' });
    expect(await accountBalance(db(), people.a, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(15_000_000);
    expect(await accountBalance(db(), people.b, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(0);
    expect(await surplusBalance()).toBe(0);
    // Undone where it was done: valued on the year's last day, so the year's books carry neither.
    const undone = await queryRows<{ value_date: string }>(db(), sql`select value_date::text as value_date from journal_entries where reverses_entry_id is not null and source_type in ('savings_batch', 'year_end')`);
    expect(undone.map((entry) => entry.value_date)).toEqual(['2026-12-31', '2026-12-31']);
    // The race's loser is still approved and nothing of the year is posted: the year cannot close yet.
    const waiting = await admin.post('/api/year-end/years/2026/close');
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error).toBe('YEAR_END_RUN_AWAITING_POST');
    const [loser] = (await admin.get('/api/year-end/runs')).json().runs.filter((run: { status: string }) => run.status === 'approved');
    const post = await admin.post(`/api/year-end/runs/${loser.id}/post`, undefined, { 'idempotency-key': 'year-end-2026' });
    expect(post.statusCode, post.body).toBe(201);
    const replay = await admin.post(`/api/year-end/runs/${loser.id}/post`, undefined, { 'idempotency-key': 'year-end-2026' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // The reversed run's rows net out: the next run pays the same.
    expect(await accountBalance(db(), people.a, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(15_225_370);
  });

  it('closes the year to Surplus in one entry, locks its months, and then refuses a reversal', async () => {
    const left = await newApprovedRun();
    // An approved run beside the year's posted one can never post, so it does not hold the year open.
    expect((await admin.post(`/api/year-end/runs/${left}/post`)).json().error).toBe('YEAR_END_ALREADY_POSTED');
    // December locked by hand before the close, as a treasurer locking each month would have.
    expect((await admin.post('/api/books/locks', { book: 'scheme', month: '2026-12' })).statusCode).toBeLessThan(300);
    const closed = await admin.post('/api/year-end/years/2026/close');
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json()).toMatchObject({ year: 2026, state: 'closed', closedSurplusKobo: 200_000_000 });
    expect((await entryLines('year_close')).map((row) => [row.code, Number(row.amount_kobo)])).toEqual([
      ['4000', 200_000_000],
      ['3200', -200_000_000],
    ]);
    // What is carried forward stays in Surplus: ₦2,000,000 less the reserve, the funds and what was paid.
    expect(await surplusBalance()).toBe(55_583_744 - 200_000_000);
    const locks = await queryRows<{ month: string }>(db(), sql`select month from ledger_period_locks where book = 'scheme' order by month`);
    expect(locks.map((lock) => lock.month)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12']);
    expect((await admin.post('/api/year-end/years/2026/close')).json().error).toBe('YEAR_END_YEAR_CLOSED');
    const [posted] = (await admin.get('/api/year-end/runs')).json().runs.filter((run: { status: string }) => run.status === 'posted');
    const refused = await admin.post(`/api/year-end/runs/${posted.id}/reversal`, { reason: 'Too late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('YEAR_END_YEAR_CLOSED');
    // The closed year's surplus is as it stood when closed.
    expect((await admin.get('/api/year-end/surplus?year=2026')).json().surplusKobo).toBe(200_000_000);
    const years = (await admin.get('/api/year-end/years')).json().years;
    expect(years.find((year: { year: number }) => year.year === 2026)).toMatchObject({ state: 'closed' });
  });

  it('reverses one member’s year-end row back to Surplus, not to this year’s interest expense', async () => {
    // Found by the simulator (seed 3, 2018-01-01): the row went back to "Interest on savings" and the
    // next year's surplus grew by it. The year is closed, so the reversal is valued in January 2027.
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`select t.id from savings_transactions t join savings_batches b on b.id = t.batch_id join savings_accounts a on a.id = t.account_id
          where b.kind = 'year_end' and a.user_id = ${people.a} and t.reverses_id is null and not exists (select 1 from savings_transactions r where r.reverses_id = t.id)`,
    );
    const reversed = await reverse(admin, row!.id, { reason: 'Paid on the wrong balance' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(await accountBalance(db(), people.a, ORDINARY_SAVINGS_PRODUCT_ID)).toBe(15_000_000);
    const lines = await queryRows<{ value_date: string; code: string; amount_kobo: string }>(
      db(),
      sql`select e.value_date::text, a.code, l.amount_kobo::text from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
          where e.source_type = 'savings' and e.source_id = ${reversed.json().reversals[0].id} order by l.line_no`,
    );
    expect(lines).toEqual([
      { value_date: '2027-01-10', code: '2000', amount_kobo: '225370' },
      { value_date: '2027-01-10', code: '3200', amount_kobo: '-225370' },
    ]);
    expect(await surplusBalance()).toBe(55_583_744 - 200_000_000 - 225_370);
    // 2027's surplus (income less expense) is untouched by it.
    expect((await admin.get('/api/year-end/surplus?year=2027')).json().surplusKobo).toBe(0);
  });
});
