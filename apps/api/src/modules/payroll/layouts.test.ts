import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contributionKey, MESSAGES, ORDINARY_SAVINGS_PRODUCT_ID } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { openSavingsContext } from '../savings/savings-test-support.ts';
import { newProduct } from '../savings-reports/savings-reports-test-support.ts';

/** Issue 30: payroll layouts, the generic one built in and named ones saved per payroll provider. */
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened), () => new Date('2026-11-23T09:00:00.000Z'));
const db = () => ctx.app.kobo.database.db as Database;

let christmas = '';
const ordinary = contributionKey(ORDINARY_SAVINGS_PRODUCT_ID);
const ippis = {
  name: 'IPPIS',
  shape: 'long',
  format: 'csv',
  dateFormat: 'DD/MM/YYYY',
  numberFormat: 'kobo',
  columns: [
    { field: 'staff_id', header: 'IPPIS No' },
    { field: 'month', header: 'Period' },
    { field: 'code', header: 'Deduction Code' },
    { field: 'amount', header: 'Amount' },
  ],
  codes: [{ code: 'COOP-SAV', keys: [ordinary] }],
};

beforeAll(async () => {
  christmas = await newProduct(db(), { name: 'Christmas Savings', kind: 'target', code: '2210' });
});

describe('payroll layouts', () => {
  it('lists the generic layout first, a column for each deduction a fresh advice may carry, loans first', async () => {
    const response = await admin.get('/api/payroll/layouts');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().layouts).toEqual([
      {
        id: 'generic',
        name: 'Generic',
        builtIn: true,
        shape: 'wide',
        format: 'xlsx',
        dateFormat: 'YYYY-MM',
        numberFormat: 'naira',
        updatedAt: null,
        codes: [],
        columns: [
          { field: 'staff_id', header: 'Staff ID' },
          { field: 'name', header: 'Name' },
          { field: 'deduction', header: 'Loan repayment', keys: ['loan'] },
          { field: 'deduction', header: 'Ordinary savings arrears', keys: [`arrears:${ORDINARY_SAVINGS_PRODUCT_ID}`] },
          { field: 'deduction', header: 'Christmas Savings arrears', keys: [`arrears:${christmas}`] },
          { field: 'deduction', header: 'Ordinary savings', keys: [ordinary] },
          { field: 'deduction', header: 'Christmas Savings', keys: [`contribution:${christmas}`] },
          { field: 'total', header: 'Total' },
        ],
      },
    ]);
  });

  let ippisId = '';
  it('saves a named layout (201), lists it after the generic one and records it in the audit log', async () => {
    const created = await admin.post('/api/payroll/layouts', ippis);
    expect(created.statusCode, created.body).toBe(201);
    ippisId = created.json().id;
    expect(created.json()).toMatchObject({ name: 'IPPIS', builtIn: false, shape: 'long', codes: [{ code: 'COOP-SAV', keys: [ordinary] }] });
    const names = (await admin.get('/api/payroll/layouts')).json().layouts.map((layout: { name: string }) => layout.name);
    expect(names).toEqual(['Generic', 'IPPIS']);
    expect((await admin.get('/api/audit?kind=payroll.layout_created')).json().entries[0]).toMatchObject({ target: { label: 'IPPIS' } });
  });

  it('changes a layout, and refuses a second layout with the same name in any case (409)', async () => {
    const changed = await admin.request('PUT', `/api/payroll/layouts/${ippisId}`, { ...ippis, codes: [{ code: 'COOP-SAV', keys: [ordinary, `contribution:${christmas}`] }] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().codes).toEqual([{ code: 'COOP-SAV', keys: [ordinary, `contribution:${christmas}`] }]);
    await expectNoRowsWritten(db(), async () => {
      const twin = await admin.post('/api/payroll/layouts', { ...ippis, name: 'ippis' });
      expect(twin.statusCode).toBe(409);
      expect(twin.json()).toMatchObject({ error: 'PAYROLL_LAYOUT_NAME_TAKEN', message: MESSAGES.payrollLayoutNameTaken, field: 'name' });
    });
  });

  it.each([
    ['no staff ID column', { ...ippis, columns: ippis.columns.slice(1) }, 'columns', 'A layout needs a Staff ID column, so each line finds its member.'],
    ['a long layout without codes', { ...ippis, codes: [] }, 'codes', 'A long layout needs a code for each deduction.'],
    ['a product that takes no money', { ...ippis, codes: [{ code: 'X', keys: ['contribution:00000000-0000-4000-8000-000000000000'] }] }, 'codes', MESSAGES.payrollDeductionUnknownProduct],
  ])('refuses %s beside its field, saving nothing', async (_name, body, field, message) => {
    await expectNoRowsWritten(db(), async () => {
      const response = await admin.post('/api/payroll/layouts', { ...body, name: 'Other' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, field });
    });
  });

  it.each([
    ['a NUL in the name', { ...ippis, name: 'Pay\u0000roll' }],
    ['a huge name', { ...ippis, name: 'x'.repeat(10_000) }],
    ['an unknown shape', { ...ippis, shape: 'tall' }],
    ['a key that is no deduction', { ...ippis, codes: [{ code: 'X', keys: ['savings'] }] }],
  ])('refuses %s with a 400', async (_name, body) => {
    await expectNoRowsWritten(db(), async () => {
      expect((await admin.post('/api/payroll/layouts', body)).statusCode).toBe(400);
    });
  });

  it('refuses changing or deleting the generic layout (built in, 409) and an unknown one (404)', async () => {
    const generic = await admin.request('PUT', '/api/payroll/layouts/generic', ippis);
    expect(generic.statusCode).toBe(409);
    expect(generic.json()).toMatchObject({ error: 'PAYROLL_LAYOUT_BUILT_IN', message: MESSAGES.payrollLayoutBuiltIn });
    expect((await admin.request('DELETE', '/api/payroll/layouts/generic')).statusCode).toBe(409);
    expect((await admin.request('PUT', '/api/payroll/layouts/00000000-0000-4000-8000-000000000000', ippis)).statusCode).toBe(404);
    expect((await admin.request('DELETE', '/api/payroll/layouts/not-a-uuid')).json()).toMatchObject({ error: 'PAYROLL_LAYOUT_NOT_FOUND' });
  });

  it('deletes a saved layout (204), once', async () => {
    expect((await admin.request('DELETE', `/api/payroll/layouts/${ippisId}`)).statusCode).toBe(204);
    expect((await admin.request('DELETE', `/api/payroll/layouts/${ippisId}`)).statusCode).toBe(404);
    const [row] = await queryRows<{ count: number }>(db(), sql`select count(*)::int as count from payroll_layouts`);
    expect(row!.count).toBe(0);
  });
});
