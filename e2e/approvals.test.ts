import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, pageErrorsOf, PHONE } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { savingsApi, setApprovalSettings, type SeededStaff } from './support/savings-seed.ts';
import { expectBeside, expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';
import { apiAs } from './support/users-seed.ts';

/**
 * Issue 15's maker-checker and members' requests, in the browser: a withdrawal or transfer above
 * the threshold waits for a second administrator, a regular user's own posting waits for an
 * administrator to confirm it, and Settings turns both on and off. Every figure and sentence is
 * written out as the screen should show it.
 */

let kobo: KoboServer;
let browser: Browser;
let ngozi: TestUser;
let emeka: TestUser;
let chidi: TestUser;
let tunde: SeededStaff;
let bola: SeededStaff;
let asNgozi: Awaited<ReturnType<typeof savingsApi>>;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  ngozi = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  emeka = await kobo.createUser('admin', { name: 'Emeka Admin' });
  chidi = await kobo.createUser('user', { name: 'Chidi Okafor' });
  asNgozi = await savingsApi(kobo, ngozi);
  tunde = await asNgozi.createStaff({ name: 'Tunde Bello' });
  bola = await asNgozi.createStaff({ name: 'Bola Ade' });
  await asNgozi.post({ userId: tunde.id, type: 'deposit', amount: '200000' });
  // Above ₦50,000 a withdrawal or transfer waits for a second administrator; members' postings are requests (the default).
  await setApprovalSettings(kobo, ngozi, { twoPersonThreshold: '50000', memberPostingsDirect: false });
});
afterAll(async () => {
  await asNgozi?.dispose();
  await browser?.close();
  await kobo?.stop();
});

async function pageAs(user: TestUser, path: string, viewport?: { width: number; height: number }) {
  const opened = await newPage(browser, kobo.baseURL, viewport ? { viewport } : {});
  await signInQuickly(opened.page, user);
  await opened.page.goto(path);
  return opened;
}

function navLink(page: Page, name: string): Locator {
  return page.getByRole('navigation').getByRole('link', { name: new RegExp(`^${name}`) });
}

/** The pending list's row (a table on a desktop) naming `text`. */
function pendingRow(page: Page, text: string): Locator {
  return page.getByRole('table', { name: 'Pending requests' }).getByRole('row').filter({ hasText: text });
}

