import { describe, expect, it } from 'vitest';
import { MESSAGES, type SavingsHolderListItem } from '@kobo/core';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, balanceOf, deposit, openSavingsContext, post, reverse, transfer } from './savings-test-support.ts';

const NOW = new Date('2026-11-23T09:00:00.000Z');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened), () => NOW);


describe('reversing a posting', () => {
  let ada: SavingsHolderListItem;
  let depositId: string;
  let reversalId: string;

  it('writes an opposite posting linked to the original, with the reason, and restores the balance', async () => {
    ada = await addStaff(admin, { name: 'Ada Reversal' });
    await deposit(admin, ada.userId, '200');
    depositId = (await deposit(admin, ada.userId, '50')).transaction.id;
    const response = await reverse(admin, depositId, { reason: '  Keyed twice ' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.reversals).toHaveLength(1);
    expect(body.reversals[0]).toMatchObject({
      type: 'withdrawal',
      amountKobo: 5_000,
      reversesId: depositId,
      reason: 'Keyed twice',
      description: 'Reversal: Keyed twice',
      valueDate: '2026-11-23',
      processedByEmail: admin.email,
    });
    reversalId = body.reversals[0].id;
    expect(body.reversed[0]).toMatchObject({ id: depositId, type: 'deposit', reversedById: reversalId });
    expect(body.accounts[0]).toMatchObject({ userId: ada.userId, balanceKobo: 20_000 });
    expect(await balanceOf(admin, ada.userId)).toBe(20_000);
  });

  it('shows the original as reversed and the reversal as its undoing in the history', async () => {
    const detail = await admin.get(`/api/savings/accounts/${ada.userId}?period=month`);
    const rows = detail.json().transactions as { id: string; reversedById: string | null; reversesId: string | null }[];
    expect(rows.find((row) => row.id === depositId)?.reversedById).toBe(reversalId);
    expect(rows.find((row) => row.id === reversalId)?.reversesId).toBe(depositId);
  });

  it('records who, when and why in the audit log', async () => {
    const response = await admin.get(`/api/audit?kind=savings.reversal`);
    expect(response.statusCode).toBe(200);
    const [entry] = response.json().entries;
    expect(entry).toMatchObject({
      kind: 'savings.reversal',
      actor: { email: admin.email },
      at: '2026-11-23T09:00:00.000Z',
      target: { type: 'savings_transaction', id: depositId, label: `Ada Reversal (${ada.staffId})` },
      after: { reason: 'Keyed twice', reversalIds: [reversalId] },
    });
  });

  it('refuses to reverse it again, or to reverse the reversal, and writes nothing', async () => {
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const again = await reverse(admin, depositId, { reason: 'again' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'ALREADY_REVERSED', message: MESSAGES.alreadyReversed });
      const ofReversal = await reverse(admin, reversalId, { reason: 'undo the undo' });
      expect(ofReversal.statusCode).toBe(409);
      expect(ofReversal.json()).toEqual({ error: 'REVERSAL_NOT_REVERSIBLE', message: MESSAGES.reversalNotReversible });
    });
  });

  it('refuses a reversal that would take the balance below zero, saying so, and moves nothing', async () => {
    const bisi = await addStaff(admin, { name: 'Bisi Spent' });
    const paid = (await deposit(admin, bisi.userId, '100')).transaction.id;
    expect((await post(admin, { userId: bisi.userId, type: 'withdrawal', amount: '60' })).statusCode).toBe(201);
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await reverse(admin, paid, { reason: 'Wrong person' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: 'REVERSAL_OVERDRAWS',
        message: "Reversing this would take Bisi Spent's balance below zero, so nothing was reversed.",
      });
    });
    expect(await balanceOf(admin, bisi.userId)).toBe(4_000);
  });

  it('reverses a withdrawal by paying the money back', async () => {
    const taken = await post(admin, { userId: ada.userId, type: 'withdrawal', amount: '20' });
    const response = await reverse(admin, taken.json().transaction.id, { reason: 'Not paid out' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().reversals[0]).toMatchObject({ type: 'deposit', amountKobo: 2_000 });
    expect(await balanceOf(admin, ada.userId)).toBe(20_000);
  });

  it('reverses both legs of a transfer from either leg, under a new transfer id', async () => {
    const from = await addStaff(admin, { name: 'Chike From' });
    const to = await addStaff(admin, { name: 'Dayo To' });
    await deposit(admin, from.userId, '300');
    const moved = (await transfer(admin, { fromUserId: from.userId, toUserId: to.userId, amount: '120' })).json();
    const response = await reverse(admin, moved.in.id, { reason: 'Wrong recipient' });
    expect(response.statusCode, response.body).toBe(201);
    const reversals = response.json().reversals as { type: string; reversesId: string; transferId: string; amountKobo: number }[];
    expect(reversals.map((row) => [row.type, row.reversesId]).toSorted()).toEqual(
      [
        ['transfer_in', moved.out.id],
        ['transfer_out', moved.in.id],
      ].toSorted(),
    );
    expect(new Set(reversals.map((row) => row.transferId)).size).toBe(1);
    expect(reversals[0]?.transferId).not.toBe(moved.transferId);
    expect(await balanceOf(admin, from.userId)).toBe(30_000);
    expect(await balanceOf(admin, to.userId)).toBe(0);
    const outAgain = await reverse(admin, moved.out.id, { reason: 'again' });
    expect(outAgain.json().error).toBe('ALREADY_REVERSED');
  });

  it.each([
    [{}, 'reason', MESSAGES.reversalReasonRequired],
    [{ reason: '   ' }, 'reason', MESSAGES.reversalReasonRequired],
    [{ reason: 'x'.repeat(501) }, 'reason', MESSAGES.reasonTooLong],
    [{ reason: 'ok', valueDate: '2026-11-24' }, 'valueDate', MESSAGES.valueDateInFuture],
    [{ reason: 'ok', valueDate: '2026-11-22' }, 'valueDate', MESSAGES.reversalBeforeOriginal],
  ])('refuses %j with a message on the field', async (body, field, message) => {
    const fresh = (await deposit(admin, ada.userId, '1')).transaction.id;
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await reverse(admin, fresh, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field, message });
    });
  });

  it.each([
    ['00000000-0000-4000-8000-000000000000', 404, 'TRANSACTION_NOT_FOUND'],
    ['not-a-uuid', 404, 'TRANSACTION_NOT_FOUND'],
    ['..%2F..%2Fusers', 404, 'TRANSACTION_NOT_FOUND'],
    ['%00', 400, 'UNSUPPORTED_CHARACTERS'],
  ])('answers %s with %i and writes nothing', async (id, status, error) => {
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await reverse(admin, id, { reason: 'nothing' });
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toBe(error);
    });
  });

  it('answers a retried request (same Idempotency-Key) with the first result, reversing once', async () => {
    const fresh = (await deposit(admin, ada.userId, '7')).transaction.id;
    const first = await reverse(admin, fresh, { reason: 'Retry' }, 'reverse-once-1');
    const second = await reverse(admin, fresh, { reason: 'Retry' }, 'reverse-once-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
  });

  it('reverses a posting once when twenty requests race for it', async () => {
    const fresh = (await deposit(admin, ada.userId, '9')).transaction.id;
    const before = await balanceOf(admin, ada.userId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => reverse(admin, fresh, { reason: 'Race' })));
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([201, ...Array.from({ length: 19 }, () => 409)]);
    expect(await balanceOf(admin, ada.userId)).toBe(before - 900);
  });
});
