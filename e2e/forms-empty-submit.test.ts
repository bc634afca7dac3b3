import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, pageErrorsOf, PHONE, DESKTOP, screenshot } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { savingsApi } from './support/savings-seed.ts';
import { holderLoansOfficer } from './support/loans-holder-seed.ts';
import { besideField, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';

/**
 * Issue 34, "Forms" (docs/decisions/060-every-field-at-once.md): every form, submitted empty, flags
 * every invalid field at once, each beside itself; the focus is on the first of them; and the
 * banner, when there is one, summarises ("4 fields need attention") or says the spec's own banner
 * sentence — never a sentence already beside a field. Each row: the page, who opens it, how the
 * form is reached, and what is flagged, in the form's order, with the sentence beside each ('' for
 * a field flagged whose sentence the banner says once; a field's description may stand beside it too).
 */

type Who = 'nobody' | 'staff' | 'admin';
type FormCase = {
  name: string;
  path: string;
  heading: string;
  who: Who;
  /** The part of the page that holds the form (a region or a dialog), once it is open. */
  open: (page: Page) => Promise<Locator>;
  submit: string;
  flagged: { label: string; beside: string }[];
  banner: string | null;
  /** Also at 1280 px and 375 px in the dark: the forms the issue names. */
  main?: boolean;
};

/** A field's label, exactly, with the asterisk a required field's label may end with. */
const labelled = (label: string) => new RegExp(`^${label.replaceAll(/[()]/g, (char) => `\\${char}`)}( \\*)?$`);
/** The control a label names (not the option list an open select also labels with it). */
const fieldOf = (holder: Locator, label: string) => holder.getByLabel(labelled(label)).and(holder.locator(':not([role="listbox"])'));
const region = (name: string) => async (page: Page) => page.getByRole('region', { name });
const wholePage = async (page: Page) => page.locator('body');

const FORMS: FormCase[] = [
  {
    name: 'sign in',
    path: '/login',
    heading: 'Welcome Back',
    who: 'nobody',
    open: wholePage,
    submit: 'Sign In',
    flagged: [
      { label: 'Email', beside: '' },
      { label: 'Password', beside: '' },
    ],
    banner: 'Please fill in all fields',
  },
  {
    name: 'sign up',
    path: '/signup',
    heading: 'Create Account',
    who: 'nobody',
    open: wholePage,
    submit: 'Sign Up',
    flagged: [
      { label: 'Full Name', beside: 'Please enter your name' },
      { label: 'Email', beside: 'Please enter your email' },
      { label: 'Password', beside: 'Password must be at least 6 characters' },
    ],
    banner: '3 fields need attention',
  },
  {
    name: 'forgot password',
    path: '/forgot-password',
    heading: 'Reset Password',
    who: 'nobody',
    open: wholePage,
    submit: 'Reset Password',
    // SPEC 8's sentence for the form, in its banner; the field flagged.
    flagged: [{ label: 'Email', beside: '' }],
    banner: 'Failed to reset password. Please check your email address.',
  },
  {
    name: 'change password',
    path: '/profile',
    heading: 'Profile',
    who: 'staff',
    open: region('Change password'),
    submit: 'Change password',
    flagged: [
      { label: 'Current Password', beside: 'Please enter your current password' },
      { label: 'New Password', beside: 'Password must be at least 6 characters' },
    ],
    banner: '2 fields need attention',
    main: true,
  },
  {
    name: 'change email',
    path: '/profile',
    heading: 'Profile',
    who: 'staff',
    open: region('Change email'),
    submit: 'Send confirmation link',
    flagged: [
      { label: 'New Email', beside: 'Please enter the new email address' },
      { label: 'Current Password', beside: 'Please enter your current password' },
    ],
    banner: '2 fields need attention',
  },
  {
    name: 'add expense',
    path: '/expenses/create',
    heading: 'Add Expense',
    who: 'admin',
    open: wholePage,
    submit: 'Add Expense',
    // The date starts at today (SPEC 9): the item and the amount are missing.
    flagged: [
      { label: 'Item', beside: '' },
      { label: 'Amount', beside: '' },
    ],
    banner: 'Please fill in all required fields',
  },
  {
    name: 'loan application',
    path: '/staff-savings',
    heading: 'My Savings Account',
    who: 'staff',
    open: async (page) => {
      await page.getByRole('region', { name: 'My Loans' }).getByRole('button', { name: 'Apply for a loan' }).click();
      const dialog = page.getByRole('dialog', { name: 'Apply for a loan' });
      await dialog.getByRole('combobox', { name: 'Loan product' }).waitFor();
      return dialog;
    },
    submit: 'Send application',
    flagged: [
      { label: 'Loan product', beside: 'Please choose a loan product' },
      { label: 'Amount (₦)', beside: 'Please enter a valid amount' },
      { label: 'Months', beside: 'Please enter the number of months' },
      { label: 'Purpose', beside: 'Please say what the loan is for' },
    ],
    banner: '4 fields need attention',
    main: true,
  },
  {
    name: 'add staff',
    path: '/savings',
    heading: 'Staff Savings',
    who: 'admin',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add New Staff' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Staff' });
      await dialog.waitFor();
      return dialog;
    },
    submit: 'Create Staff',
    flagged: [
      { label: 'Email', beside: 'Please enter a valid email address.' },
      { label: 'Password', beside: 'Password should be at least 6 characters long.' },
      { label: 'Full Name', beside: 'Please enter the full name' },
    ],
    banner: '3 fields need attention',
  },
  {
    name: 'add user',
    path: '/users',
    heading: 'User Management',
    who: 'admin',
    open: region('Add User'),
    submit: 'Add User',
    flagged: [
      { label: 'Email', beside: 'Email is required' },
      { label: 'Name', beside: 'Name is required' },
      { label: 'Password', beside: 'Password is required' },
    ],
    banner: '3 fields need attention',
  },
  {
    name: 'report',
    path: '/reports',
    heading: 'Reports',
    who: 'admin',
    open: region('Report period'),
    submit: 'Generate Report',
    // SPEC 5's sentence for the form, in its banner; both dates flagged.
    flagged: [
      { label: 'Start Date', beside: '' },
      { label: 'End Date', beside: '' },
    ],
    banner: 'Please select both start and end dates',
  },
];

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let staff: { email: string; password: string };

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  const asAdmin = await savingsApi(kobo, admin);
  staff = await asAdmin.createStaff({ name: 'Ada Obi' });
  await asAdmin.dispose();
  // Two products, so the application starts with none chosen.
  const officer = await holderLoansOfficer(kobo, admin);
  const product = { method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500000', guarantorsRequired: '0', feeKind: 'none', feeValue: '0' };
  await officer.createProduct({ ...product, name: 'Staff Loan' });
  await officer.createProduct({ ...product, name: 'Emergency Loan' });
  // A shared, busy machine: the server, a member and two products take longer than one hook's minute.
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

const LOOKS = [
  { look: 'phone', viewport: PHONE, colorScheme: 'light' },
  { look: 'desktop', viewport: DESKTOP, colorScheme: 'light' },
  { look: 'phone-dark', viewport: PHONE, colorScheme: 'dark' },
] as const;

const CASES = FORMS.flatMap((form) => LOOKS.filter((look) => look.look !== 'phone-dark' || form.main).map((look) => ({ ...form, ...look })));

describe('every form, submitted empty (issue 34)', () => {
  it.each(CASES)('$name at $look: flags every field at once, focuses the first, says nothing twice', async (form) => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: form.viewport, colorScheme: form.colorScheme });
    if (form.who !== 'nobody') await signInQuickly(page, form.who === 'admin' ? admin : staff);
    await page.goto(form.path);
    await pageSettled(page, form.heading);
    const holder = await form.open(page);
    await holder.getByRole('button', { name: form.submit, exact: true }).click();

    const first = form.flagged[0];
    if (!first) throw new Error('a row names at least one field');
    const firstField = fieldOf(holder, first.label);
    await expect.poll(() => firstField.getAttribute('aria-invalid')).toBe('true');
    // What each field points to holds its sentence (beside its description, if any), and never the banner's.
    async function flaggedNow() {
      const flagged: { label: string; beside: string }[] = [];
      for (const expected of form.flagged) {
        const field = fieldOf(holder, expected.label);
        const text = await besideField(field);
        const saysItsOwn = expected.beside === '' || text.includes(expected.beside);
        const repeatsBanner = form.banner !== null && text.includes(form.banner);
        flagged.push({
          label: (await field.getAttribute('aria-invalid', { timeout: 2000 }).catch(() => null)) === 'true' ? expected.label : `${expected.label} (not flagged)`,
          beside: saysItsOwn && !repeatsBanner ? expected.beside : text,
        });
      }
      return flagged;
    }
    await expect.poll(flaggedNow, { timeout: 10_000 }).toEqual(form.flagged);
    // Nothing else in the form is flagged.
    expect(await holder.locator('[aria-invalid="true"]').count()).toBe(form.flagged.length);
    await expect.poll(() => firstField.evaluate((element) => element === document.activeElement)).toBe(true);

    const banners = await holder.getByRole('alert').allTextContents();
    expect(banners.map((text) => text.trim()).filter(Boolean)).toEqual(form.banner ? [form.banner] : []);

    await screenshot(page, `forms-empty-${form.name.replaceAll(' ', '-')}-${form.look}`);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  }, 120_000);
});