describe('two-person approval', () => {
  it('holds a large withdrawal until a second administrator approves it; its maker cannot', async () => {
    const first = await pageAs(ngozi, `/savings/${tunde.staffId}`);
    const form = first.page.getByRole('region', { name: 'New Transaction' });
    await form.getByLabel('Amount (₦)').fill('60000');
    await form.getByRole('radio', { name: 'Withdrawal' }).check();
    await form.getByLabel('Description (optional)').fill('School fees');
    await form.getByRole('button', { name: 'Process Transaction' }).click();
    await expectText(form.getByRole('status'), 'Sent for approval: another administrator must approve this withdrawal of ₦60,000.00');
    expect(await form.getByRole('status').textContent()).not.toContain('processed');
    // The balance stands; what the request holds shows beside it.
    await expectText(first.page.getByRole('group', { name: 'Balance' }), '₦200,000.00');
    const summary = first.page.getByRole('region', { name: 'Staff summary' });
    await expectText(summary, 'Awaiting approval₦60,000.00');
    await expectText(summary, 'Available₦140,000.00');
    await expectText(navLink(first.page, 'Approvals'), 'Approvals1');

    // Its maker sees it, but may only cancel it.
    await navLink(first.page, 'Approvals').click();
    await pageSettled(first.page, 'Approvals');
    const mine = pendingRow(first.page, 'Tunde Bello');
    await expectText(mine, '₦60,000.00');
    await expectText(mine, 'School fees');
    await expectText(mine, 'Ngozi Admin');
    await expectText(mine, 'Second approval');
    // Issue 34: the holder's balance and available balance beside the request, and what approval leaves.
    await expectText(mine, 'Balance ₦200,000.00');
    await expectText(mine, 'Available ₦140,000.00');
    await expectText(mine, 'After approval: balance ₦140,000.00, available ₦140,000.00');
    expect(await mine.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    await expectText(mine, 'You made this request: another administrator must approve it.');
    expect(await mine.getByRole('button', { name: 'Decline' }).count()).toBe(0);
    await mine.getByRole('button', { name: 'Cancel request' }).waitFor();

    // The second administrator approves it: the money moves.
    const second = await pageAs(emeka, '/approvals');
    await expectText(navLink(second.page, 'Approvals'), 'Approvals1');
    const theirs = pendingRow(second.page, 'Tunde Bello');
    await theirs.getByRole('button', { name: 'Approve' }).click();
    const dialog = second.page.getByRole('dialog', { name: 'Approve request' });
    await expectText(dialog, 'Approve the withdrawal of ₦60,000.00 from Tunde Bello? It is posted at once.');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(second.page.getByRole('status'), 'Request approved and posted');
    await expectText(second.page.getByRole('main'), 'Nothing is waiting for approval');
    await expect.poll(() => navLink(second.page, 'Approvals').textContent()).toBe('Approvals');

    await second.page.getByRole('tab', { name: 'Decided' }).click();
    const decided = second.page.getByRole('table', { name: 'Decided requests' }).getByRole('row').filter({ hasText: 'Tunde Bello' });
    await expectText(decided, 'Approved');
    await expectText(decided, 'Emeka Admin');

    await second.page.goto(`/savings/${tunde.staffId}`);
    await expectText(second.page.getByRole('group', { name: 'Balance' }), '₦140,000.00');
    const history = second.page.getByRole('region', { name: /^Transactions:/ });
    await expectText(history, 'School fees');
    await expectText(history, '-₦60,000.00');
    expect(await second.page.getByRole('region', { name: 'Staff summary' }).textContent()).not.toContain('Awaiting approval');
    expect(unexpectedErrors(pageErrorsOf(first.page))).toEqual([]);
    expect(unexpectedErrors(pageErrorsOf(second.page))).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  it('holds a large transfer too, and lets its maker cancel it', async () => {
    await asNgozi.post({ userId: bola.id, type: 'deposit', amount: '80000' });
    const { context, page } = await pageAs(ngozi, `/savings/${bola.staffId}`);
    await page.getByRole('button', { name: 'Transfer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer from Bola Ade' });
    await dialog.getByLabel('Transfer to').click();
    await page.getByRole('option', { name: /Tunde Bello/ }).click();
    await dialog.getByLabel('Amount (₦)').fill('55000');
    await dialog.getByRole('button', { name: 'Process Transfer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(page.getByRole('status'), 'Sent for approval: another administrator must approve this transfer of ₦55,000.00');
    await expectText(page.getByRole('group', { name: 'Balance' }), '₦80,000.00');
    await expectText(page.getByRole('region', { name: 'Staff summary' }), 'Available₦25,000.00');

    await page.goto('/approvals');
    const row = pendingRow(page, 'Bola Ade');
    await expectText(row, 'To Tunde Bello');
    await row.getByRole('button', { name: 'Cancel request' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel request' });
    await expectText(cancel, 'Cancel the transfer of ₦55,000.00?');
    await cancel.getByLabel('Reason (optional)').fill('Wrong recipient');
    await cancel.getByRole('button', { name: 'Cancel request' }).click();
    await cancel.waitFor({ state: 'detached' });
    await expectText(page.getByRole('status'), 'Request cancelled');
    await expectText(page.getByRole('main'), 'Nothing is waiting for approval');

    await page.goto(`/savings/${bola.staffId}`);
    await expectText(page.getByRole('group', { name: 'Balance' }), '₦80,000.00');
    expect(await page.getByRole('region', { name: 'Staff summary' }).textContent()).not.toContain('Awaiting approval');
    await context.close();
  });

  it('says so when another administrator decided first, and shows the list as it now is', async () => {
    const { request: rent } = await asNgozi.request({ userId: tunde.id, type: 'withdrawal', amount: '50000.01', description: 'Rent' });
    const { context, page } = await pageAs(emeka, '/approvals');
    const row = pendingRow(page, 'Rent');
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve request' });
    await expectText(dialog, 'Approve the withdrawal of ₦50,000.01 from Tunde Bello? It is posted at once.');

    // Meanwhile its maker withdraws it.
    const asMaker = await apiAs(kobo, ngozi);
    await asMaker('POST', `/api/savings/requests/${rent.id}/cancel`, {});

    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expectText(dialog.getByRole('alert'), 'This request has already been decided. The list now shows where each request stands.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectText(page.getByRole('main'), 'Nothing is waiting for approval');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe("members' own postings", () => {
  it("makes a regular user's deposit a request, which an administrator confirms", async () => {
    const member = await pageAs(chidi, '/savings', PHONE);
    const form = member.page.getByRole('region', { name: 'New Transaction' });
    await form.getByLabel('Amount (₦)').fill('2000.50');
    await form.getByLabel('Description (optional)').fill('Cash at the office');
    await form.getByRole('button', { name: 'Request a deposit' }).click();
    await expectText(form.getByRole('status'), 'Request sent: an administrator will confirm your deposit of ₦2,000.50');
    const balance = member.page.getByRole('region', { name: 'Current Balance' });
    await expectText(balance, '₦0.00');
    const requests = member.page.getByRole('region', { name: 'Requests' });
    await expectText(requests, 'Deposit');
    await expectText(requests, '₦2,000.50');
    await expectText(requests, 'Pending');
    await expectText(member.page.getByRole('region', { name: 'Transaction History' }), 'No transactions found');

    const admin = await pageAs(emeka, '/approvals');
    const row = pendingRow(admin.page, 'Chidi Okafor');
    await expectText(row, "Member's request");
    await expectText(row, 'Cash at the office');
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Approve request' });
    await expectText(dialog, 'Approve the deposit of ₦2,000.50 for Chidi Okafor? It is posted at once.');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expectText(admin.page.getByRole('status'), 'Request approved and posted');
    await admin.context.close();

    await member.page.reload();
    await expectText(member.page.getByRole('region', { name: 'Current Balance' }), '₦2,000.50');
    await expectText(member.page.getByRole('region', { name: 'Requests' }), 'Approved');
    await expectText(member.page.getByRole('region', { name: 'Transaction History' }), 'Cash at the office');
    expect(unexpectedErrors(pageErrorsOf(member.page))).toEqual([]);
    await member.context.close();
  });

  it('declines a withdrawal request only with a reason, which the member then reads', async () => {
    const member = await pageAs(chidi, '/savings');
    const form = member.page.getByRole('region', { name: 'New Transaction' });
    await form.getByLabel('Amount (₦)').fill('500');
    await form.getByRole('radio', { name: 'Withdrawal' }).check();
    await form.getByRole('button', { name: 'Request a withdrawal' }).click();
    await expectText(form.getByRole('status'), 'Request sent: an administrator will confirm your withdrawal of ₦500.00');
    await expectText(member.page.getByRole('region', { name: 'Current Balance' }), 'Available ₦1,500.50 · ₦500.00 awaiting approval');

    const admin = await pageAs(ngozi, '/approvals');
    const row = pendingRow(admin.page, 'Chidi Okafor');
    await row.getByRole('button', { name: 'Decline' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Decline request' });
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expectBeside(dialog.getByLabel('Reason'), 'Please give a reason for declining');
    await dialog.getByLabel('Reason').fill('No cash in the safe today');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(admin.page.getByRole('status'), 'Request declined');
    await admin.context.close();

    await member.page.reload();
    const requests = member.page.getByRole('region', { name: 'Requests' });
    const declined = requests.getByRole('row').filter({ hasText: '₦500.00' });
    await expectText(declined, 'Declined');
    await expectText(declined, 'Reason: No cash in the safe today');
    await expectText(member.page.getByRole('region', { name: 'Current Balance' }), '₦2,000.50');
    expect(await member.page.getByRole('region', { name: 'Current Balance' }).textContent()).not.toContain('awaiting approval');
    await member.context.close();
  });

  it('lets the member cancel their own pending request', async () => {
    const { context, page } = await pageAs(chidi, '/savings');
    const form = page.getByRole('region', { name: 'New Transaction' });
    await form.getByLabel('Amount (₦)').fill('750');
    await form.getByRole('button', { name: 'Request a deposit' }).click();
    await expectText(form.getByRole('status'), 'Request sent: an administrator will confirm your deposit of ₦750.00');
    const requests = page.getByRole('region', { name: 'Requests' });
    const pending = requests.getByRole('row').filter({ hasText: '₦750.00' });
    await pending.getByRole('button', { name: 'Cancel request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel request' });
    await dialog.getByRole('button', { name: 'Cancel request' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(requests.getByRole('status'), 'Request cancelled');
    await expectText(pending, 'Cancelled');
    expect(await pending.getByRole('button', { name: 'Cancel request' }).count()).toBe(0);
    await context.close();
  });
});

describe('Settings → Savings approvals', () => {
  // As the other tests expect them, whatever this one leaves.
  afterAll(() => setApprovalSettings(kobo, ngozi, { twoPersonThreshold: '50000', memberPostingsDirect: false }));

  it('shows the settings saved, refuses a bad threshold beside the field, and keeps a change after a reload', async () => {
    const { context, page } = await pageAs(ngozi, '/settings/approvals');
    const section = page.getByRole('region', { name: 'Savings approvals' });
    const twoPerson = section.getByRole('switch', { name: 'Require a second administrator for large withdrawals and transfers' });
    const memberDirect = section.getByRole('switch', { name: "Members' own deposits and withdrawals post at once (no confirmation)" });
    const threshold = section.getByLabel('Above this amount (₦)');
    await expect.poll(() => twoPerson.isChecked()).toBe(true);
    await expect.poll(() => threshold.inputValue()).toBe('50,000.00');
    expect(await memberDirect.isChecked()).toBe(false);

    await threshold.fill('');
    await section.getByRole('button', { name: 'Save approval settings' }).click();
    await expectBeside(threshold, 'Please enter the amount above which a second administrator must approve');
    await threshold.fill('0');
    await section.getByRole('button', { name: 'Save approval settings' }).click();
    await expectBeside(threshold, 'Please enter an amount above ₦0, or leave it blank to turn two-person approval off');

    await threshold.fill('75000');
    await memberDirect.check();
    await section.getByRole('button', { name: 'Save approval settings' }).click();
    await expectText(section.getByRole('status'), 'Approval settings saved');

    await page.reload();
    await expect.poll(() => section.getByLabel('Above this amount (₦)').inputValue()).toBe('75,000.00');
    expect(await twoPerson.isChecked()).toBe(true);
    expect(await memberDirect.isChecked()).toBe(true);

    // Off: the amount goes with it.
    await twoPerson.uncheck();
    expect(await section.getByLabel('Above this amount (₦)').count()).toBe(0);
    await section.getByRole('button', { name: 'Save approval settings' }).click();
    await expectText(section.getByRole('status'), 'Approval settings saved');
    await page.reload();
    await expect.poll(() => memberDirect.isChecked()).toBe(true);
    expect(await twoPerson.isChecked()).toBe(false);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('/approvals on a phone', () => {
  it('lists each request as a card with its actions', async () => {
    await asNgozi.request({ userId: tunde.id, type: 'withdrawal', amount: '51000', description: 'Phone card check' });
    const { context, page } = await pageAs(emeka, '/approvals', PHONE);
    const cards = page.getByRole('list', { name: 'Pending requests' });
    const card = cards.getByRole('listitem').filter({ hasText: 'Phone card check' });
    await expectText(card, 'Tunde Bello');
    await expectText(card, '₦51,000.00');
    await expectText(card, 'Made by Ngozi Admin');
    await card.getByRole('button', { name: 'Approve' }).waitFor();
    await card.getByRole('button', { name: 'Decline' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});

describe('how the approval screens look', () => {
  let notified: SeededStaff;
  beforeAll(async () => {
    notified = await asNgozi.createStaff({ name: 'Kemi Look' });
    // Enough for the notice's four looks, each a ₦50,001 withdrawal held on top of the two requests below.
    await asNgozi.post({ userId: notified.id, type: 'deposit', amount: '500000' });
    await asNgozi.request({ userId: notified.id, type: 'withdrawal', amount: '60000', description: 'Looks: a withdrawal' });
    await asNgozi.requestTransfer({ fromUserId: notified.id, toUserId: bola.id, amount: '70000', description: 'Looks: a transfer' });
    const asChidi = await savingsApi(kobo, chidi);
    await asChidi.request({ type: 'deposit', amount: '1500', description: 'Looks: a member deposit' });
    await asChidi.dispose();
  });

  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'approvals-pending',
    path: '/approvals',
    user: () => emeka,
    prepare: (page) => page.getByText('Looks: a member deposit').first().waitFor(),
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'approvals-maker',
    path: '/approvals',
    user: () => ngozi,
    prepare: (page) => page.getByText('Looks: a transfer').first().waitFor(),
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'approvals-decided',
    path: '/approvals?tab=decided',
    user: () => emeka,
    prepare: (page) => page.getByText('No cash in the safe today').first().waitFor(),
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'approvals-settings',
    path: '/settings/approvals',
    user: () => ngozi,
    prepare: async (page) => {
      const section = page.getByRole('region', { name: 'Savings approvals' });
      await section.getByLabel('Above this amount (₦)').waitFor();
    },
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'approvals-notice',
    path: () => `/savings/${notified.staffId}`,
    user: () => ngozi,
    prepare: async (page) => {
      const form = page.getByRole('region', { name: 'New Transaction' });
      await form.getByLabel('Amount (₦)').fill('50001');
      await form.getByRole('radio', { name: 'Withdrawal' }).check();
      await form.getByRole('button', { name: 'Process Transaction' }).click();
      await form.getByText('Sent for approval: another administrator must approve this withdrawal of ₦50,001.00').waitFor();
      // A full-page picture of a scrolled page draws the fixed header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'approvals-member',
    path: '/savings',
    user: () => chidi,
    prepare: (page) => page.getByRole('region', { name: 'Requests' }).getByText('No cash in the safe today').first().waitFor(),
  });
});
