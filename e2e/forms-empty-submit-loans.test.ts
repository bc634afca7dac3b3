import { afterAll, beforeAll, describe } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LOAN_RISK_SETTING_LABELS, MESSAGES, PAR_SCREEN_TEXT, TOP_UP_LABELS, type LoanView } from '@kobo/core';
import { launchBrowser } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { lagosToday } from './support/expense-seed.ts';
import { loansSeed } from './support/loans-seed.ts';
import { pageSettled } from './support/page-checks.ts';
import { savingsApi } from './support/savings-seed.ts';
import { apiAs } from './support/users-seed.ts';
import { itSubmitsEachEmpty, type FormCase } from './support/empty-submit.ts';

// Issue 34's loan officer's and payroll forms, submitted empty (e2e/support/empty-submit.ts says what each row checks).
// The default days and the risk scale start at their saved values: each is emptied, then submitted.
// Not here, as nothing in them is required when they open: the disbursement's value date (today)
// and a payroll line's figures (its prepared deductions, a blank one being ₦0).

const BORROWER = 'Kemi Adebayo';
const PAYROLL_MEMBER = 'Bisi Ade';
const PRODUCT = 'Empty Loan';
let application: LoanView;
let running: LoanView;

/** A form in a dialog on a loan's own page, opened by `button` (in `region`, if given). */
const onLoan =
  (loan: () => LoanView, button: string | RegExp, dialogName: string, region?: string) =>
  async (page: Page) => {
    await page.goto(`/loans/${loan().id}`);
    await pageSettled(page, `${BORROWER}: ${PRODUCT}`);
    const holder = region ? page.getByRole('region', { name: region, exact: true }) : page;
    await holder.getByRole('button', { name: button, exact: typeof button === 'string' }).first().click();
    const dialog = page.getByRole('dialog', { name: dialogName });
    await dialog.waitFor();
    return dialog;
  };

/** A form in a region named `name`, each of its text fields emptied. */
const emptied = (name: string, labels: readonly string[]) => async (page: Page) => {
  const holder = page.getByRole('region', { name });
  for (const label of labels) await holder.getByLabel(label, { exact: true }).fill('');
  return holder;
};

const RISK_LABELS = Object.values(LOAN_RISK_SETTING_LABELS);

