import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { expectNoRowsWritten } from '../../../test/row-counts.ts';
import type { SignedInClient, TestContext } from '../../../test/test-app.ts';
import { addStaff, deposit, openSavingsContext, post, setApprovalSettings, transfer } from '../savings-test-support.ts';

// Issue 15: a withdrawal or transfer above the threshold waits for a second admin.
let ctx: TestContext;
let maker: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin: maker } = opened));

const db = () => ctx.app.kobo.database.db;
const account = async (userId: string) => (await maker.get(`/api/savings/accounts/${userId}`)).json().account;
const ledgerRows = async (accountId: string) =>
  (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from savings_transactions where account_id = ${accountId}`))[0]?.n;
const auditKinds = async (requestId: string) =>
  queryRows<{ kind: string; actor_email: string }>(db(), sql`select kind, actor_email from audit_log where target_id = ${requestId} order by seq`);

/** A staff holder with `amount` naira saved. */
async function holderWith(amount: string, name = 'Bola Holder') {
  const holder = await addStaff(maker, { name });
  await deposit(maker, holder.userId, amount);
  return holder;
}

describe('the two-person threshold', () => {
  it('is off by default: an admin withdraws any amount at once', async () => {
    const settings = await maker.get('/api/savings/approval-settings');
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({ twoPersonThresholdKobo: null, memberPostingsDirect: false });
    const holder = await holderWith('2,000,000');
    const posted = await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '1,999,999.99' });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().account.balanceKobo).toBe(1);
  });

  it('is set in naira, refused when it is not an amount above ₦0, and audited with before and after', async () => {
    for (const bad of ['0', '-5', 'abc', '1.234', '1000000000000.01', true]) {
      const refused = await maker.request('PUT', '/api/savings/approval-settings', { twoPersonThreshold: bad, memberPostingsDirect: false });
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json()).toMatchObject({
        field: 'twoPersonThreshold',
        message: 'Please enter an amount above ₦0, or leave it blank to turn two-person approval off',
      });
    }
    const missing = await maker.request('PUT', '/api/savings/approval-settings', { twoPersonThreshold: '5' });
    expect(missing.statusCode).toBe(400);

    expect(await setApprovalSettings(maker, { threshold: '50,000', memberPostingsDirect: false })).toEqual({
      twoPersonThresholdKobo: 5_000_000,
      memberPostingsDirect: false,
    });
    expect((await maker.get('/api/savings/approval-settings')).json()).toEqual({ twoPersonThresholdKobo: 5_000_000, memberPostingsDirect: false });
    const [entry] = await queryRows<{ before: unknown; after: unknown; actor_email: string }>(
      db(),
      sql`select before, after, actor_email from audit_log where kind = 'savings.approval_settings_changed' order by seq desc limit 1`,
    );
    expect(entry).toEqual({
      before: { twoPersonThresholdKobo: null, memberPostingsDirect: false },
      after: { twoPersonThresholdKobo: 5_000_000, memberPostingsDirect: false },
      actor_email: maker.email,
    });
  });

  it('holds a withdrawal strictly above it as pending: nothing posted, the balance unchanged, the available balance down', async () => {
    const holder = await holderWith('100,000');
    const atThreshold = await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '50,000' });
    expect(atThreshold.statusCode, atThreshold.body).toBe(201);
    expect(atThreshold.json().account.balanceKobo).toBe(5_000_000);

    await deposit(maker, holder.userId, '50,000');
    const above = await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '60,000', description: 'School fees' });
    expect(above.statusCode, above.body).toBe(202);
    const { request } = above.json();
    expect(request).toMatchObject({
      origin: 'two_person',
      type: 'withdrawal',
      status: 'pending',
      holder: { userId: holder.userId, name: 'Bola Holder', staffId: holder.staffId },
      to: null,
      amountKobo: 6_000_000,
      description: 'School fees',
      maker: { id: maker.userId, email: maker.email },
      decidedBy: null,
      decidedAt: null,
      reason: null,
      transactionId: null,
    });
    const after = await account(holder.userId);
    expect(after).toMatchObject({ balanceKobo: 10_000_000, heldKobo: 6_000_000, pendingKobo: 6_000_000 });
    expect(await ledgerRows(after.accountId)).toBe(3);
    // The holders list says the same.
    const listed = (await maker.get('/api/savings/holders')).json().holders.find((row: { userId: string }) => row.userId === holder.userId);
    expect(listed).toMatchObject({ balanceKobo: 10_000_000, heldKobo: 6_000_000, pendingKobo: 6_000_000 });
  });

  it('never makes an admin deposit wait', async () => {
    const holder = await holderWith('1.00');
    const big = await post(maker, { userId: holder.userId, type: 'deposit', amount: '900,000' });
    expect(big.statusCode, big.body).toBe(201);
    expect(big.json().account.balanceKobo).toBe(90_000_100);
  });

  it('refuses a withdrawal that would eat into what pending requests hold, saying so', async () => {
    const holder = await holderWith('100,000');
    const recipient = await addStaffIdOnly();
    expect((await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '60,000' })).statusCode).toBe(202);
    await expectNoRowsWritten(db(), async () => {
      const direct = await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '45,000' });
      expect(direct.statusCode).toBe(409);
      expect(direct.json()).toMatchObject({ field: 'amount', message: 'Insufficient available balance: ₦60,000.00 is held for withdrawals awaiting approval' });
      const another = await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '50,000.01' });
      expect(another.statusCode).toBe(409);
      expect(another.json().message).toBe('Insufficient available balance: ₦60,000.00 is held for withdrawals awaiting approval');
      const sent = await transfer(maker, { fromUserId: holder.userId, toUserId: recipient.userId, amount: '40,000.01' });
      expect(sent.statusCode).toBe(409);
      expect(sent.json().message).toBe('Insufficient available balance: ₦60,000.00 is held for withdrawals awaiting approval');
    });
    // More than the balance itself keeps the spec's sentence.
    const tooMuch = await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '100,000.01' });
    expect(tooMuch.json().message).toBe('Insufficient balance for withdrawal');
    // What is free still goes out.
    const free = await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '40,000' });
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().account).toMatchObject({ balanceKobo: 6_000_000, heldKobo: 6_000_000, pendingKobo: 6_000_000 });
  });

  it("refuses the maker's own approval or decline (403) and posts nothing", async () => {
    const holder = await holderWith('100,000');
    const { request } = (await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '70,000' })).json();
    await expectNoRowsWritten(db(), async () => {
      const approved = await maker.post(`/api/savings/requests/${request.id}/approve`, {});
      expect(approved.statusCode).toBe(403);
      expect(approved.json().message).toBe('You cannot approve a request you made yourself');
      const declined = await maker.post(`/api/savings/requests/${request.id}/decline`, { reason: 'Changed my mind' });
      expect(declined.statusCode).toBe(403);
      expect(declined.json().message).toBe('You made this request: cancel it instead of declining it');
    });
    expect(await account(holder.userId)).toMatchObject({ balanceKobo: 10_000_000, pendingKobo: 7_000_000 });
  });

  it('is approved by another admin: posted once, the hold released, the maker and the approver on record', async () => {
    const checker = await ctx.signedIn('admin');
    const holder = await holderWith('100,000');
    const { request } = (await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '70,000', description: 'Rent' })).json();
    const approved = await checker.post(`/api/savings/requests/${request.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const body = approved.json();
    expect(body.request).toMatchObject({ id: request.id, status: 'approved', decidedBy: { id: checker.userId, email: checker.email }, reason: null });
    expect(body.request.transactionId).toBe(body.transaction.id);
    expect(body.transaction).toMatchObject({
      type: 'withdrawal',
      amountKobo: 7_000_000,
      description: 'Rent',
      createdByEmail: maker.email,
      processedByEmail: checker.email,
    });
    expect(await account(holder.userId)).toMatchObject({ balanceKobo: 3_000_000, heldKobo: 0, pendingKobo: 0 });
    expect(await auditKinds(request.id)).toEqual([
      { kind: 'savings_request.created', actor_email: maker.email },
      { kind: 'savings_request.approved', actor_email: checker.email },
    ]);
    const [posting] = await queryRows<{ kind: string; actor_email: string }>(
      db(),
      sql`select kind, actor_email from audit_log where kind = 'savings.withdrawal' and after->>'transactionId' = ${body.transaction.id}`,
    );
    expect(posting).toEqual({ kind: 'savings.withdrawal', actor_email: checker.email });

    // Decided once: nobody decides it again, and nothing more is posted.
    await expectNoRowsWritten(db(), async () => {
      for (const [who, action, payload] of [
        [checker, 'approve', {}],
        [checker, 'decline', { reason: 'Too late' }],
        [maker, 'cancel', {}],
      ] as const) {
        const again = await who.post(`/api/savings/requests/${request.id}/${action}`, payload);
        expect(again.statusCode, action).toBe(409);
        expect(again.json().message).toBe('This request has already been decided');
      }
    });
  });

  it('posts once when several approvals of the same request arrive together', async () => {
    const checker = await ctx.signedIn('admin');
    const holder = await holderWith('100,000');
    const { request } = (await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '80,000' })).json();
    const answers = await Promise.all(Array.from({ length: 5 }, () => checker.post(`/api/savings/requests/${request.id}/approve`, {})));
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([200, 409, 409, 409, 409]);
    const after = await account(holder.userId);
    expect(after).toMatchObject({ balanceKobo: 2_000_000, pendingKobo: 0 });
    expect(await ledgerRows(after.accountId)).toBe(2);
  });

  it('is declined by another admin with a reason: nothing posted, the hold released', async () => {
    const checker = await ctx.signedIn('admin');
    const holder = await holderWith('100,000');
    const { request } = (await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '90,000' })).json();
    for (const reason of [undefined, '', '   ']) {
      const refused = await checker.post(`/api/savings/requests/${request.id}/decline`, reason === undefined ? {} : { reason });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'reason', message: 'Please give a reason for declining' });
    }
    const declined = await checker.post(`/api/savings/requests/${request.id}/decline`, { reason: '  Not in the budget  ' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().request).toMatchObject({ status: 'declined', reason: 'Not in the budget', decidedBy: { id: checker.userId }, transactionId: null });
    const after = await account(holder.userId);
    expect(after).toMatchObject({ balanceKobo: 10_000_000, heldKobo: 0, pendingKobo: 0 });
    expect(await ledgerRows(after.accountId)).toBe(1);
    expect((await auditKinds(request.id)).map((entry) => entry.kind)).toEqual(['savings_request.created', 'savings_request.declined']);
  });

  it('is cancelled only by its maker', async () => {
    const checker = await ctx.signedIn('admin');
    const holder = await holderWith('100,000');
    const { request } = (await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '55,000' })).json();
    await expectNoRowsWritten(db(), async () => {
      const other = await checker.post(`/api/savings/requests/${request.id}/cancel`, {});
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe('Only the person who made this request can cancel it');
    });
    const cancelled = await maker.post(`/api/savings/requests/${request.id}/cancel`, { reason: 'Typed the wrong amount' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().request).toMatchObject({ status: 'cancelled', reason: 'Typed the wrong amount', decidedBy: { id: maker.userId } });
    expect(await account(holder.userId)).toMatchObject({ balanceKobo: 10_000_000, pendingKobo: 0 });
  });
});

