import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, expectNoLedgerDrift } from '../savings/savings-test-support.ts';

/**
 * Issue 32, a member leaves, before any money moves: the exit settings, notice (an officer's and
 * the member's own), the exits list and one exit, cancellation, and every refusal. The business
 * day is Lagos's: 10:00 on 26 Nov 2026 there, unless a test moves the clock.
 */
const MORNING = new Date('2026-11-26T10:00:00+01:00');
let clock = MORNING;
let ctx: TestContext;
let admin: SignedInClient;
let auditor: SignedInClient;

beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://kobo.example', APP_TIMEZONE: 'Africa/Lagos' }, () => clock);
  admin = await ctx.signedIn('admin');
  auditor = await ctx.signedIn('auditor');
});
afterAll(async () => {
  if (ctx) await expectNoLedgerDrift(ctx);
  await ctx?.close();
});

const db = () => ctx.app.kobo.database.db as Database;

async function member(name: string) {
  const staff = await addStaff(admin, { name, email: `${name.toLowerCase().replaceAll(' ', '.')}.${Date.now().toString(36)}@kobo.test` });
  return staff;
}

async function audits(kind: string) {
  return queryRows<{ target_id: string; target_label: string; people: string[]; before: unknown; after: unknown; actor_name: string }>(
    db(),
    sql`select target_id, target_label, people, before, after, actor_name from audit_log where kind = ${kind} order by seq`,
  );
}

async function mailsTo(email: string) {
  return queryRows<{ kind: string; subject: string; body: string }>(db(), sql`select kind, subject, body from mail_outbox where to_email = ${email} order by created_at`);
}

async function notice(body: Record<string, unknown>) {
  return admin.post('/api/exits', body);
}

async function exitAt(status: string): Promise<string> {
  const person = await member(`Lola ${status}`);
  const id: string = (await notice({ userId: person.userId, reason: 'retirement', leavingDate: '2027-01-31' })).json().exit.id;
  // The settlement's own routes are helper B's: the status is set as they would leave it.
  await db().execute(sql`update member_exits set status = ${status} where id = ${id}`);
  return id;
}

describe('the exit settings', () => {
  it('reads the defaults: 30 days, no fee, no pro rata interest', async () => {
    const read = await admin.get('/api/exits/settings');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ noticeDays: 30, exitFeeKobo: 0, proRata: false });
    expect((await auditor.get('/api/exits/settings')).json()).toEqual({ noticeDays: 30, exitFeeKobo: 0, proRata: false });
  });

  it('saves all three with one audit entry, before and after, and an unchanged save writes nothing', async () => {
    const saved = await admin.request('PUT', '/api/exits/settings', { noticeDays: 60, exitFeeKobo: 500_000, proRata: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ noticeDays: 60, exitFeeKobo: 500_000, proRata: true });
    expect((await admin.get('/api/exits/settings')).json()).toEqual({ noticeDays: 60, exitFeeKobo: 500_000, proRata: true });
    const entries = await audits('exits.settings_changed');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      target_id: 'exits',
      before: { noticeDays: 30, exitFeeKobo: 0, proRata: false },
      after: { noticeDays: 60, exitFeeKobo: 500_000, proRata: true },
    });
    await expectNoRowsWritten(db(), async () => {
      const again = await admin.request('PUT', '/api/exits/settings', { noticeDays: 60, exitFeeKobo: 500_000, proRata: true });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ noticeDays: 60, exitFeeKobo: 500_000, proRata: true });
    });
    const back = await admin.request('PUT', '/api/exits/settings', { noticeDays: 30, exitFeeKobo: 0, proRata: false });
    expect(back.json()).toEqual({ noticeDays: 30, exitFeeKobo: 0, proRata: false });
    expect(await audits('exits.settings_changed')).toHaveLength(2);
  });

  it('refuses a notice period outside 0 to 365 days, a negative or fractional fee, and a missing field, changing nothing', async () => {
    await expectNoRowsWritten(db(), async () => {
      for (const body of [
        { noticeDays: -1, exitFeeKobo: 0, proRata: false },
        { noticeDays: 366, exitFeeKobo: 0, proRata: false },
        { noticeDays: 1.5, exitFeeKobo: 0, proRata: false },
        { noticeDays: 30, exitFeeKobo: -1, proRata: false },
        { noticeDays: 30, exitFeeKobo: 0.5, proRata: false },
        { noticeDays: 30, exitFeeKobo: 100_000_000_000_001, proRata: false },
        { noticeDays: 30, exitFeeKobo: 0, proRata: 'yes' },
        { noticeDays: '30', exitFeeKobo: 0, proRata: false },
        { noticeDays: 30, exitFeeKobo: 0 },
      ]) {
        const refused = await admin.request('PUT', '/api/exits/settings', body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json().error).toBe('VALIDATION');
      }
    });
    expect((await admin.get('/api/exits/settings')).json()).toEqual({ noticeDays: 30, exitFeeKobo: 0, proRata: false });
  });

  it('keeps the largest fee an amount may be (₦1,000,000,000,000.00) and a 365-day notice, and reads them back', async () => {
    const largest = await admin.request('PUT', '/api/exits/settings', { noticeDays: 365, exitFeeKobo: 100_000_000_000_000, proRata: false });
    expect(largest.statusCode, largest.body).toBe(200);
    expect((await admin.get('/api/exits/settings')).json()).toEqual({ noticeDays: 365, exitFeeKobo: 100_000_000_000_000, proRata: false });
    expect((await admin.request('PUT', '/api/exits/settings', { noticeDays: 30, exitFeeKobo: 0, proRata: false })).statusCode).toBe(200);
  });
});

