/**
 * A screen whose address takes one value: the router's pattern, and a function that puts the
 * value (encoded) in the pattern's place, for links.
 */
function withParam<P extends `${string}/:${string}`>(pattern: P) {
  const href = (value: string) => pattern.replace(/:[^/]+/, () => encodeURIComponent(value));
  return Object.assign(href, { pattern });
}

/**
 * Every screen's address, written once (bulletproof-react's `paths`): the router's route
 * definitions, links and navigate() all read it. A plain string is both the route and the link.
 * The guarded screens are the paths core's SCREENS lists, each with the permission it needs: the
 * router's `guarded()` takes only those, so a screen renamed here or in core alone fails the typecheck.
 */
export const paths = {
  home: '/',
  login: '/login',
  /** DECISIONS 1: the spec's sign-up screen linked here; it goes on to /login. */
  oldLogin: '/login2',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Issue 15: an invitation's link, where the invited person chooses their password. */
  invitation: withParam('/invitation/:token'),
  /** Issue 15: where the change-email mail's link lands (`?token=…`); public, the link is the proof. */
  confirmEmail: '/confirm-email',
  unauthorized: '/unauthorized',
  dashboard: '/dashboard',
  reports: '/reports',
  users: '/users',
  audit: {
    list: '/audit',
    /** The log filtered to one person, as the users table opens it; the audit page reads these two parameters. */
    forPerson: (userId: string, label: string) => `/audit?${new URLSearchParams({ userId, person: label })}`,
  },
  settings: '/settings',
  /** Issue 34: one subject of Settings (features/settings/pages/settings-subjects.ts names them). */
  settingsSubject: withParam('/settings/:subject'),
  userSettings: '/user-settings',
  profile: '/profile',
  expenses: {
    list: '/expenses',
    create: '/expenses/create',
    /** Issue 14: importing expenses from a spreadsheet. */
    import: '/expenses/import',
    edit: withParam('/expenses/:id/edit'),
  },
  savings: {
    list: '/savings',
    detail: withParam('/savings/:staffId'),
  },
  staffSavings: '/staff-savings',
  /** Issue 11's monthly run (admin only). `?tab=history&batch=<id>` opens one posted batch. */
  savingsRuns: '/staff-savings/runs',
  /** Issue 30's payroll loop: the month's advice, remittance and arrears. */
  payroll: '/staff-savings/payroll',
  /** Issue 32: members leaving (`?status=`), one exit, and its final statement's print view. */
  exits: {
    list: '/staff-savings/exits',
    detail: withParam('/staff-savings/exits/:id'),
    statement: withParam('/staff-savings/exits/:id/statement'),
  },
  /** Issue 12: the officers' loans (`?tab=arrears|products`), and one loan's review. */
  loans: {
    list: '/loans',
    detail: withParam('/loans/:id'),
    /** Issue 33: a running loan's printable payoff quote (`?on=`), for officers and the borrower. */
    payoffQuote: withParam('/loans/:id/payoff-quote'),
  },
  /** Issue 15: savings requests waiting for an administrator (`?tab=decided` for the decided ones). */
  approvals: '/approvals',
  /** Issue 27: the books (`?book=&tab=&asOf=&from=&to=`), and one account's general ledger. */
  books: {
    reports: '/books',
    account: withParam('/books/accounts/:id'),
    /** Locked months, a manual journal entry (with entries awaiting a second admin) and opening balances. */
    locks: '/books/locks',
    newEntry: '/books/entries/new',
    opening: '/books/opening',
    /** Issue 31: the year-end run (`?year=`), and the AGM pack's print view (`?year=`). */
    yearEnd: '/books/year-end',
    yearEndPack: '/books/year-end/pack',
  },
} as const;

