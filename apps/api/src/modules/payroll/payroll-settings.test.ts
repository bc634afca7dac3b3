import { describe, expect, it } from 'vitest';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { openSavingsContext } from '../savings/savings-test-support.ts';

/** Issue 30: whether arrears are re-deducted and the order payroll's money pays deductions in. */
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened), () => new Date('2026-11-23T09:00:00.000Z'));

describe('payroll settings', () => {
  it('re-deducts arrears and pays loans first until an admin says otherwise', async () => {
    const response = await admin.get('/api/payroll/settings');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ redeductArrears: true, allocationOrder: 'loans_first' });
  });

  it('saves both, reads them back, and records the change once with before and after', async () => {
    const saved = await admin.request('PUT', '/api/payroll/settings', { redeductArrears: false, allocationOrder: 'savings_first' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ redeductArrears: false, allocationOrder: 'savings_first' });
    expect((await admin.get('/api/payroll/settings')).json()).toEqual({ redeductArrears: false, allocationOrder: 'savings_first' });
    // Saving the same again changes nothing and records nothing.
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      expect((await admin.request('PUT', '/api/payroll/settings', { redeductArrears: false, allocationOrder: 'savings_first' })).statusCode).toBe(200);
    });
    const entries = (await admin.get('/api/audit?kind=payroll.settings_changed')).json().entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      before: { redeductArrears: true, allocationOrder: 'loans_first' },
      after: { redeductArrears: false, allocationOrder: 'savings_first' },
    });
  });

  it.each([
    ['an unknown order', { redeductArrears: true, allocationOrder: 'oldest_first' }],
    ['a string for the flag', { redeductArrears: 'yes', allocationOrder: 'loans_first' }],
    ['nothing', {}],
  ])('refuses %s with a 400, saving nothing', async (_name, body) => {
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      expect((await admin.request('PUT', '/api/payroll/settings', body)).statusCode).toBe(400);
    });
  });

  it('lets the auditor read the settings but not change them', async () => {
    const auditor = await ctx.signedIn('auditor');
    expect((await auditor.get('/api/payroll/settings')).statusCode).toBe(200);
    expect((await auditor.request('PUT', '/api/payroll/settings', { redeductArrears: true, allocationOrder: 'loans_first' })).statusCode).toBe(403);
  });
});