/** A recipient for transfers. */
async function addStaffIdOnly() {
  return addStaff(maker, { name: 'Chi Recipient' });
}

describe('a transfer above the threshold', () => {
  it('waits for a second admin, holding the sender’s money, and moves it when approved', async () => {
    const checker = await ctx.signedIn('admin');
    const from = await holderWith('100,000', 'Dayo Sender');
    const to = await addStaffIdOnly();
    const sent = await transfer(maker, { fromUserId: from.userId, toUserId: to.userId, amount: '75,000', description: 'Loan to a colleague' });
    expect(sent.statusCode, sent.body).toBe(202);
    const { request } = sent.json();
    expect(request).toMatchObject({
      origin: 'two_person',
      type: 'transfer',
      status: 'pending',
      holder: { userId: from.userId, name: 'Dayo Sender' },
      to: { userId: to.userId, name: 'Chi Recipient' },
      amountKobo: 7_500_000,
    });
    expect(await account(from.userId)).toMatchObject({ balanceKobo: 10_000_000, pendingKobo: 7_500_000 });
    expect(await account(to.userId)).toMatchObject({ balanceKobo: 0, pendingKobo: 0 });

    const approved = await checker.post(`/api/savings/requests/${request.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().transaction).toMatchObject({ type: 'transfer_out', amountKobo: 7_500_000, createdByEmail: maker.email, processedByEmail: checker.email });
    expect(await account(from.userId)).toMatchObject({ balanceKobo: 2_500_000, pendingKobo: 0 });
    expect(await account(to.userId)).toMatchObject({ balanceKobo: 7_500_000 });
  });

  it('with an Idempotency-Key, a retry replays the same 202 and records one request', async () => {
    const from = await holderWith('100,000');
    const to = await addStaffIdOnly();
    const body = { fromUserId: from.userId, toUserId: to.userId, amount: '60,000' };
    const first = await transfer(maker, body, 'transfer-request-1');
    const retry = await transfer(maker, body, 'transfer-request-1');
    expect([first.statusCode, retry.statusCode]).toEqual([202, 202]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().request.id).toBe(first.json().request.id);
    const [row] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from savings_requests where user_id = ${from.userId}`);
    expect(row?.n).toBe(1);
    expect(await account(from.userId)).toMatchObject({ pendingKobo: 6_000_000 });
  });

  it('with an Idempotency-Key, a withdrawal request is recorded once too', async () => {
    const holder = await holderWith('100,000');
    const body = { userId: holder.userId, type: 'withdrawal', amount: '60,000' };
    const answers = [await post(maker, body, 'withdrawal-request-1'), await post(maker, body, 'withdrawal-request-1')];
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    expect(answers[1]?.json().request.id).toBe(answers[0]?.json().request.id);
    expect(await account(holder.userId)).toMatchObject({ pendingKobo: 6_000_000 });
  });
});

