import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES, formatNaira } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf, PHONE } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { expectText, itFitsEveryLook, unexpectedErrors } from './support/page-checks.ts';
import { pathOf, signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let tunde: SeededStaff;
let amaka: SeededStaff;
let asAdmin: Awaited<ReturnType<typeof savingsApi>>;
const downloads = mkdtempSync(join(tmpdir(), 'kobo-statement-'));

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  asAdmin = await savingsApi(kobo, admin);
  tunde = await asAdmin.createStaff({ name: 'Tunde Bello' });
  amaka = await asAdmin.createStaff({ name: 'Amaka Eze' });
});
afterAll(async () => {
  await asAdmin?.dispose();
  await browser?.close();
  await kobo?.stop();
  rmSync(downloads, { recursive: true, force: true });
});

describe('/staff-savings as a staff member', () => {
  it('shows staff ID, name, a zero balance and no transactions at first', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, tunde);
    await page.goto('/staff-savings');
    await page.getByRole('heading', { name: 'My Savings Account' }).waitFor();
    const account = page.getByRole('region', { name: 'Current Balance' });
    await expectText(account, tunde.staffId);
    await expectText(account, 'Tunde Bello');
    await expectText(account, formatNaira(0));
    await expectText(account, 'Last updated');
    await expectText(page.getByRole('region', { name: 'Transaction History' }), MESSAGES.noTransactionsFound);
    // Staff see their savings; they post nothing (DECISIONS 8).
    expect(await page.getByRole('region', { name: 'New Transaction' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Transfer' }).count()).toBe(0);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('shows what an admin posted, transfers included, newest first', async () => {
    await asAdmin.post({ userId: tunde.id, type: 'deposit', amount: '5000', description: 'Salary savings' });
    await asAdmin.post({ userId: amaka.id, type: 'deposit', amount: '2000' });
    await asAdmin.transfer({ fromUserId: amaka.id, toUserId: tunde.id, amount: '1000.25', description: 'Refund' });
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, tunde);
    await page.goto('/staff-savings');
    await expectText(page.getByRole('region', { name: 'Current Balance' }), formatNaira(600_025));
    const history = page.getByRole('region', { name: 'Transaction History' });
    await expectText(history, 'From Amaka Eze');
    const rows = await history.getByRole('row').allTextContents();
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain('Transfer in');
    expect(rows[1]).toContain(`+${formatNaira(100_025)}`);
    expect(rows[2]).toContain('Deposit');
    expect(rows[2]).toContain('Salary savings');
    // Who processed a transaction is for admins' eyes.
    expect(await history.getByRole('columnheader', { name: 'Processed By' }).count()).toBe(0);
    await context.close();
  });

  it('downloads their own statement', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, tunde);
    await page.goto('/staff-savings');
    const statement = page.getByRole('region', { name: 'Statement' });
    await statement.getByRole('button', { name: 'Download Statement' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), statement.getByRole('button', { name: 'Download Statement' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^statement-${tunde.staffId}-\\d{4}-\\d{2}-01-to-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const rows = (workbook.getWorksheet('Statement')?.getSheetValues() ?? []).slice(2) as unknown[][];
    expect(String(rows[0]?.[3])).toContain('Opening balance (Tunde Bello)');
    expect(rows.slice(1, -1).map((row) => [row[2], row[4], row[7]])).toEqual([
      ['Deposit', undefined, 5000],
      ['Transfer in', 'Amaka Eze', 6000.25],
    ]);
    expect(rows.at(-1)?.[7]).toBe(6000.25);
    await context.close();
  });

  it('is sent from /savings and /savings/{staffId} to /staff-savings', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, tunde);
    for (const path of ['/savings', `/savings/${amaka.staffId}`]) {
      await page.goto(path);
      await page.waitForURL('**/staff-savings');
      expect(pathOf(page)).toBe('/staff-savings');
    }
    await context.close();
  });
});

describe('how My Savings Account looks', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'staff-savings-account',
    path: '/staff-savings',
    user: () => tunde,
    prepare: (page) => page.getByRole('region', { name: 'Transaction History' }).getByText('Salary savings').first().waitFor(),
  });
});
