import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type SavingsHolderListItem } from '@kobo/core';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { addStaff, balanceOf, deposit, expectNoLedgerDrift, transfer } from './savings-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
let ada: SavingsHolderListItem;
let bayo: SavingsHolderListItem;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin');
  ada = await addStaff(admin, { name: 'Ada Eze' });
  bayo = await addStaff(admin, { name: 'Bayo Ade' });
  await deposit(admin, ada.userId, 1000);
});
afterAll(async () => {
  if (ctx) await expectNoLedgerDrift(ctx);
  await ctx?.close();
});

describe('transfers', () => {
  it('writes both legs with one timestamp and one transfer id, naming the other side', async () => {
    const response = await transfer(admin, { fromUserId: ada.userId, toUserId: bayo.userId, amount: '250.75', description: 'Loan' });
    expect(response.statusCode, response.body).toBe(201);
    const posted = response.json();
    expect(posted.out).toMatchObject({ type: 'transfer_out', amountKobo: 25075, counterpartyName: 'Bayo Ade', description: 'Loan' });
    expect(posted.in).toMatchObject({ type: 'transfer_in', amountKobo: 25075, counterpartyName: 'Ada Eze', processedByEmail: admin.email });
    expect(posted.out.createdAt).toBe(posted.in.createdAt);
    expect(posted.out.transferId).toBe(posted.transferId);
    expect(posted.in.transferId).toBe(posted.transferId);
    expect(posted.from.balanceKobo).toBe(100000 - 25075);
    expect(posted.to.balanceKobo).toBe(25075);
    const history = (await admin.get(`/api/savings/accounts/${bayo.staffId}`)).json().transactions;
    expect(history[0]).toMatchObject({ type: 'transfer_in', counterpartyAccountId: posted.from.accountId });
  });

  it.each([
    ['a missing source', { toUserId: 'x', amount: 1 }, MESSAGES.selectStaffMember, 'fromUserId'],
    ['a missing recipient', { fromUserId: 'x', amount: 0 }, MESSAGES.selectTransferRecipient, 'toUserId'],
    ['then a bad amount', { fromUserId: 'x', toUserId: 'y', amount: '0' }, MESSAGES.enterValidAmount, 'amount'],
    ['then the source as recipient', { fromUserId: 'x', toUserId: 'x', amount: 1 }, MESSAGES.invalidTransferDetails, 'toUserId'],
  ])('checks in the spec order: %s', async (_label, body, message, field) => {
    const response = await transfer(admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message, field });
  });

  it('refuses an admin or unknown recipient as invalid details, and an unknown source as no account', async () => {
    for (const toUserId of [admin.userId, 'nobody']) {
      const response = await transfer(admin, { fromUserId: ada.userId, toUserId, amount: 1 });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.invalidTransferDetails);
    }
    const unknownSource = await transfer(admin, { fromUserId: 'nobody', toUserId: ada.userId, amount: 1 });
    expect(unknownSource.statusCode).toBe(404);
    expect(unknownSource.json().message).toBe(MESSAGES.noSavingsAccount);
  });

  it('refuses more than the balance and writes neither leg', async () => {
    const [adaBefore, bayoBefore] = [await balanceOf(admin, ada.userId), await balanceOf(admin, bayo.userId)];
    const response = await transfer(admin, { fromUserId: bayo.userId, toUserId: ada.userId, amount: bayoBefore / 100 + 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MESSAGES.insufficientBalanceForTransfer);
    expect([await balanceOf(admin, ada.userId), await balanceOf(admin, bayo.userId)]).toEqual([adaBefore, bayoBefore]);
  });

  it('opens a regular user as recipient at zero, and posts a keyed transfer once', async () => {
    const user = await ctx.signedIn('user');
    const body = { fromUserId: ada.userId, toUserId: user.userId, amount: 5 };
    const first = await transfer(admin, body, 'transfer-1');
    const again = await transfer(admin, body, 'transfer-1');
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await transfer(admin, { ...body, amount: 6 }, 'transfer-1')).statusCode).toBe(409);
    expect((await user.get('/api/savings/me')).json().account.balanceKobo).toBe(500);
  });
});
