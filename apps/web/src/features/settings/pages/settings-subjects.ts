/**
 * Issue 34 (docs/decisions/059-one-settings-page-per-subject.md): the admin's Settings, one page per
 * subject at /settings/<slug>, in the order the single page had them (SPEC 2's own sections first).
 * The index lists them; the subject page (settings-subject-page.tsx) holds their sections. `anchors`:
 * the section headings as an old /settings#… link spells them, so such a link lands on the subject.
 */
export const SETTINGS_SUBJECTS = [
  { slug: 'appearance', title: 'Appearance', description: 'Dark mode on this device.', anchors: ['appearance', 'dark-mode'] },
  { slug: 'categories', title: 'Categories', description: 'The items expenses are filed under, with their colours and icons.', anchors: ['categories'] },
  { slug: 'budgets', title: 'Budgets', description: 'A monthly or yearly budget per item, and what it has spent.', anchors: ['budgets'] },
  { slug: 'data', title: 'Data Management', description: 'Export every expense to Excel.', anchors: ['data-management', 'export'] },
  { slug: 'receipts', title: 'Receipts', description: 'Above which amount an expense must carry a receipt.', anchors: ['receipts'] },
  { slug: 'mail', title: 'Mail', description: 'Mail waiting to be sent, mail that failed, and mail kept without a server.', anchors: ['outgoing-mail', 'email', 'notifications'] },
  { slug: 'approvals', title: 'Savings approvals', description: 'When a second administrator confirms a withdrawal or a transfer.', anchors: ['savings-approvals'] },
  { slug: 'savings-products', title: 'Savings products', description: 'Share capital, ordinary and target savings, fixed deposits.', anchors: ['savings-products'] },
  { slug: 'payroll', title: 'Payroll', description: 'Arrears, the order deductions are paid in, and payroll file layouts.', anchors: ['payroll', 'payroll-layouts'] },
  { slug: 'books', title: 'Books', description: "The books' start date, each book's chart of accounts, and where postings go.", anchors: ['books-start-date', 'books-start', 'chart', 'mappings'] },
  { slug: 'year-end', title: 'Year end', description: 'When the financial year starts, the least reserve and withholding tax.', anchors: ['year-end'] },
  { slug: 'exits', title: 'Exits', description: 'The notice period and exit fee for members leaving.', anchors: ['exits'] },
  { slug: 'sign-up', title: 'Sign-up', description: 'Whether anyone may make an account, or only by invitation.', anchors: ['sign-up', 'signup'] },
  { slug: 'api-tokens', title: 'API tokens', description: 'Tokens a payroll system or a monitor uses to reach Kobo.', anchors: ['api-tokens', 'tokens'] },
  { slug: 'backups', title: 'Backups', description: 'The nightly backup, how the last one went, and files to download.', anchors: ['backups', 'backup'] },
  { slug: 'account', title: 'Account', description: 'Log out, or delete your account.', anchors: ['account', 'danger-zone', 'log-out'] },
] as const;

export type SettingsSubject = (typeof SETTINGS_SUBJECTS)[number];
export type SettingsSubjectSlug = SettingsSubject['slug'];

/** The subject at /settings/<slug>, or undefined for an address no subject has. */
export function settingsSubjectOf(slug: string | undefined): SettingsSubject | undefined {
  return SETTINGS_SUBJECTS.find((subject) => subject.slug === slug);
}

/** The subject an old one-page link's anchor (`#backups`, `#Danger Zone`) meant, or undefined. */
export function settingsSubjectOfAnchor(hash: string): SettingsSubject | undefined {
  const anchor = decodeURIComponent(hash.replace(/^#/, '')).trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  if (!anchor) return undefined;
  return SETTINGS_SUBJECTS.find((subject) => subject.slug === anchor || subject.anchors.some((known) => known === anchor));
}
