import { afterAll, beforeAll, describe } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { launchBrowser } from './support/browser.ts';
import { savingsApi, setApprovalSettings, type SeededStaff } from './support/savings-seed.ts';
import { pageSettled } from './support/page-checks.ts';
import { apiAs } from './support/users-seed.ts';
import { itSubmitsEachEmpty, type FormCase } from './support/empty-submit.ts';

// Issue 34's "members" forms, submitted empty (e2e/support/empty-submit.ts says what each row checks):
// the shared reason dialogs (a reversal, a decline), the exits' own (cancel an exit) and a pay-out's
// bank reference. Nothing is required, so no empty test, in: the maker's cancel of a request (its
// reason is optional), the monthly contribution (blank is none), the year end's appropriation
// (blank is 0) and the exit's settlement preview (its day starts filled in).

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let checker: TestUser;
let tunde: SeededStaff;
let exitId = '';

/** A dialog a button on another page opens: the page is reached after the row's own path settles. */
const dialogOn = (path: () => string, heading: string, button: string, dialogName: string) => async (page: Page) => {
  await page.goto(path());
  await pageSettled(page, heading);
  await page.getByRole('button', { name: button, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  return dialog;
};

const FORMS: FormCase[] = [
  {
    name: 'reverse transaction',
    path: '/savings',
    heading: 'Staff Savings',
    who: 'admin',
    open: dialogOn(() => `/savings/${tunde.staffId}`, 'Staff Savings Detail', 'Reverse', 'Reverse transaction'),
    submit: 'Reverse transaction',
    flagged: [{ label: 'Reason', beside: 'Please give a reason for the reversal' }],
    banner: null,
  },
  {
    name: 'decline request',
    path: '/approvals',
    heading: 'Approvals',
    who: 'checker',
    open: dialogOn(() => '/approvals', 'Approvals', 'Decline', 'Decline request'),
    submit: 'Decline',
    flagged: [{ label: 'Reason', beside: 'Please give a reason for declining' }],
    banner: null,
  },
  {
    name: 'cancel the exit',
    path: '/staff-savings/exits',
    heading: 'Members leaving',
    who: 'admin',
    open: dialogOn(() => `/staff-savings/exits/${exitId}`, 'Tunde Bello leaving', 'Cancel the exit', 'Cancel the exit'),
    submit: 'Cancel the exit',
    flagged: [{ label: 'Reason', beside: 'Please give a reason' }],
    banner: null,
  },
];

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  checker = await kobo.createUser('admin', { name: 'Emeka Admin' });
  const asAdmin = await savingsApi(kobo, admin);
  tunde = await asAdmin.createStaff({ name: 'Tunde Bello' });
  await asAdmin.post({ userId: tunde.id, type: 'deposit', amount: '200000', description: 'Opening deposit' });
  // Above ₦50,000 a withdrawal waits for a second administrator: the checker's Decline.
  await setApprovalSettings(kobo, admin, { twoPersonThreshold: '50000', memberPostingsDirect: false });
  await asAdmin.request({ userId: tunde.id, type: 'withdrawal', amount: '60000' });
  await asAdmin.dispose();
  const call = await apiAs(kobo, admin);
  const { today } = (await call('GET', '/api/calendar')) as { today: string };
  const notice = (await call('POST', '/api/exits', { userId: tunde.id, reason: 'resignation', leavingDate: today })) as { exit: { id: string } };
  exitId = notice.exit.id;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

describe("the members' forms, submitted empty (issue 34)", () => {
  itSubmitsEachEmpty(() => ({ browser, baseURL: kobo.baseURL, users: { admin, checker } }), FORMS);
});