const FORMS: FormCase[] = [
  {
    name: 'default days',
    path: '/loans?tab=products',
    heading: 'Loans',
    who: 'admin',
    open: emptied('Default', ['Days in arrears before a loan is in default']),
    submit: 'Save',
    flagged: [{ label: 'Days in arrears before a loan is in default', beside: 'Enter the days in arrears, a whole number from 1 to 3,650.' }],
    banner: null,
  },
  {
    name: 'classification scale',
    path: '/loans?tab=par',
    heading: 'Loans',
    who: 'admin',
    open: emptied(PAR_SCREEN_TEXT.settingsTitle, RISK_LABELS),
    submit: PAR_SCREEN_TEXT.settingsSave,
    // The days share one sentence and the rates another: each stands once, beside the first field.
    flagged: RISK_LABELS.map((label, index) => ({
      label,
      beside: index === 0 ? 'Enter the days as a whole number from 0 to 3650' : index === 4 ? 'Enter a percentage from 0 to 100' : '',
    })),
    banner: '9 fields need attention',
  },
  {
    name: 'new loan product',
    path: '/loans?tab=products',
    heading: 'Loans',
    who: 'admin',
    open: async (page) => {
      await page.getByRole('button', { name: 'New product' }).click();
      const dialog = page.getByRole('dialog', { name: 'New loan product' });
      await dialog.getByLabel('Longest term (months)').waitFor();
      return dialog;
    },
    submit: 'Save product',
    flagged: [
      { label: 'Name', beside: MESSAGES.loanProductNameRequired },
      { label: 'Annual rate (%)', beside: MESSAGES.loanRateInvalid },
      { label: 'Longest term (months)', beside: MESSAGES.loanTermInvalid },
      { label: 'Multiple of savings (×)', beside: MESSAGES.loanMultipleInvalid },
      { label: 'Largest loan (₦)', beside: MESSAGES.enterValidAmount },
    ],
    banner: '5 fields need attention',
    main: true,
  },
  {
    name: 'reject application',
    path: '/loans',
    heading: 'Loans',
    who: 'admin',
    open: onLoan(() => application, 'Reject', 'Reject application'),
    submit: 'Reject',
    flagged: [{ label: 'Reason', beside: MESSAGES.rejectionReasonRequired }],
    banner: null,
  },
  {
    name: 'restructure',
    path: '/loans',
    heading: 'Loans',
    who: 'admin',
    open: onLoan(() => running, TOP_UP_LABELS.restructure, TOP_UP_LABELS.restructureTitle, TOP_UP_LABELS.sectionTitle),
    submit: TOP_UP_LABELS.restructure,
    flagged: [
      { label: TOP_UP_LABELS.newMonths, beside: MESSAGES.restructureTermRequired },
      { label: TOP_UP_LABELS.reason, beside: MESSAGES.restructureReasonRequired },
    ],
    banner: '2 fields need attention',
    main: true,
  },
  {
    name: 'write off',
    path: '/loans',
    heading: 'Loans',
    who: 'admin',
    open: onLoan(() => running, 'Write off', 'Write off loan'),
    submit: 'Write off',
    flagged: [{ label: 'Reason', beside: MESSAGES.writeOffReasonRequired }],
    banner: null,
  },
  {
    name: 'reverse disbursement',
    path: '/loans',
    heading: 'Loans',
    who: 'admin',
    open: onLoan(() => running, /^Reverse disbursement/, 'Reverse disbursement', 'History'),
    submit: 'Reverse',
    // The value date starts at today: only the reason is missing.
    flagged: [{ label: 'Reason', beside: MESSAGES.reversalReasonRequired }],
    banner: null,
  },
  {
    name: 'hold out of the advice',
    path: '/staff-savings/payroll',
    heading: 'Payroll advice and remittance',
    who: 'admin',
    open: async (page) => {
      await page.getByRole('button', { name: `Change ${PAYROLL_MEMBER}` }).first().click();
      const dialog = page.getByRole('dialog', { name: new RegExp(`^Change ${PAYROLL_MEMBER}`) });
      await dialog.getByLabel('Reason to hold out').waitFor();
      return dialog;
    },
    submit: 'Hold out',
    flagged: [{ label: 'Reason to hold out', beside: 'Say why this member is held out.' }],
    banner: null,
  },
];

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  const seed = await loansSeed(kobo, admin);
  const product = await seed.createProduct({
    name: PRODUCT,
    method: 'flat',
    annualRate: '12',
    maxMonths: '12',
    savingsMultiple: '2',
    maxAmount: '500,000',
    guarantorsRequired: '0',
    feeKind: 'none',
    feeValue: '0',
  });
  const kemi = await seed.holderWithSavings(BORROWER, '100000');
  const loan = { productId: product.id, holder: kemi, months: '12', purpose: 'School fees' };
  // One application waiting for a decision, one loan paid out and running.
  application = await seed.apply({ ...loan, amount: '20000' });
  running = await seed.apply({ ...loan, amount: '50000' });
  await seed.approve(running.id);
  await seed.disburse(running.id);
  // This month's payroll advice, with one member's contribution on it.
  const savings = await savingsApi(kobo, admin);
  const bisi = await savings.createStaff({ name: PAYROLL_MEMBER });
  await savings.dispose();
  const call = await apiAs(kobo, admin);
  await call('PUT', '/api/savings/contributions', { contributions: [{ userId: bisi.id, amount: '5000' }] });
  await call('POST', '/api/payroll/advices', { month: lagosToday().slice(0, 7) });
  // A shared, busy machine: the server, a member and two loans take longer than one hook's minute.
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

describe('the loan officer’s forms, submitted empty (issue 34)', () => {
  itSubmitsEachEmpty(() => ({ browser, baseURL: kobo.baseURL, users: { admin } }), FORMS);
});