describe('a pending withdrawal and a new withdrawal together', () => {
  it('never overdraw: what is posted and what is held never pass the balance', async () => {
    const holder = await holderWith('100,000');
    const answers = await Promise.all([
      post(maker, { userId: holder.userId, type: 'withdrawal', amount: '60,000' }),
      post(maker, { userId: holder.userId, type: 'withdrawal', amount: '50,000' }),
      post(maker, { userId: holder.userId, type: 'withdrawal', amount: '60,000' }),
      post(maker, { userId: holder.userId, type: 'withdrawal', amount: '50,000' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => [201, 202, 409].includes(status))).toBe(true);
    const after = await account(holder.userId);
    const posted = statuses.filter((status) => status === 201).length;
    const pending = statuses.filter((status) => status === 202).length;
    expect(after.balanceKobo).toBe(10_000_000 - posted * 5_000_000);
    expect(after.pendingKobo).toBe(pending * 6_000_000);
    expect(after.pendingKobo).toBeLessThanOrEqual(after.balanceKobo);
    // ₦100,000 holds one ₦60,000 request or two ₦50,000 postings, never more.
    expect(posted * 5_000_000 + pending * 6_000_000).toBeLessThanOrEqual(10_000_000);
    expect(posted + pending).toBeGreaterThanOrEqual(1);
  });
});

describe('the lists', () => {
  it('show pending and decided requests newest first, a page at a time, and count the pending', async () => {
    const checker = await ctx.signedIn('admin');
    const holder = await holderWith('1,000,000', 'Efe Lister');
    const made = [];
    for (const amount of ['51,000', '52,000', '53,000']) made.push((await post(maker, { userId: holder.userId, type: 'withdrawal', amount })).json().request);
    await checker.post(`/api/savings/requests/${made[0].id}/decline`, { reason: 'No' });

    const count = await maker.get('/api/savings/requests/count');
    const pendingNow = (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from savings_requests where status = 'pending'`))[0]?.n;
    expect(count.json()).toEqual({ pending: pendingNow });

    const first = await maker.get('/api/savings/requests?status=pending&limit=1');
    expect(first.statusCode).toBe(200);
    expect(first.json().requests.map((request: { id: string }) => request.id)).toEqual([made[2].id]);
    const second = await maker.get(`/api/savings/requests?status=pending&limit=1&before=${first.json().nextBefore}`);
    expect(second.json().requests.map((request: { id: string }) => request.id)).toEqual([made[1].id]);

    const decided = (await maker.get('/api/savings/requests?status=decided&limit=100')).json();
    expect(decided.requests[0]).toMatchObject({ id: made[0].id, status: 'declined', reason: 'No' });
    expect(decided.requests.every((request: { status: string }) => request.status !== 'pending')).toBe(true);
    // Pending is the default.
    const byDefault = (await maker.get('/api/savings/requests')).json();
    expect(byDefault.requests.every((request: { status: string }) => request.status === 'pending')).toBe(true);
  });

  it("show a staff member the requests on their own account under /mine, and nobody else's", async () => {
    const staff = await ctx.signedIn('staff');
    await deposit(maker, staff.userId, '100,000');
    const { request } = (await post(maker, { userId: staff.userId, type: 'withdrawal', amount: '60,000' })).json();
    const mine = await staff.get('/api/savings/requests/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().requests.map((row: { id: string }) => row.id)).toEqual([request.id]);
    expect((await staff.get('/api/savings/me')).json().account).toMatchObject({ balanceKobo: 10_000_000, heldKobo: 6_000_000, pendingKobo: 6_000_000 });
    // A staff member cannot cancel what an admin made for them (the gate: staff post nothing).
    expect((await staff.post(`/api/savings/requests/${request.id}/cancel`, {})).statusCode).toBe(403);
  });
});

describe('a monthly run', () => {
  it('refuses a withdrawal row that would take money a pending request holds, naming it, and posts nothing', async () => {
    const holder = await addStaff(maker, { name: 'Funmi Run' });
    // Valued before October's payday, so the run's withdrawal leaves no day of October below ₦0 (issue 26).
    expect((await post(maker, { userId: holder.userId, type: 'deposit', amount: '100,000', valueDate: '2026-10-01' })).statusCode).toBe(201);
    expect((await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '60,000' })).statusCode).toBe(202);
    const rows = [{ ref: holder.staffId, amount: '40,000.01', type: 'withdrawal' }];
    const review = await maker.post('/api/savings/batches/review', { month: '2026-10', rows });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().rows[0]).toMatchObject({
      status: 'refused',
      reason: 'Insufficient available balance: ₦60,000.00 is held for withdrawals awaiting approval',
      balanceKobo: 10_000_000,
      heldKobo: 6_000_000,
    });
    await expectNoRowsWritten(db(), async () => {
      const posted = await maker.post('/api/savings/batches', { month: '2026-10', rows });
      expect(posted.statusCode).toBe(409);
    });
    const free = await maker.post('/api/savings/batches/review', { month: '2026-10', rows: [{ ref: holder.staffId, amount: '40,000', type: 'withdrawal' }] });
    expect(free.json().rows[0]).toMatchObject({ status: 'ready', reason: null });
  });
});

describe('the checkers’ list (issue 34)', () => {
  type Listed = { id: string; standing: unknown };
  const listed = async (status: 'pending' | 'decided', id: string) => {
    const answer = await maker.get(`/api/savings/requests?status=${status}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().requests as Listed[]).find((request) => request.id === id);
  };

  it('shows beside each pending request its holder’s balance and available balance, and what approving would leave', async () => {
    await setApprovalSettings(maker, { threshold: '50,000', memberPostingsDirect: false });
    const saver = await holderWith('100,000', 'Efe Withdrawer');
    const withdrawal = (await post(maker, { userId: saver.userId, type: 'withdrawal', amount: '60,000' })).json().request;
    // The pending withdrawal already holds its ₦60,000: approving takes it from the balance, and the available stays.
    expect((await listed('pending', withdrawal.id))?.standing).toEqual({
      balanceKobo: 10_000_000,
      availableKobo: 4_000_000,
      balanceAfterKobo: 4_000_000,
      availableAfterKobo: 4_000_000,
    });

    const sender = await holderWith('80,000', 'Femi Sender');
    const to = await addStaffIdOnly();
    const sent = (await transfer(maker, { fromUserId: sender.userId, toUserId: to.userId, amount: '55,000' })).json().request;
    expect((await listed('pending', sent.id))?.standing).toEqual({
      balanceKobo: 8_000_000,
      availableKobo: 2_500_000,
      balanceAfterKobo: 2_500_000,
      availableAfterKobo: 2_500_000,
    });

    // A member's deposit on an account not yet opened: nothing now, the deposit after.
    const member = await ctx.signedIn('user');
    const asked = (await post(member, { type: 'deposit', amount: '2,500' })).json().request;
    expect((await listed('pending', asked.id))?.standing).toEqual({
      balanceKobo: 0,
      availableKobo: 0,
      balanceAfterKobo: 250_000,
      availableAfterKobo: 250_000,
    });

    // Once decided, a request has no standing to show.
    expect((await maker.post(`/api/savings/requests/${withdrawal.id}/cancel`, {})).statusCode).toBe(200);
    expect((await listed('decided', withdrawal.id))?.standing).toBeNull();
  });
});