describe('notice to leave', () => {
  it('is given by an officer for a member: noticed today, settled from today plus 30 days, audited and mailed', async () => {
    const ada = await member('Ada Leaver');
    const given = await notice({ userId: ada.userId, reason: 'retirement', leavingDate: '2026-12-31', note: '  Retiring at 60  ' });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toEqual({
      exit: {
        id: expect.any(String),
        seq: expect.any(Number),
        userId: ada.userId,
        holderName: 'Ada Leaver',
        staffId: ada.staffId,
        reason: 'retirement',
        note: 'Retiring at 60',
        noticeDate: '2026-11-26',
        leavingDate: '2026-12-31',
        earliestSettlementDate: '2026-12-26',
        status: 'notice',
        givenByName: 'Test admin',
        createdAt: '2026-11-26T09:00:00.000Z',
        settlementDate: null,
        shortfallChoice: null,
        statement: null,
        approvedByName: null,
        approvedAt: null,
        settledByName: null,
        settledAt: null,
        paidByName: null,
        paidAt: null,
        payReference: null,
        cancelledByName: null,
        cancelledAt: null,
        cancelReason: null,
        reversedByName: null,
        reversedAt: null,
        reversalReason: null,
      },
      guarantees: [],
    });
    const id = given.json().exit.id;
    const [entry] = (await audits('exit.notice_given')).filter((row) => row.target_id === id);
    expect(entry).toMatchObject({
      actor_name: 'Test admin',
      people: [ada.userId],
      before: null,
      after: { reason: 'retirement', noticeDate: '2026-11-26', leavingDate: '2026-12-31', earliestSettlementDate: '2026-12-26', note: 'Retiring at 60' },
    });
    const mails = await mailsTo(ada.email as string);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your notice to leave the scheme is recorded');
    expect(mails[0]?.body).toBe(
      [
        'Hello Ada Leaver,',
        '',
        'Test admin recorded your notice to leave the scheme.',
        'Reason: Retirement. Leaving date: 2026-12-31. Your savings can be settled from 2026-12-26.',
        'From now on you cannot take a new loan or guarantee one. Any guarantee you give must be released before you are settled.',
        '',
        'You can see your notice on your profile in Kobo: https://kobo.example/profile',
      ].join('\n'),
    );
  });

  it('takes the notice period from the settings, and waives it for a death (no mail to the deceased)', async () => {
    expect((await admin.request('PUT', '/api/exits/settings', { noticeDays: 90, exitFeeKobo: 0, proRata: false })).statusCode).toBe(200);
    const bayo = await member('Bayo Resigner');
    const resigned = await notice({ userId: bayo.userId, reason: 'resignation', leavingDate: '2026-11-26' });
    expect(resigned.statusCode, resigned.body).toBe(201);
    expect(resigned.json().exit).toMatchObject({ noticeDate: '2026-11-26', leavingDate: '2026-11-26', earliestSettlementDate: '2027-02-24', note: null });
    const chi = await member('Chi Deceased');
    const died = await notice({ userId: chi.userId, reason: 'death', leavingDate: '2026-11-26' });
    expect(died.statusCode, died.body).toBe(201);
    expect(died.json().exit).toMatchObject({ reason: 'death', noticeDate: '2026-11-26', earliestSettlementDate: '2026-11-26' });
    expect(await mailsTo(chi.email as string)).toEqual([]);
    expect((await admin.request('PUT', '/api/exits/settings', { noticeDays: 30, exitFeeKobo: 0, proRata: false })).statusCode).toBe(200);
  });

  it('counts today in Lagos: at 00:30 on 27 Nov there (23:30 UTC the day before) a leaving date of 26 Nov is past', async () => {
    clock = new Date('2026-11-26T23:30:00Z');
    try {
      const dayo = await member('Dayo Late');
      await expectNoRowsWritten(db(), async () => {
        const refused = await notice({ userId: dayo.userId, reason: 'transfer', leavingDate: '2026-11-26' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ error: 'VALIDATION', message: 'Enter the leaving date, on or after today.', field: 'leavingDate' });
      });
      const given = await notice({ userId: dayo.userId, reason: 'transfer', leavingDate: '2026-11-27' });
      expect(given.statusCode, given.body).toBe(201);
      expect(given.json().exit).toMatchObject({ noticeDate: '2026-11-27', leavingDate: '2026-11-27', earliestSettlementDate: '2026-12-27' });
    } finally {
      clock = MORNING;
    }
  });

  it('refuses a second notice while one is live, writing nothing', async () => {
    const efe = await member('Efe Twice');
    expect((await notice({ userId: efe.userId, reason: 'resignation', leavingDate: '2027-01-31' })).statusCode).toBe(201);
    await expectNoRowsWritten(db(), async () => {
      const again = await notice({ userId: efe.userId, reason: 'retirement', leavingDate: '2027-02-28' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'EXIT_ALREADY_GIVEN', message: 'This member has already given notice to leave.' });
    });
  });

  it('gives one exit when two notices for one member arrive at once', async () => {
    const femi = await member('Femi Race');
    const answers = await Promise.all([
      notice({ userId: femi.userId, reason: 'resignation', leavingDate: '2027-01-31' }),
      notice({ userId: femi.userId, reason: 'resignation', leavingDate: '2027-01-31' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().error).toBe('EXIT_ALREADY_GIVEN');
    const rows = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from member_exits where user_id = ${femi.userId}`);
    expect(rows[0]?.n).toBe(1);
  });

  it('keeps a second live exit out at the database too (the partial unique index)', async () => {
    const gbenga = await member('Gbenga Index');
    const given = await notice({ userId: gbenga.userId, reason: 'resignation', leavingDate: '2027-01-31' });
    expect(given.statusCode).toBe(201);
    await expect(
      db().execute(
        sql`insert into member_exits (user_id, holder_name, reason, notice_date, leaving_date, earliest_settlement_date, given_by_id, given_by_name)
            values (${gbenga.userId}, 'Gbenga Index', 'resignation', '2026-11-26', '2027-01-31', '2026-12-26', ${admin.userId}, 'Test admin')`,
      ),
    ).rejects.toThrow(/member_exits_live_key|duplicate key|Failed query/);
  });

  it('refuses someone who holds no savings, an unknown member, and a notice without a member', async () => {
    await expectNoRowsWritten(db(), async () => {
      const ofAdmin = await notice({ userId: admin.userId, reason: 'resignation', leavingDate: '2027-01-31' });
      expect(ofAdmin.statusCode).toBe(409);
      expect(ofAdmin.json()).toEqual({ error: 'EXIT_NOT_HOLDER', message: 'Only a member who holds savings can give notice to leave.' });
      const ofAuditor = await notice({ userId: auditor.userId, reason: 'resignation', leavingDate: '2027-01-31' });
      expect(ofAuditor.json().error).toBe('EXIT_NOT_HOLDER');
      const unknown = await notice({ userId: 'no-such-member', reason: 'resignation', leavingDate: '2027-01-31' });
      expect(unknown.statusCode).toBe(409);
      expect(unknown.json().error).toBe('EXIT_NOT_HOLDER');
      const nobody = await notice({ reason: 'resignation', leavingDate: '2027-01-31' });
      expect(nobody.statusCode).toBe(400);
      expect(nobody.json()).toEqual({ error: 'VALIDATION', message: 'Please select a staff member', field: 'userId' });
    });
  });

  it('refuses hostile input with a clear 400 and changes nothing', async () => {
    const hana = await member('Hana Hostile');
    await expectNoRowsWritten(db(), async () => {
      const cases: [Record<string, unknown>, string | null][] = [
        [{ userId: hana.userId, reason: 'retirement', leavingDate: '0000-01-01' }, 'leavingDate'],
        [{ userId: hana.userId, reason: 'retirement', leavingDate: '2026-02-30' }, 'leavingDate'],
        [{ userId: hana.userId, reason: 'retirement', leavingDate: 'next week' }, 'leavingDate'],
        [{ userId: hana.userId, reason: 'retirement', leavingDate: 20_270_101 }, 'leavingDate'],
        [{ userId: hana.userId, reason: 'fired', leavingDate: '2027-01-31' }, 'reason'],
        [{ userId: hana.userId, leavingDate: '2027-01-31' }, 'reason'],
        [{ userId: hana.userId, reason: 'retirement', leavingDate: '2027-01-31', note: 'x'.repeat(501) }, 'note'],
        [{ userId: 'u'.repeat(101), reason: 'retirement', leavingDate: '2027-01-31' }, 'userId'],
        [{ userId: hana.userId, reason: 'retirement', leavingDate: '2027-01-31', note: 'nul \u0000 here' }, null],
        [{ userId: hana.userId, reason: 'retirement', leavingDate: '2027-01-31', note: 'lone \uD800 surrogate' }, null],
      ];
      for (const [body, field] of cases) {
        const refused = await notice(body);
        expect(refused.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        // Text Kobo cannot store is refused before validation, with no field.
        expect(refused.json().field ?? null, JSON.stringify(body).slice(0, 80)).toBe(field);
      }
      const tooLong = await notice({ userId: hana.userId, reason: 'retirement', leavingDate: '2027-01-31', note: 'x'.repeat(501) });
      expect(tooLong.json().message).toBe('Keep the note to 500 characters.');
      const huge = await admin.post('/api/exits', { userId: hana.userId, reason: 'retirement', leavingDate: '2027-01-31', note: 'x'.repeat(2_000_000) });
      expect([400, 413]).toContain(huge.statusCode);
    });
  });
});

describe("a member's own notice", () => {
  it('is given by the member for themselves, mailed to them, and read back with GET /api/account/exit', async () => {
    const user = await ctx.signedIn('user', { email: `ife.own.${Date.now().toString(36)}@kobo.test` });
    const before = await user.get('/api/account/exit');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ exit: null });
    const given = await user.post('/api/account/exit', { reason: 'resignation', leavingDate: '2027-03-31', userId: 'someone-else' });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json().exit).toMatchObject({ userId: user.userId, holderName: 'Test user', reason: 'resignation', noticeDate: '2026-11-26', earliestSettlementDate: '2026-12-26', givenByName: 'Test user' });
    const mine = await user.get('/api/account/exit');
    expect(mine.json()).toEqual({ exit: given.json() });
    const [mail] = await mailsTo(user.email);
    expect(mail?.body).toContain('Your notice to leave the scheme is recorded.');
    expect(mail?.body).toContain('Reason: Resignation. Leaving date: 2027-03-31. Your savings can be settled from 2026-12-26.');
    const again = await user.post('/api/account/exit', { reason: 'retirement', leavingDate: '2027-03-31' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('EXIT_ALREADY_GIVEN');
  });

  it('is for retirement, resignation or transfer only: a death or an expulsion is recorded by an officer', async () => {
    const user = await ctx.signedIn('staff');
    await expectNoRowsWritten(db(), async () => {
      for (const reason of ['death', 'expulsion']) {
        const refused = await user.post('/api/account/exit', { reason, leavingDate: '2027-03-31' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ error: 'VALIDATION', message: 'Choose why the member is leaving.', field: 'reason' });
      }
      const past = await user.post('/api/account/exit', { reason: 'transfer', leavingDate: '2026-11-25' });
      expect(past.json()).toEqual({ error: 'VALIDATION', message: 'Enter the leaving date, on or after today.', field: 'leavingDate' });
    });
  });
});

describe('the exits list and one exit', () => {
  it('lists newest first, filters by status, and refuses a status that does not exist', async () => {
    const all = await admin.get('/api/exits');
    expect(all.statusCode).toBe(200);
    const seqs: number[] = all.json().items.map((item: { seq: number }) => item.seq);
    expect(seqs.length).toBeGreaterThanOrEqual(7);
    expect(seqs).toEqual(seqs.toSorted((a, b) => b - a));
    expect(all.json().items[0]).toMatchObject({ holderName: 'Test user', reason: 'resignation', status: 'notice' });
    const atNotice = await auditor.get('/api/exits?status=notice');
    expect(atNotice.json().items.every((item: { status: string }) => item.status === 'notice')).toBe(true);
    expect(atNotice.json().items).toHaveLength(seqs.length);
    expect((await admin.get('/api/exits?status=paid')).json()).toEqual({ items: [] });
    const bogus = await admin.get('/api/exits?status=gone');
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().error).toBe('VALIDATION');
  });

  it('reads one exit, and answers 404 for an unknown or malformed id', async () => {
    const [first] = (await admin.get('/api/exits?status=notice')).json().items;
    const one = await auditor.get(`/api/exits/${first.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ exit: first, guarantees: [] });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const missing = await admin.get(`/api/exits/${encodeURIComponent(id)}`);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json()).toEqual({ error: 'EXIT_NOT_FOUND', message: 'That exit no longer exists.' });
    }
  });
});

