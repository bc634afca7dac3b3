import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatNaira } from '@kobo/core';
import { launchBrowser, newPage, PHONE } from './support/browser.ts';
import { expenseApi } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { measureLoad } from './support/page-load.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { signInQuickly } from './support/session.ts';

/**
 * A first visit as a phone receives it: every response the page gets (HTML, scripts, styles,
 * images, API answers), compressed as sent (gzip: Chromium asks for brotli only over HTTPS),
 * headers included. The build checks its own files (apps/web/page-weight-plugin.ts); this counts
 * what it cannot.
 *
 * Issue 13's budgets are 120 kB (/login), 150 kB (/staff-savings) and 250 kB (/dashboard). They
 * are not met yet (docs/decisions/029-page-weight.md); until they are, these ceilings (today's
 * weight, rounded up) keep any change from making a first visit heavier. Lower them with every saving.
 */
const CEILING_BYTES = { login: 215_000, staffSavings: 345_000, dashboard: 380_000 };
let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let staff: SeededStaff;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  const asAdmin = await savingsApi(kobo, admin);
  staff = await asAdmin.createStaff({ name: 'Tunde Bello' });
  await asAdmin.post({ type: 'deposit', amount: '15000', userId: staff.id, description: 'Opening deposit' });
  await asAdmin.post({ type: 'deposit', amount: '2500.50', userId: staff.id, description: 'Monthly saving' });
  await asAdmin.dispose();
  const expenses = await expenseApi(kobo, admin);
  const food = await expenses.addCategory('Food', { color: '#FF6B6B', icon: 'FaUtensils' });
  await expenses.addExpense({ categoryId: food.id, amount: '1200' });
  await expenses.addExpense({ categoryId: food.id, amount: '800' });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

describe('a first visit stays within its budget', () => {
  it('/login: within its ceiling', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    const load = await measureLoad(page, '/login', (p) => [p.getByRole('heading', { name: 'Welcome Back' }), p.getByRole('button', { name: 'Sign In' })]);
    expect(load.bytes, `${load.requests} requests`).toBeLessThanOrEqual(CEILING_BYTES.login);
    await context.close();
  });

  it('/staff-savings as a staff member: within its ceiling', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, staff);
    const load = await measureLoad(page, '/staff-savings', (p) => [
      p.getByRole('heading', { name: 'My Savings Account' }),
      p.getByRole('region', { name: 'Current Balance' }).getByText(formatNaira(1_750_050)),
    ]);
    expect(load.bytes, `${load.requests} requests`).toBeLessThanOrEqual(CEILING_BYTES.staffSavings);
    await context.close();
  });

  it('/dashboard as an administrator: within its ceiling', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, admin);
    const load = await measureLoad(page, '/dashboard', (p) => [
      p.getByRole('heading', { name: 'Expenses Dashboard' }),
      p.getByText(formatNaira(200_000), { exact: true }).first(),
    ]);
    expect(load.bytes, `${load.requests} requests`).toBeLessThanOrEqual(CEILING_BYTES.dashboard);
    await context.close();
  });
});
