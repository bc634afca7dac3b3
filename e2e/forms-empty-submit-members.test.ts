import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { activeLoan, guarantee } from '../apps/api/src/modules/exits/exit-settlement-test-support.ts';
import type { Database } from '../apps/api/src/db/client.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { launchBrowser } from './support/browser.ts';
import { savingsApi, setApprovalSettings, type SeededStaff } from './support/savings-seed.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/api/src/db/client.ts';
import { pageSettled } from './support/page-checks.ts';
import { apiAs } from './support/users-seed.ts';
import { holderLoansOfficer } from './support/loans-holder-seed.ts';
import { itSubmitsEachEmpty, type FormCase } from './support/empty-submit.ts';

// Issue 34's "members" forms, submitted empty (e2e/support/empty-submit.ts says what each row checks):
// the shared reason dialogs (a reversal, a decline), the exits' own (cancel an exit), another
// guarantor asked for, a pay-out's bank reference, the exit's settlement preview (its day starts
// filled in: emptied, then previewed) and the year end's appropriation (a blank is 0, so only the
// by-laws' least reserve, 25% of a ₦2,000,000 surplus, is missing). Nothing is required, so no
// empty test, in: the maker's cancel of a request (its reason is optional) and the monthly
// contribution (blank is none).

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let checker: TestUser;
let tunde: SeededStaff;
let exitId = '';
/** A settled exit: its Pay out asks for the bank reference. */
let settledExitId = '';

/** A dialog a button on another page opens: the page is reached after the row's own path settles. */
const dialogOn = (path: () => string, heading: string, button: string, dialogName: string) => async (page: Page) => {
  await page.goto(path());
  await pageSettled(page, heading);
  await page.getByRole('button', { name: button, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  return dialog;
};

/** A staff member with ₦10,000 of savings. */
async function memberWithSavings(server: KoboServer, user: TestUser, name: string): Promise<SeededStaff> {
  const api = await savingsApi(server, user);
  const staff = await api.createStaff({ name });
  await api.post({ userId: staff.id, type: 'deposit', amount: '10000' });
  await api.dispose();
  return staff;
}

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
  {
    name: 'ask another member',
    path: '/staff-savings/exits',
    heading: 'Members leaving',
    who: 'admin',
    open: dialogOn(() => `/staff-savings/exits/${exitId}`, 'Tunde Bello leaving', "Ask another member to guarantee Ladi Borrower's loan", 'Ask another member'),
    submit: 'Ask them',
    flagged: [{ label: 'New guarantor', beside: 'Choose another member who holds savings and has not given notice.' }],
    banner: null,
  },
  {
    name: 'settlement preview',
    path: '/staff-savings/exits',
    heading: 'Members leaving',
    who: 'admin',
    open: async (page) => {
      await page.goto(`/staff-savings/exits/${exitId}`);
      await pageSettled(page, 'Tunde Bello leaving');
      const settlement = page.getByRole('region', { name: 'Settlement', exact: true });
      await settlement.getByLabel('Settlement date').fill('');
      return settlement;
    },
    submit: 'Preview',
    flagged: [{ label: 'Settlement date', beside: 'Enter the settlement date: on or after the earliest settlement date, and not in the future.' }],
    banner: null,
  },
  {
    name: 'year end appropriation',
    path: '/books/year-end',
    heading: 'Year end',
    who: 'admin',
    open: async (page) => {
      // The year to open first is 2025, the latest already over, which holds the surplus.
      const form = page.getByRole('region', { name: 'Appropriation (new proposal)' });
      await expect.poll(() => form.getByRole('textbox', { name: 'Reserve fund (₦)', exact: true }).getAttribute('aria-invalid')).toBe('true');
      return form;
    },
    submit: 'Save proposal',
    flagged: [{ label: 'Reserve fund (₦)', beside: 'The by-laws set the reserve at least 25% of the surplus: ₦500,000.00' }],
    banner: null,
  },
  {
    name: 'pay out',
    path: '/staff-savings/exits',
    heading: 'Members leaving',
    who: 'admin',
    open: dialogOn(() => `/staff-savings/exits/${settledExitId}`, 'Kemi Leaver leaving', 'Pay out', 'Pay out'),
    submit: 'Record the payment',
    flagged: [{ label: 'Bank reference', beside: 'Enter the bank reference of the payment.' }],
    banner: null,
  },
];

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  checker = await kobo.createUser('admin', { name: 'Emeka Admin' });
  const db = kobo.app.kobo.database.db as Database;
  // Loan interest of ₦2,000,000 in 2025, the year end's surplus, posted before two-person approval is on.
  const accountOf = async (key: string) => (await queryRows<{ id: string }>(db, sql`select id from ledger_accounts where system_key = ${key}`))[0]?.id;
  await (await apiAs(kobo, admin))('POST', '/api/books/entries', {
    book: 'scheme',
    valueDate: '2025-06-30',
    narration: 'Interest on loans for the year',
    lines: [
      { accountId: await accountOf('scheme.bank'), debit: '2,000,000' },
      { accountId: await accountOf('scheme.interest_income'), credit: '2,000,000' },
    ],
  });
  const asAdmin = await savingsApi(kobo, admin);
  tunde = await asAdmin.createStaff({ name: 'Tunde Bello' });
  await asAdmin.post({ userId: tunde.id, type: 'deposit', amount: '200000', description: 'Opening deposit' });
  // Above ₦50,000 a withdrawal waits for a second administrator: the checker's Decline.
  await setApprovalSettings(kobo, admin, { twoPersonThreshold: '50000', memberPostingsDirect: false });
  await asAdmin.request({ userId: tunde.id, type: 'withdrawal', amount: '60000' });
  await asAdmin.dispose();
  const call = await apiAs(kobo, admin);
  const { today } = (await call('GET', '/api/calendar')) as { today: string };
  // Tunde guarantees Ladi's loan: his exit offers "Ask another member".
  const ladi = await memberWithSavings(kobo, admin, 'Ladi Borrower');
  const officer = await holderLoansOfficer(kobo, admin);
  const product = await officer.createProduct({ name: 'Flat 12%', method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500000', guarantorsRequired: '0', feeKind: 'none', feeValue: '0' });
  const loanId = await activeLoan(db, { userId: ladi.id, productId: product.id, principalKobo: 5_000_000, disbursedOn: today });
  await guarantee(db, loanId, tunde.id, 2_000_000);
  const notice = (await call('POST', '/api/exits', { userId: tunde.id, reason: 'resignation', leavingDate: today })) as { exit: { id: string } };
  exitId = notice.exit.id;
  // Kemi's exit, with no notice period, approved by the second officer and settled.
  await call('PUT', '/api/exits/settings', { noticeDays: 0, exitFeeKobo: 0, proRata: false });
  const kemi = await memberWithSavings(kobo, admin, 'Kemi Leaver');
  const kemiNotice = (await call('POST', '/api/exits', { userId: kemi.id, reason: 'retirement', leavingDate: today })) as { exit: { id: string } };
  settledExitId = kemiNotice.exit.id;
  await (await apiAs(kobo, checker))('POST', `/api/exits/${settledExitId}/approve`, { settlementDate: today, shortfallChoice: null });
  await call('POST', `/api/exits/${settledExitId}/settle`, {});
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

describe("the members' forms, submitted empty (issue 34)", () => {
  itSubmitsEachEmpty(() => ({ browser, baseURL: kobo.baseURL, users: { admin, checker } }), FORMS);
});