describe('cancelling an exit', () => {
  it('cancels at notice with who, when and why; audits it; and frees the member to give notice again', async () => {
    const ken = await member('Ken Cancel');
    const given = await notice({ userId: ken.userId, reason: 'resignation', leavingDate: '2027-01-31' });
    const id = given.json().exit.id;
    clock = new Date('2026-11-27T09:00:00+01:00');
    try {
      const cancelled = await admin.post(`/api/exits/${id}/cancel`, { reason: '  Changed his mind  ' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().exit).toMatchObject({ status: 'cancelled', cancelledByName: 'Test admin', cancelledAt: '2026-11-27T08:00:00.000Z', cancelReason: 'Changed his mind' });
    } finally {
      clock = MORNING;
    }
    const [entry] = (await audits('exit.cancelled')).filter((row) => row.target_id === id);
    expect(entry).toMatchObject({ people: [ken.userId], before: { status: 'notice' }, after: { status: 'cancelled', reason: 'Changed his mind' } });
    const twice = await admin.post(`/api/exits/${id}/cancel`, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('EXIT_NOT_NOTICE');
    const anew = await notice({ userId: ken.userId, reason: 'retirement', leavingDate: '2027-06-30' });
    expect(anew.statusCode, anew.body).toBe(201);
    expect(anew.json().exit.id).not.toBe(id);
    expect((await admin.get(`/api/exits?status=cancelled`)).json().items.map((item: { id: string }) => item.id)).toContain(id);
  });

  it('cancels an approved exit', async () => {
    const id = await exitAt('approved');
    const cancelled = await admin.post(`/api/exits/${id}/cancel`, { reason: 'Stays on' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().exit).toMatchObject({ status: 'cancelled', cancelReason: 'Stays on' });
  });

  it.each(['settled', 'paid'])('refuses to cancel a %s exit with EXIT_CANNOT_CANCEL, writing nothing', async (status) => {
    const id = await exitAt(status);
    await expectNoRowsWritten(db(), async () => {
      const refused = await admin.post(`/api/exits/${id}/cancel`, { reason: 'Stays on' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'EXIT_CANNOT_CANCEL', message: 'A settled exit cannot be cancelled. Reverse the settlement within its month, before pay-out.' });
    });
    expect((await admin.get(`/api/exits/${id}`)).json().exit.status).toBe(status);
  });

  it('asks for a reason, and answers 404 for an exit that does not exist', async () => {
    const [first] = (await admin.get('/api/exits?status=notice')).json().items;
    await expectNoRowsWritten(db(), async () => {
      for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
        const refused = await admin.post(`/api/exits/${first.id}/cancel`, body);
        expect(refused.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
        expect(refused.json().field).toBe('reason');
      }
      const missing = await admin.post('/api/exits/00000000-0000-4000-8000-000000000000/cancel', { reason: 'No such exit' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe('EXIT_NOT_FOUND');
    });
  });
});
