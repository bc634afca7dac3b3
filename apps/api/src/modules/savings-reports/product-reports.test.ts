import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';
import { readSheetTable } from '../../spreadsheet/read-sheet-table.ts';
import type { SavingsHolderListItem } from '@kobo/core';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';
import { depositInto, newProduct } from './savings-reports-test-support.ts';

/**
 * Issue 29 "Seeing it": admins see totals per product and the members below the share minimum,
 * each also as .xlsx, read back here with the project's own spreadsheet reader.
 */
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-11-26T10:00:00+01:00'),
);
const db = () => ctx.app.kobo.database.db as Database;

let shares: string;
let christmas: string;
let ada: SavingsHolderListItem;
let bisi: SavingsHolderListItem;
let chidi: SavingsHolderListItem;

beforeAll(async () => {
  shares = await newProduct(db(), { name: 'Share Capital', kind: 'shares', code: '3010', sharePriceKobo: 50_000, minimumHoldingKobo: 2_500_000 });
  christmas = await newProduct(db(), { name: 'Christmas Savings', kind: 'target', code: '2210', windowOpens: '12-01', windowCloses: '12-31', payoutOn: '12-31', payoutTo: 'ordinary' });
  ada = await addStaff(admin, { name: 'Ada Okafor' });
  bisi = await addStaff(admin, { name: 'Bisi Ade' });
  chidi = await addStaff(admin, { name: 'Chidi Eze' });
  await deposit(admin, ada.userId, '300,000');
  await depositInto(db(), ada.userId, shares, 2_500_000);
  await depositInto(db(), ada.userId, christmas, 1_800_000);
  await deposit(admin, bisi.userId, '50,000');
  await depositInto(db(), bisi.userId, shares, 2_450_000);
});

async function sheet(url: string, fileName: string) {
  const response = await admin.get(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  return (await readSheetTable(response.rawPayload, { maxRows: 1000, messages: { tooManyRows: 'too many rows' } })).map((row) => row.cells);
}

describe('totals per savings product', () => {
  it('counts the members holding each product and sums their balances', async () => {
    const response = await admin.get('/api/savings/products/totals');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      products: [
        { productId: shares, productName: 'Share Capital', kind: 'shares', holders: 2, balanceKobo: 4_950_000, retired: false },
        { productId: ORDINARY_SAVINGS_PRODUCT_ID, productName: 'Ordinary savings', kind: 'ordinary', holders: 2, balanceKobo: 35_000_000, retired: false },
        { productId: christmas, productName: 'Christmas Savings', kind: 'target', holders: 1, balanceKobo: 1_800_000, retired: false },
      ],
      totalKobo: 41_750_000,
    });
  });

  it('downloads the same totals as .xlsx', async () => {
    expect(await sheet('/api/savings/products/totals.xlsx', 'savings-products-2026-11-26.xlsx')).toEqual([
      ['Product', 'Kind', 'Members holding it', 'Total balance'],
      ['Share Capital', 'Share capital', 2, 49_500],
      ['Ordinary savings', 'Ordinary savings', 2, 350_000],
      ['Christmas Savings', 'Target savings', 1, 18_000],
      ['Total', '', '', 417_500],
    ]);
  });

  it('is for those who may read every holder’s savings', async () => {
    const auditor = await ctx.signedIn('auditor');
    expect((await auditor.get('/api/savings/products/totals')).statusCode).toBe(200);
    const staff = await ctx.signedIn('staff');
    expect((await staff.get('/api/savings/products/totals')).statusCode).toBe(403);
    expect((await staff.get('/api/savings/products/below-minimum.xlsx')).statusCode).toBe(403);
    expect((await auditor.post('/api/savings/products/payouts')).statusCode).toBe(403);
  });
});

describe('members below the share minimum', () => {
  it('lists each with their holding, the minimum and the shortfall, largest shortfall first', async () => {
    const response = await admin.get('/api/savings/products/below-minimum');
    expect(response.statusCode, response.body).toBe(200);
    const members = response.json().members as Record<string, unknown>[];
    // The auditor and staff the access test signed in hold no shares either; this file's members are these two.
    const ours = members.filter((member) => [bisi.userId, chidi.userId, ada.userId].includes(member.userId as string));
    expect(ours).toEqual([
      { userId: chidi.userId, holderName: 'Chidi Eze', staffId: chidi.staffId, productId: shares, productName: 'Share Capital', holdingKobo: 0, minimumKobo: 2_500_000, shortfallKobo: 2_500_000 },
      { userId: bisi.userId, holderName: 'Bisi Ade', staffId: bisi.staffId, productId: shares, productName: 'Share Capital', holdingKobo: 2_450_000, minimumKobo: 2_500_000, shortfallKobo: 50_000 },
    ]);
  });

  it('downloads the list as .xlsx', async () => {
    const rows = await sheet('/api/savings/products/below-minimum.xlsx', 'below-share-minimum-2026-11-26.xlsx');
    expect(rows[0]).toEqual(['Name', 'Staff ID', 'Product', 'Holding', 'Minimum', 'Shortfall']);
    expect(rows.filter((row) => row[0] === 'Chidi Eze' || row[0] === 'Bisi Ade')).toEqual([
      ['Chidi Eze', chidi.staffId, 'Share Capital', 0, 25_000, 25_000],
      ['Bisi Ade', bisi.staffId, 'Share Capital', 24_500, 25_000, 500],
    ]);
  });
});
