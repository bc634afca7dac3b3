import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  type AnyPgColumn,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { API_TOKEN_SCOPES, CATEGORY_ICONS, EARLY_PAYMENT_RULES, EXIT_REASONS, EXIT_STATUSES, LOAN_CLASSIFICATIONS, LOAN_KINDS, LOAN_RECOVERY_STATUSES, ORDINARY_SAVINGS_PRODUCT_ID, SHORTFALL_CHOICES } from '@kobo/core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Raw bytes (receipts). PGlite answers a Uint8Array, node-postgres a Buffer (a Uint8Array too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** The largest amount Kobo accepts, in kobo (DECISIONS 11); mirrored by MAX_AMOUNT_KOBO in core. */
const MAX_KOBO = sql.raw('100000000000000');

/** The ordinary savings product every account before issue 29 belongs to (migration 0019 seeds it); core keeps the id. */
export { ORDINARY_SAVINGS_PRODUCT_ID };

/** The early-payment rule's values, from core's one list. */
const earlyPaymentCheck = (column: AnyPgColumn) => sql`${column} in (${sql.raw(EARLY_PAYMENT_RULES.map((rule) => `'${rule}'`).join(', '))})`;

// ---------------------------------------------------------------------------------------------
// People and authentication. users/sessions/accounts/verifications follow Better Auth's model;
// the property names are the ones Better Auth reads, the columns are snake_case.
// ---------------------------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ['admin', 'manager', 'user', 'staff', 'auditor'] }).notNull().default('user'),
    active: boolean('active').notNull().default(true),
    staffId: text('staff_id'),
    phoneNumber: text('phone_number'),
    accessLevel: text('access_level', { enum: ['full', 'readonly'] }).notNull().default('full'),
    /** The kinds of mail this person turned off in User Settings (issue 15; core's MAIL_KINDS). */
    mailOptOuts: text('mail_opt_outs').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_staff_id_key').on(table.staffId),
    index('users_role_idx').on(table.role),
    // The users table sorts by these (issue 5); lower(email) is served by users_email_lower_key.
    index('users_name_lower_idx').on(sql`lower(${table.name})`, table.id),
    index('users_created_at_idx').on(table.createdAt, table.id),
    check('users_role_check', sql`${table.role} in ('admin', 'manager', 'user', 'staff', 'auditor')`),
    check('users_access_level_check', sql`${table.accessLevel} in ('full', 'readonly')`),
    check('users_name_check', sql`length(btrim(${table.name})) between 1 and 100`),
    check('users_email_check', sql`${table.email} = lower(${table.email}) and position('@' in ${table.email}) > 1`),
    check('users_staff_id_check', sql`${table.staffId} ~ '^STF[0-9]{3,}$'`),
    check('users_staff_has_id_check', sql`${table.role} <> 'staff' or ${table.staffId} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [
    index('accounts_user_id_idx').on(table.userId),
    uniqueIndex('accounts_provider_account_key').on(table.providerId, table.accountId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** Failed sign-ins per client address in fixed windows; shared by every API instance. */
export const signInFailures = pgTable('sign_in_failures', {
  clientKey: text('client_key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull(),
  /** Sign-in password checks admitted and not yet settled (docs/decisions/014-throttles.md, addendum). */
  inFlight: integer('in_flight').notNull().default(0),
});

/** Instance-wide settings every API instance must agree on (the generated auth secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Gap-free counters: a row locked and incremented inside the transaction that uses the number. */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  lastValue: bigint('last_value', { mode: 'number' }).notNull().default(0),
});

// ---------------------------------------------------------------------------------------------
// Expenses
// ---------------------------------------------------------------------------------------------

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#4ECDC4'),
    icon: text('icon').notNull().default('FaQuestion'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The organisation's expense account this item posts to (issue 27). A new item gets its own
     * account from the database (a trigger), so no path can make an item the books do not know.
     */
    ledgerAccountId: uuid('ledger_account_id').references((): AnyPgColumn => ledgerAccounts.id, { onDelete: 'restrict' }),
  },
  (table) => [
    // DECISIONS 3: names are unique case-insensitively across the organisation.
    uniqueIndex('categories_name_lower_key').on(sql`lower(${table.name})`),
    index('categories_created_at_idx').on(table.createdAt),
    check('categories_name_check', sql`length(btrim(${table.name})) between 1 and 60`),
    check('categories_color_check', sql`${table.color} ~ '^#[0-9A-Fa-f]{6}$'`),
    check(
      'categories_icon_check',
      sql.raw(`icon in (${CATEGORY_ICONS.map((icon) => `'${icon}'`).join(', ')})`),
    ),
  ],
);

export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title'),
    description: text('description'),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** The calendar day of the expense in the organisation's time zone. */
    spentOn: date('spent_on', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method').notNull().default('Cash'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email'),
    /** The spreadsheet import that brought it in (issue 14), so an import can be undone as a whole. */
    importId: uuid('import_id').references((): AnyPgColumn => expenseImports.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('expenses_created_at_idx').on(table.createdAt.desc()),
    index('expenses_import_idx').on(table.importId).where(sql`${table.importId} is not null`),
    // Search by an exact amount and sort by amount (issue 14), keyset-paged on (amount, id).
    index('expenses_amount_idx').on(table.amountKobo, table.id),
    // Search (issue 14): substring matches on the description and the creator's email use
    // trigram indexes (pg_trgm, loaded into PGlite too), not a scan of every expense.
    index('expenses_description_trgm_idx').using('gin', table.description.op('gin_trgm_ops')),
    index('expenses_user_email_trgm_idx').using('gin', table.userEmail.op('gin_trgm_ops')),
    index('expenses_spent_on_idx').on(table.spentOn),
    index('expenses_user_spent_on_idx').on(table.userId, table.spentOn),
    index('expenses_category_idx').on(table.categoryId),
    check('expenses_amount_check', sql`${table.amountKobo} between 0 and ${MAX_KOBO}`),
  ],
);

/**
 * A receipt (photo or PDF) kept in the database, so backups and several instances just work
 * (issue 14). It is uploaded first, held by its uploader with no expense, and claimed by the
 * expense it is saved with (so a rule needing a receipt is checked in the expense's own
 * transaction); unclaimed uploads are removed after a day.
 */
export const expenseReceipts = pgTable(
  'expense_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expenseId: uuid('expense_id').references(() => expenses.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** Decided from the file's content, never from its name or the browser's claim. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytea('content').notNull(),
    /** A small JPEG of an image receipt; none for a PDF. */
    thumbnail: bytea('thumbnail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('expense_receipts_expense_idx').on(table.expenseId),
    index('expense_receipts_unclaimed_idx').on(table.uploadedBy, table.createdAt).where(sql`${table.expenseId} is null`),
    check('expense_receipts_file_name_check', sql`length(${table.fileName}) between 1 and 255`),
    check('expense_receipts_content_type_check', sql`${table.contentType} in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')`),
    check('expense_receipts_size_check', sql`${table.sizeBytes} between 1 and 10485760`),
  ],
);

/** A monthly or yearly budget for one item category, organisation-wide (issue 14). */
export const categoryBudgets = pgTable(
  'category_budgets',
  {
    categoryId: uuid('category_id')
      .primaryKey()
      .references(() => categories.id, { onDelete: 'cascade' }),
    period: text('period', { enum: ['month', 'year'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    check('category_budgets_period_check', sql`${table.period} in ('month', 'year')`),
    check('category_budgets_amount_check', sql`${table.amountKobo} between 1 and ${MAX_KOBO}`),
  ],
);

/** One spreadsheet of expenses brought in at once (issue 14); undoing it removes its expenses. */
export const expenseImports = pgTable('expense_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  importedBy: text('imported_by').references(() => users.id, { onDelete: 'set null' }),
  fileName: text('file_name').notNull(),
  rowCount: integer('row_count').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  undoneAt: timestamp('undone_at', { withTimezone: true }),
});

// ---------------------------------------------------------------------------------------------
// Staff savings: one account per holder, and an append-only ledger.
// ---------------------------------------------------------------------------------------------

/**
 * The kinds of saving a scheme offers (issue 29): share capital, ordinary savings, target savings,
 * fixed deposits. Each member holds at most one account per product, a sub-ledger account under the
 * product's control account. The ordinary product (a fixed id, seeded by migration 0019) holds every
 * account that existed before. Retired, never deleted, once an account holds it.
 */
export const savingsProducts = pgTable(
  'savings_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['shares', 'ordinary', 'target', 'fixed'] }).notNull(),
    controlAccountId: uuid('control_account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Shares: the price of one share; null when shares are held as a naira amount. */
    sharePriceKobo: bigint('share_price_kobo', { mode: 'number' }),
    /** Shares: the least a member must hold. */
    minimumHoldingKobo: bigint('minimum_holding_kobo', { mode: 'number' }),
    /** Target: the withdrawal window and the pay-out day, each 'MM-DD' in the year. */
    windowOpens: text('window_opens'),
    windowCloses: text('window_closes'),
    payoutOn: text('payout_on'),
    /** Target: where balances go on the pay-out day. */
    payoutTo: text('payout_to', { enum: ['ordinary', 'out'] }),
    /** Target: whether a member may withdraw outside the window (paying the penalty). */
    earlyWithdrawal: boolean('early_withdrawal').notNull().default(false),
    /** Target's early withdrawal, fixed's early break: 'percent' in basis points, 'fixed' in kobo. */
    penaltyKind: text('penalty_kind', { enum: ['percent', 'fixed'] }),
    penaltyValue: bigint('penalty_value', { mode: 'number' }),
    /** The income account penalties go to. */
    penaltyAccountId: uuid('penalty_account_id').references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Fixed: the annual rate and the usual term. */
    annualRateBp: integer('annual_rate_bp'),
    termMonths: integer('term_months'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdById: text('created_by_id'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('savings_products_name_lower_key').on(sql`lower(${table.name})`),
    uniqueIndex('savings_products_control_account_key').on(table.controlAccountId),
    check('savings_products_kind_check', sql`${table.kind} in ('shares', 'ordinary', 'target', 'fixed')`),
    check('savings_products_name_check', sql`length(btrim(${table.name})) between 1 and 60`),
    check('savings_products_share_price_check', sql`${table.sharePriceKobo} is null or ${table.sharePriceKobo} between 1 and ${MAX_KOBO}`),
    check('savings_products_minimum_check', sql`${table.minimumHoldingKobo} is null or ${table.minimumHoldingKobo} between 0 and ${MAX_KOBO}`),
    check(
      'savings_products_days_check',
      sql`coalesce(${table.windowOpens}, '01-01') ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' and coalesce(${table.windowCloses}, '01-01') ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' and coalesce(${table.payoutOn}, '01-01') ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'`,
    ),
    check('savings_products_payout_to_check', sql`${table.payoutTo} is null or ${table.payoutTo} in ('ordinary', 'out')`),
    check(
      'savings_products_penalty_check',
      sql`(${table.penaltyKind} is null and ${table.penaltyValue} is null) or (${table.penaltyKind} = 'percent' and ${table.penaltyValue} between 1 and 10000) or (${table.penaltyKind} = 'fixed' and ${table.penaltyValue} between 1 and ${MAX_KOBO})`,
    ),
    check('savings_products_rate_check', sql`${table.annualRateBp} is null or ${table.annualRateBp} between 0 and 10000`),
    check('savings_products_term_check', sql`${table.termMonths} is null or ${table.termMonths} between 1 and 120`),
  ],
);

export const savingsAccounts = pgTable(
  'savings_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the holder's user record is deleted: the history stays (DECISIONS 7). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    holderName: text('holder_name').notNull(),
    staffId: text('staff_id'),
    /**
     * Issue 29: which kind of saving this account is; every older account is ordinary savings.
     * Checked once per statement, not row by row (migration 0038, docs/decisions/070): a run opens
     * thousands of accounts in three products. A product with accounts cannot be deleted.
     */
    productId: uuid('product_id')
      .notNull()
      .default(sql.raw(`'${ORDINARY_SAVINGS_PRODUCT_ID}'`)),
    /** A fixed deposit's terms, fixed when it is opened (null for other products). */
    principalKobo: bigint('principal_kobo', { mode: 'number' }),
    annualRateBp: integer('annual_rate_bp'),
    maturesOn: date('matures_on', { mode: 'string' }),
    balanceKobo: bigint('balance_kobo', { mode: 'number' }).notNull().default(0),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 32: set when its holder's exit settles; the savings posting rule then refuses any posting to it. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('savings_accounts_user_product_key').on(table.userId, table.productId),
    index('savings_accounts_product_idx').on(table.productId),
    // The few closed accounts, which the savings posting rule looks for on every posting (issue 32).
    index('savings_accounts_closed_idx').on(table.id).where(sql`${table.closedAt} is not null`),
    check('savings_accounts_balance_check', sql`${table.balanceKobo} >= 0`),
  ],
);

export const savingsTransactions = pgTable(
  'savings_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Posting order: ties on created_at (a transfer's legs, a fixed test clock) still sort. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /**
     * The account, the counterparty, the reversed posting and the batch are checked once per
     * statement by the posting trigger, not by foreign keys row by row (migration 0038,
     * docs/decisions/070); an account or batch with postings still cannot be deleted.
     */
    accountId: uuid('account_id').notNull(),
    /** Issue 29: 'penalty' (an early withdrawal's or break's charge) and 'interest' (a fixed deposit's, the year's) beside the four. */
    type: text('type', { enum: ['deposit', 'withdrawal', 'transfer_in', 'transfer_out', 'penalty', 'interest'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    description: text('description'),
    /** Both legs of a transfer share this id. */
    transferId: uuid('transfer_id'),
    counterpartyAccountId: uuid('counterparty_account_id'),
    counterpartyName: text('counterparty_name'),
    /**
     * Who posted it, kept as written: no foreign key, because the ledger is append-only and a
     * foreign key's ON DELETE SET NULL is an UPDATE the ledger's trigger refuses (issue 5: deleting
     * a user who once posted must work, and the history keeps their id and email).
     */
    createdById: text('created_by_id'),
    createdByEmail: text('created_by_email').notNull(),
    processedByEmail: text('processed_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The day the money counts for (issue 11: payday, not the day it was typed), in APP_TIMEZONE.
     * Balances over time, period cards, histories and statements use it; never after created_at's day.
     */
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    /** A reversal names the posting it undoes; the unique index lets a posting be reversed once. */
    reversesId: uuid('reverses_id'),
    /** Why a reversal was made (required on reversals). */
    reason: text('reason'),
    /** The monthly run or uploaded payroll file this posting came from. */
    batchId: uuid('batch_id'),
  },
  (table) => [
    // No (account_id, created_at) index: nothing reads a statement by creation time, and each index
    // is an entry more in every posting (issue 27; decision 063's addendum).
    index('savings_transactions_account_value_idx').on(table.accountId, table.valueDate.desc(), table.seq.desc()),
    // Partial: a batch's thousands of postings (reverses nothing) add no index entries (issue 27).
    uniqueIndex('savings_transactions_reverses_key').on(table.reversesId).where(sql`${table.reversesId} is not null`),
    // Partial: a single posting (no batch) adds no entry; `batch_id = $1` still reads it.
    index('savings_transactions_batch_idx').on(table.batchId).where(sql`${table.batchId} is not null`),
    check('savings_transactions_reason_check', sql`(${table.reversesId} is null) = (${table.reason} is null)`),
    uniqueIndex('savings_transactions_seq_key').on(table.seq),
    check('savings_transactions_type_check', sql`${table.type} in ('deposit', 'withdrawal', 'transfer_in', 'transfer_out', 'penalty', 'interest')`),
    check('savings_transactions_amount_check', sql`${table.amountKobo} between 1 and ${MAX_KOBO}`),
    check(
      'savings_transactions_transfer_check',
      sql`(${table.type} in ('transfer_in', 'transfer_out')) = (${table.transferId} is not null)`,
    ),
  ],
);

/**
 * A batch of postings (issue 11): one month's payroll contributions, prepared on the run screen or
 * uploaded from payroll's file. Its rows are the ledger rows carrying its id. The batch row itself
 * is not the ledger: its reversal fields are set once, when the whole batch is reversed.
 */
export const savingsBatches = pgTable(
  'savings_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The payroll month, YYYY-MM. */
    month: text('month').notNull(),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    /** SHA-256 of the uploaded file's bytes; null for a run prepared on screen. */
    fileHash: text('file_hash'),
    fileName: text('file_name'),
    rowCount: integer('row_count').notNull(),
    depositKobo: bigint('deposit_kobo', { mode: 'number' }).notNull(),
    withdrawalKobo: bigint('withdrawal_kobo', { mode: 'number' }).notNull(),
    /** Issue 12: the loan repayments the batch posted beside the savings. */
    loanRepaymentKobo: bigint('loan_repayment_kobo', { mode: 'number' }).notNull().default(0),
    /** Why a second batch was posted for a month (or file) already posted; null for the first. */
    repeatReason: text('repeat_reason'),
    postedById: text('posted_by_id').notNull(),
    postedByName: text('posted_by_name').notNull(),
    postedByEmail: text('posted_by_email').notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedByName: text('reversed_by_name'),
    reversedByEmail: text('reversed_by_email'),
    reversalReason: text('reversal_reason'),
    /** 'payroll': the monthly run; 'year_end': a year-end run's dividends and interest (issue 31). */
    kind: text('kind', { enum: ['payroll', 'year_end'] }).notNull().default('payroll'),
  },
  (table) => [
    uniqueIndex('savings_batches_seq_key').on(table.seq),
    index('savings_batches_month_idx').on(table.month),
    index('savings_batches_file_hash_idx').on(table.fileHash),
    check('savings_batches_month_check', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('savings_batches_kind_check', sql`${table.kind} in ('payroll', 'year_end')`),
  ],
);

/** Each holder's standing monthly contribution (issue 11); no row means none (₦0). */
export const standingContributions = pgTable(
  'standing_contributions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Issue 29: one standing contribution per product (₦5,000 ordinary, ₦2,000 Christmas, ...). */
    productId: uuid('product_id')
      .notNull()
      .default(sql.raw(`'${ORDINARY_SAVINGS_PRODUCT_ID}'`))
      .references(() => savingsProducts.id, { onDelete: 'restrict' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedById: text('updated_by_id').notNull(),
  },
  (table) => [
    primaryKey({ name: 'standing_contributions_pkey', columns: [table.userId, table.productId] }),
    check('standing_contributions_amount_check', sql`${table.amountKobo} between 0 and ${MAX_KOBO}`),
  ],
);

/**
 * Idempotency-Key records (issue 4): written in the same transaction as the posting they guard,
 * so a key exists exactly when its posting does. Keys are scoped to the caller.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    actorId: text('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.actorId, table.key] })],
);

// ---------------------------------------------------------------------------------------------
// Audit log (issue 5): append-only like the ledger (triggers in migration 0003). No foreign keys:
// entries outlive the people and rows they name, and a cascade would be an UPDATE or DELETE.
// ---------------------------------------------------------------------------------------------

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: ties on `at` (a fixed test clock, one transaction) still sort. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label').notNull(),
    /** The user ids the act concerns besides the actor (the target user, a savings holder, an expense's owner). */
    people: text('people').array().notNull().default(sql`'{}'::text[]`),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    uniqueIndex('audit_log_seq_key').on(table.seq),
    index('audit_log_at_idx').on(table.at.desc(), table.seq.desc()),
    index('audit_log_actor_at_idx').on(table.actorId, table.at.desc()),
    index('audit_log_kind_at_idx').on(table.kind, table.at.desc()),
    index('audit_log_people_idx').using('gin', table.people),
    check('audit_log_kind_check', sql`${table.kind} ~ '^[a-z_]+\\.[a-z_]+$'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Loans (issue 12, docs/decisions/019-loans.md).
// ---------------------------------------------------------------------------------------------

/** What a scheme lends: rates in basis points, the savings multiple in hundredths, money in kobo. */
export const loanProducts = pgTable(
  'loan_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    method: text('method', { enum: ['flat', 'reducing'] }).notNull(),
    annualRateBp: integer('annual_rate_bp').notNull(),
    maxMonths: integer('max_months').notNull(),
    savingsMultiple: integer('savings_multiple').notNull(),
    /**
     * Issue 29: the savings products the loan multiple is judged on and the holds fall on; null
     * means ordinary savings plus every shares product (the default).
     */
    securityProductIds: uuid('security_product_ids').array(),
    maxAmountKobo: bigint('max_amount_kobo', { mode: 'number' }).notNull(),
    guarantorsRequired: integer('guarantors_required').notNull(),
    /** null: no fee; 'percent': fee_value in basis points of the principal; 'fixed': fee_value in kobo. */
    feeKind: text('fee_kind', { enum: ['percent', 'fixed'] }),
    feeValue: bigint('fee_value', { mode: 'number' }),
    overpayment: text('overpayment', { enum: ['reduce_term', 'refuse'] }).notNull(),
    /** What money paid before or beyond what is due does, when taken (docs/decisions/038). */
    earlyPayment: text('early_payment', { enum: EARLY_PAYMENT_RULES }).notNull().default('pay_ahead'),
    // Issue 33, part E: loans without interest (migration 0031, docs/decisions/056).
    /** 'interest' (every product before), 'murabaha' (cost plus a markup fixed at the start) or 'qard_hasan'. */
    kind: text('kind', { enum: LOAN_KINDS }).notNull().default('interest'),
    /** Murabaha: the markup in basis points of the cost price, for the whole term. */
    markupBp: integer('markup_bp'),
    /** Murabaha: the late-payment charity donation ('percent' in basis points of the overdue amount, 'fixed' in kobo). */
    charityKind: text('charity_kind', { enum: ['percent', 'fixed'] }),
    charityValue: bigint('charity_value', { mode: 'number' }),
    // End of issue 33, part E.
    // Issue 33, part B: the penalty on an overdue instalment (docs/decisions/053-loan-penalties.md).
    /** null: no penalty; 'flat': penalty_value in kobo; 'percent': in basis points of the overdue amount. */
    penaltyKind: text('penalty_kind', { enum: ['flat', 'percent'] }),
    penaltyValue: bigint('penalty_value', { mode: 'number' }),
    penaltyFrequency: text('penalty_frequency', { enum: ['once', 'monthly'] }).notNull().default('once'),
    penaltyGraceDays: integer('penalty_grace_days').notNull().default(0),
    /** Per instalment: 'amount' in kobo, 'percent' in basis points of the instalment; null uncapped. */
    penaltyCapKind: text('penalty_cap_kind', { enum: ['amount', 'percent'] }),
    penaltyCapValue: bigint('penalty_cap_value', { mode: 'number' }),
    penaltyOrder: text('penalty_order', { enum: ['first', 'after_principal'] }).notNull().default('first'),
    // End of issue 33, part B.
    /** A retired product takes no new applications; its loans go on. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdById: text('created_by_id').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('loan_products_name_lower_key').on(sql`lower(${table.name})`),
    check('loan_products_method_check', sql`${table.method} in ('flat', 'reducing')`),
    check('loan_products_rate_check', sql`${table.annualRateBp} between 0 and 10000`),
    check('loan_products_months_check', sql`${table.maxMonths} between 1 and 120`),
    check('loan_products_multiple_check', sql`${table.savingsMultiple} between 1 and 1000`),
    check('loan_products_max_amount_check', sql`${table.maxAmountKobo} between 1 and ${MAX_KOBO}`),
    check('loan_products_guarantors_check', sql`${table.guarantorsRequired} between 0 and 3`),
    check(
      'loan_products_fee_check',
      sql`(${table.feeKind} is null and ${table.feeValue} is null) or (${table.feeKind} = 'percent' and ${table.feeValue} between 1 and 10000) or (${table.feeKind} = 'fixed' and ${table.feeValue} between 1 and ${MAX_KOBO})`,
    ),
    check('loan_products_overpayment_check', sql`${table.overpayment} in ('reduce_term', 'refuse')`),
    check('loan_products_early_payment_check', earlyPaymentCheck(table.earlyPayment)),
    // Issue 33, part E.
    check('loan_products_kind_check', sql`${table.kind} in ('interest', 'murabaha', 'qard_hasan')`),
    check(
      'loan_products_kind_terms_check',
      sql`(${table.kind} = 'interest' and ${table.markupBp} is null and ${table.charityKind} is null) or (${table.kind} = 'murabaha' and ${table.annualRateBp} = 0 and ${table.markupBp} between 1 and 10000) or (${table.kind} = 'qard_hasan' and ${table.annualRateBp} = 0 and ${table.markupBp} is null and ${table.charityKind} is null and (${table.feeKind} is null or ${table.feeKind} = 'fixed'))`,
    ),
    check(
      'loan_products_charity_check',
      sql`(${table.charityKind} is null and ${table.charityValue} is null) or (${table.charityKind} = 'percent' and ${table.charityValue} between 1 and 10000) or (${table.charityKind} = 'fixed' and ${table.charityValue} between 1 and ${MAX_KOBO})`,
    ),
    // Issue 33, part B.
    check(
      'loan_products_penalty_check',
      sql`(${table.penaltyKind} is null and ${table.penaltyValue} is null) or (${table.penaltyKind} = 'percent' and ${table.penaltyValue} between 1 and 10000) or (${table.penaltyKind} = 'flat' and ${table.penaltyValue} between 1 and ${MAX_KOBO})`,
    ),
    check(
      'loan_products_penalty_cap_check',
      sql`(${table.penaltyCapKind} is null and ${table.penaltyCapValue} is null) or (${table.penaltyCapKind} = 'percent' and ${table.penaltyCapValue} between 1 and 10000) or (${table.penaltyCapKind} = 'amount' and ${table.penaltyCapValue} between 1 and ${MAX_KOBO})`,
    ),
    check(
      'loan_products_penalty_rule_check',
      sql`${table.penaltyFrequency} in ('once', 'monthly') and ${table.penaltyGraceDays} between 0 and 365 and ${table.penaltyOrder} in ('first', 'after_principal')`,
    ),
  ],
);

export const LOAN_STATUSES = ['awaiting_guarantors', 'awaiting_approval', 'approved', 'rejected', 'cancelled', 'active', 'repaid', 'written_off'] as const;

/**
 * A loan from application to close. It copies its product's terms when applied for, so a later
 * change to the product never alters it. Rows are never deleted; status moves forward only.
 */
export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The borrower's savings account: it outlives the user record, as the ledger does. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => savingsAccounts.id, { onDelete: 'restrict' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => loanProducts.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    method: text('method', { enum: ['flat', 'reducing'] }).notNull(),
    annualRateBp: integer('annual_rate_bp').notNull(),
    savingsMultiple: integer('savings_multiple').notNull(),
    overpayment: text('overpayment', { enum: ['reduce_term', 'refuse'] }).notNull(),
    earlyPayment: text('early_payment', { enum: EARLY_PAYMENT_RULES }).notNull().default('pay_ahead'),
    principalKobo: bigint('principal_kobo', { mode: 'number' }).notNull(),
    feeKobo: bigint('fee_kobo', { mode: 'number' }).notNull(),
    months: integer('months').notNull(),
    purpose: text('purpose').notNull(),
    status: text('status', { enum: LOAN_STATUSES }).notNull(),
    appliedById: text('applied_by_id').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    decidedById: text('decided_by_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true }),
    disbursedValueDate: date('disbursed_value_date', { mode: 'string' }),
    disbursedById: text('disbursed_by_id'),
    /** The processing fee still owed: charged at disbursement, paid first by repayments. */
    feeOutstandingKobo: bigint('fee_outstanding_kobo', { mode: 'number' }).notNull().default(0),
    // Issue 33, part A (migration 0027, docs/decisions/052): the running loan a top-up pays off first.
    topsUpLoanId: uuid('tops_up_loan_id').references((): AnyPgColumn => loans.id, { onDelete: 'restrict' }),
    // Issue 33, part E: the product's kind and murabaha's markup, copied when applied for, and the item a murabaha buys.
    kind: text('kind', { enum: LOAN_KINDS }).notNull().default('interest'),
    markupBp: integer('markup_bp'),
    item: text('item'),
  },
  (table) => [
    uniqueIndex('loans_seq_key').on(table.seq),
    index('loans_account_idx').on(table.accountId),
    index('loans_status_idx').on(table.status, table.seq.desc()),
    // Issue 33, part A: one live top-up per running loan.
    uniqueIndex('loans_tops_up_key').on(table.topsUpLoanId).where(sql`${table.topsUpLoanId} is not null and ${table.status} not in ('rejected', 'cancelled')`),
    check('loans_principal_check', sql`${table.principalKobo} between 1 and ${MAX_KOBO}`),
    check('loans_fee_check', sql`${table.feeKobo} between 0 and ${MAX_KOBO}`),
    check('loans_months_check', sql`${table.months} between 1 and 120`),
    check('loans_status_check', sql.raw(`status in (${LOAN_STATUSES.map((status) => `'${status}'`).join(', ')})`)),
    check('loans_early_payment_check', earlyPaymentCheck(table.earlyPayment)),
    // Issue 33, part E.
    check(
      'loans_kind_check',
      sql`(${table.kind} = 'interest' and ${table.markupBp} is null) or (${table.kind} = 'murabaha' and ${table.annualRateBp} = 0 and ${table.markupBp} between 1 and 10000 and ${table.item} is not null) or (${table.kind} = 'qard_hasan' and ${table.annualRateBp} = 0 and ${table.markupBp} is null)`,
    ),
  ],
);

/** Who guarantees a loan, for how much, and what they answered. */
export const loanGuarantors = pgTable(
  'loan_guarantors',
  {
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => savingsAccounts.id, { onDelete: 'restrict' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'released'] }).notNull().default('pending'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /**
     * Issue 32, "Guarantees first": a request to a new guarantor of a running loan, in place of the
     * leaver whose account this names; accepting it releases theirs.
     */
    replacesAccountId: uuid('replaces_account_id').references(() => savingsAccounts.id, { onDelete: 'restrict' }),
    /** Why a guarantee was released while its loan runs (an officer judged the borrower's own savings enough; or replaced). */
    releasedReason: text('released_reason'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.loanId, table.accountId] }),
    index('loan_guarantors_account_idx').on(table.accountId, table.status),
    check('loan_guarantors_amount_check', sql`${table.amountKobo} between 1 and ${MAX_KOBO}`),
    check('loan_guarantors_status_check', sql`${table.status} in ('pending', 'accepted', 'declined', 'released')`),
  ],
);

/**
 * A disbursed loan's schedule, fixed at disbursement. The paid and waived figures are running
 * totals the repayments keep, as savings_accounts.balance_kobo is for the savings ledger; the
 * ledger itself (loan_transactions) is append-only.
 */
export const loanInstalments = pgTable(
  'loan_instalments',
  {
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    principalKobo: bigint('principal_kobo', { mode: 'number' }).notNull(),
    interestKobo: bigint('interest_kobo', { mode: 'number' }).notNull(),
    principalPaidKobo: bigint('principal_paid_kobo', { mode: 'number' }).notNull().default(0),
    interestPaidKobo: bigint('interest_paid_kobo', { mode: 'number' }).notNull().default(0),
    interestWaivedKobo: bigint('interest_waived_kobo', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.loanId, table.number] }),
    index('loan_instalments_due_idx').on(table.dueDate),
    check('loan_instalments_principal_check', sql`${table.principalPaidKobo} between 0 and ${table.principalKobo}`),
    check('loan_instalments_interest_check', sql`${table.interestPaidKobo} + ${table.interestWaivedKobo} between 0 and ${table.interestKobo}`),
    check('loan_instalments_paid_check', sql`${table.interestPaidKobo} >= 0 and ${table.interestWaivedKobo} >= 0`),
  ],
);

/** The loan ledger: money out (the principal), the fee charged, repayments in. Append-only. */
export const loanTransactions = pgTable(
  'loan_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /**
     * The loan, the reversed entry, the batch and the paying top-up are checked once per statement,
     * not by foreign keys row by row (migration 0038, docs/decisions/070); a loan or batch with
     * entries still cannot be deleted.
     */
    loanId: uuid('loan_id').notNull(),
    type: text('type', { enum: ['disbursement', 'fee', 'repayment'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    /** Where a repayment went: the fee, and interest, principal and waived interest per instalment. */
    allocation: jsonb('allocation'),
    reversesId: uuid('reverses_id'),
    reason: text('reason'),
    batchId: uuid('batch_id'),
    /** Issue 33, part A: on the repayment that paid this loan off at a top-up's disbursement, the top-up. */
    paidByLoanId: uuid('paid_by_loan_id'),
    createdById: text('created_by_id').notNull(),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('loan_transactions_seq_key').on(table.seq),
    // Partial: a batch's thousands of postings (reverses nothing) add no index entries (issue 27).
    uniqueIndex('loan_transactions_reverses_key').on(table.reversesId).where(sql`${table.reversesId} is not null`),
    index('loan_transactions_loan_idx').on(table.loanId, table.seq),
    // Partial, as the savings ledger's: a repayment at the desk (no batch) adds no entry.
    index('loan_transactions_batch_idx').on(table.batchId).where(sql`${table.batchId} is not null`),
    check('loan_transactions_type_check', sql`${table.type} in ('disbursement', 'fee', 'repayment')`),
    check('loan_transactions_amount_check', sql`${table.amountKobo} between 1 and ${MAX_KOBO}`),
    check('loan_transactions_reason_check', sql`(${table.reversesId} is null) = (${table.reason} is null)`),
  ],
);

// Issue 33, part B: penalty charges (docs/decisions/053-loan-penalties.md; migration 0028).
/**
 * One penalty charge on one instalment: the daily job inserts what core's penaltyCharges says is
 * due, keyed (loan, instalment, charge number), so running it twice posts once. Never deleted; the
 * paid and waived figures are running totals kept by repayments, reversals and waivers. The view
 * loan_penalty_balances sums them per loan (penalty_outstanding_kobo).
 */
export const loanPenaltyCharges = pgTable(
  'loan_penalty_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    instalmentNumber: integer('instalment_number').notNull(),
    chargeNumber: integer('charge_number').notNull(),
    chargeDate: date('charge_date', { mode: 'string' }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    paidKobo: bigint('paid_kobo', { mode: 'number' }).notNull().default(0),
    waivedKobo: bigint('waived_kobo', { mode: 'number' }).notNull().default(0),
    /** The job's entry that charged it: Dr Penalties receivable / Cr Loan penalty income. */
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'restrict' }),
    waivedAt: timestamp('waived_at', { withTimezone: true }),
    waivedById: text('waived_by_id'),
    waiveReason: text('waive_reason'),
    waiveEntryId: uuid('waive_entry_id').references(() => journalEntries.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('loan_penalty_charges_key').on(table.loanId, table.instalmentNumber, table.chargeNumber),
    check('loan_penalty_charges_amount_check', sql`${table.amountKobo} between 1 and ${MAX_KOBO}`),
    check('loan_penalty_charges_settled_check', sql`${table.paidKobo} >= 0 and ${table.waivedKobo} >= 0 and ${table.paidKobo} + ${table.waivedKobo} <= ${table.amountKobo}`),
    check('loan_penalty_charges_waiver_check', sql`(${table.waivedKobo} = 0) = (${table.waiveReason} is null)`),
  ],
);
// End of issue 33, part B.

/**
 * Mail waiting to be sent (issue 12's guarantor requests; issue 15's notifications will use it
 * too): written inside the transaction of what it tells of, so a mail exists exactly when that
 * committed, and sent afterwards by the outbox worker (mail/outbox.ts), which retries with backoff.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** When it may next be tried; a worker sending it holds it by moving this ahead (a lease). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set after the last attempt fails; admins see it (issue 15's outbox screen). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** An attachment made when the mail is sent (a month's statement), as { kind, ...its inputs }. */
    attachment: jsonb('attachment'),
  },
  (table) => [index('mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.sentAt} is null and ${table.failedAt} is null`)],
);

// ---------------------------------------------------------------------------------------------
// Issue 15: members told of every movement, a second pair of eyes, invitations.
// ---------------------------------------------------------------------------------------------

/**
 * Postings whose holders have not been told yet. A trigger on each ledger writes one row per new
 * ledger row in the posting's own transaction (migration 0010), so every path that posts (one
 * posting, transfer, batch, reversal, loan) is covered and a notice exists exactly when its
 * posting committed. The notifier (mail/ledger-notifier.ts) turns notices into mail and deletes them.
 */
export const ledgerNotices = pgTable(
  'ledger_notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * Which ledger: 'savings' (savings_transactions) or 'loan' (loan_transactions), one notice per
     * row; or 'savings_batch' / 'loan_batch': one statement's rows of one run (entry_id is the batch,
     * from_seq and to_seq the rows' first and last seq), which the notifier turns into the rows'
     * notices in its own transaction, so a run does not write 40,000 notices (migration 0039).
     */
    ledger: text('ledger', { enum: ['savings', 'loan', 'savings_batch', 'loan_batch'] }).notNull(),
    entryId: uuid('entry_id').notNull(),
    fromSeq: bigint('from_seq', { mode: 'number' }),
    toSeq: bigint('to_seq', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('ledger_notices_ledger_check', sql`${table.ledger} in ('savings', 'loan', 'savings_batch', 'loan_batch')`),
    check('ledger_notices_range_check', sql`(${table.ledger} in ('savings_batch', 'loan_batch')) = (${table.fromSeq} is not null and ${table.toSeq} is not null)`),
  ],
);

/**
 * Work done once per period across every instance (the 1st-of-the-month statements; nightly
 * backups): the instance whose insert wins runs it.
 */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    name: text('name').notNull(),
    /** The period it ran for: '2026-10' for a month, '2026-11-24' for a night. */
    period: text('period').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** What it did or why it failed, for the admin screens. */
    result: jsonb('result'),
  },
  (table) => [primaryKey({ columns: [table.name, table.period] })],
);

/**
 * A savings movement waiting for an admin (issue 15): a withdrawal or transfer above the
 * two-person threshold (origin 'two_person'), or a regular member's own deposit or withdrawal
 * (origin 'member'). While pending, a withdrawal or transfer holds its amount on the account (the
 * available balance drops, the balance does not); approval posts it, once.
 */
export const savingsRequests = pgTable(
  'savings_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** Issue 29: 'shares', a transfer of shares to another member, always approved by a second officer. */
    origin: text('origin', { enum: ['two_person', 'member', 'shares'] }).notNull(),
    type: text('type', { enum: ['deposit', 'withdrawal', 'transfer'] }).notNull(),
    /** The holder whose money it is (the transfer's source). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set for a withdrawal or transfer (what it holds); a first deposit may have no account yet. */
    accountId: uuid('account_id').references(() => savingsAccounts.id),
    toUserId: text('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    toAccountId: uuid('to_account_id').references(() => savingsAccounts.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    description: text('description'),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'declined', 'cancelled'] }).notNull().default('pending'),
    makerId: text('maker_id').notNull(),
    makerName: text('maker_name').notNull(),
    makerEmail: text('maker_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedById: text('decided_by_id'),
    decidedByName: text('decided_by_name'),
    decidedByEmail: text('decided_by_email'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why it was declined or cancelled. */
    reason: text('reason'),
    /** The posting approval made (a transfer's outgoing leg). */
    transactionId: uuid('transaction_id').references(() => savingsTransactions.id),
  },
  (table) => [
    uniqueIndex('savings_requests_seq_key').on(table.seq),
    index('savings_requests_pending_account_idx').on(table.accountId).where(sql`${table.status} = 'pending'`),
    index('savings_requests_status_idx').on(table.status, table.seq.desc()),
    index('savings_requests_user_idx').on(table.userId, table.seq.desc()),
    check('savings_requests_origin_check', sql`${table.origin} in ('two_person', 'member', 'shares')`),
    check('savings_requests_type_check', sql`${table.type} in ('deposit', 'withdrawal', 'transfer')`),
    check('savings_requests_status_check', sql`${table.status} in ('pending', 'approved', 'declined', 'cancelled')`),
    check('savings_requests_amount_check', sql`${table.amountKobo} between 1 and ${MAX_KOBO}`),
    check('savings_requests_holds_account_check', sql`${table.type} = 'deposit' or ${table.accountId} is not null`),
    check('savings_requests_transfer_check', sql`(${table.type} = 'transfer') = (${table.toAccountId} is not null)`),
    check('savings_requests_decided_check', sql`(${table.status} = 'pending') = (${table.decidedAt} is null)`),
  ],
);

/**
 * An invitation to set a password (issue 15). The person's account is made when they are invited
 * (so a treasurer can post their savings at once); the link sets its first password, works once
 * and expires after 7 days. Only the token's SHA-256 is kept.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Set when a newer invitation replaced this one or an admin withdrew it. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    invitedById: text('invited_by_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('invitations_token_hash_key').on(table.tokenHash), index('invitations_user_idx').on(table.userId)],
);

/**
 * An API token (issue 16, docs/decisions/027-metrics-and-tokens.md): a payroll system or a report
 * reads or posts monthly batches with it. Only the secret's SHA-256 is kept; the secret is shown
 * once. It acts for the admin who made it, within its scope, until it expires or is revoked.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    scope: text('scope', { enum: API_TOKEN_SCOPES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdById: text('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Written at most once a minute per token (the only write a request with a token makes on a GET). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Issue 28: the CIDR ranges the token may be used from (core's ipRangeSchema checked them); empty, anywhere. */
    ipRanges: text('ip_ranges').array().notNull().default(sql`'{}'::text[]`),
  },
  (table) => [
    uniqueIndex('api_tokens_token_hash_key').on(table.tokenHash),
    check('api_tokens_scope_check', sql`${table.scope} in ('read', 'record_expenses', 'savings_batches', 'read_books')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// The books (issue 27, docs/decisions/042-one-ledger.md): two books, each with its chart of
// accounts; one journal of balanced entries that the sub-ledgers (savings_transactions,
// loan_transactions, expenses) write through the database's posting rules in the same statement.
// ---------------------------------------------------------------------------------------------

/** An account in one book's chart. Member accounts are not rows: they are sub-ledger ids on lines. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    book: text('book', { enum: ['scheme', 'organisation'] }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['asset', 'liability', 'equity', 'income', 'expense'] }).notNull(),
    /** A control account names its sub-ledger: each member's savings, or each loan. */
    subledger: text('subledger', { enum: ['member_savings', 'loans'] }),
    /** The default chart's own accounts keep a stable key the posting rules may name. */
    systemKey: text('system_key'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_book_code_key').on(table.book, table.code),
    uniqueIndex('ledger_accounts_system_key').on(table.systemKey),
    /** One loans control account; savings products each have their own members' control account (issue 29). */
    uniqueIndex('ledger_accounts_subledger_key').on(table.subledger).where(sql`${table.subledger} = 'loans'`),
    check('ledger_accounts_book_check', sql`${table.book} in ('scheme', 'organisation')`),
    check('ledger_accounts_kind_check', sql`${table.kind} in ('asset', 'liability', 'equity', 'income', 'expense')`),
    check('ledger_accounts_subledger_check', sql`${table.subledger} is null or (${table.subledger} in ('member_savings', 'loans') and ${table.book} = 'scheme')`),
    check('ledger_accounts_code_check', sql`${table.code} ~ '^[0-9A-Za-z][0-9A-Za-z.-]{0,11}$'`),
    check('ledger_accounts_name_check', sql`length(btrim(${table.name})) between 1 and 80`),
  ],
);

/**
 * Which account a kind of movement posts to ('savings.cash', 'loans.interest_income',
 * 'payment:cash', ...). Settings › Books edits them; the posting rules read them.
 */
export const ledgerMappings = pgTable('ledger_mappings', {
  key: text('key').primaryKey(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
});

/** One balanced entry: its lines' amounts sum to zero. Never updated or deleted (a trigger refuses). */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    book: text('book', { enum: ['scheme', 'organisation'] }).notNull(),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    /** What made it: a savings posting or transfer, a loan transaction, an expense, or an officer. */
    sourceType: text('source_type', { enum: ['savings', 'savings_batch', 'loan', 'expense', 'manual', 'opening', 'write_off', 'payroll', 'year_end', 'year_close', 'exit', 'loan_recovery', 'provision', 'penalty'] }).notNull(),
    sourceId: uuid('source_id'),
    /** The entry this one undoes (a reversal, an edited or deleted expense's old entry). */
    reversesEntryId: uuid('reverses_entry_id').references((): AnyPgColumn => journalEntries.id),
    narration: text('narration').notNull(),
    createdById: text('created_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('journal_entries_seq_key').on(table.seq),
    index('journal_entries_source_idx').on(table.sourceType, table.sourceId),
    index('journal_entries_book_value_idx').on(table.book, table.valueDate, table.seq),
    check('journal_entries_book_check', sql`${table.book} in ('scheme', 'organisation')`),
    check('journal_entries_source_check', sql`${table.sourceType} in ('savings', 'savings_batch', 'loan', 'expense', 'manual', 'opening', 'write_off', 'payroll', 'year_end', 'year_close', 'exit', 'loan_recovery', 'provision', 'penalty')`),
  ],
);

/** A debit (amount > 0) or a credit (amount < 0) to one account, and to one member's or loan's sub-ledger. */
export const journalLines = pgTable(
  'journal_lines',
  {
    // No foreign keys on the lines: the statement trigger journal_lines_posted checks every line's
    // entry and account once per statement; a key checked row by row cost a 10,000-row payroll run
    // 40,000 index probes (migration 0016, docs/decisions/042-one-ledger.md).
    entryId: uuid('entry_id').notNull(),
    lineNo: integer('line_no').notNull(),
    accountId: uuid('account_id').notNull(),
    /** A savings account's id under "Members' savings", a loan's id under "Loans to members". */
    subledgerId: uuid('subledger_id'),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** The entry's, repeated so that an account's history is one index range. */
    valueDate: date('value_date', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.entryId, table.lineNo] }),
    index('journal_lines_account_value_idx').on(table.accountId, table.valueDate),
    index('journal_lines_subledger_idx').on(table.subledgerId).where(sql`${table.subledgerId} is not null`),
    check('journal_lines_amount_check', sql`${table.amountKobo} <> 0 and abs(${table.amountKobo}) <= ${MAX_KOBO}`),
  ],
);

/**
 * Each account's net movement per value day, kept as lines are written, so a trial balance or a
 * year's income sums days, not lines. Rows are striped over a few slots per account and day, so
 * concurrent postings to "Bank" do not queue on one row; readers sum the slots.
 */
export const ledgerDayBalances = pgTable(
  'ledger_day_balances',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    day: date('day', { mode: 'string' }).notNull(),
    slot: integer('slot').notNull(),
    netKobo: bigint('net_kobo', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.day, table.slot] })],
);

/**
 * Each expense item's expenses per day: their total and how many, kept by the expenses' own
 * statement triggers as rows are written, edited and deleted, so the dashboard for a year sums
 * days, not expenses (issue 27). Striped over a few slots per item and day like the day balances;
 * a cell whose count falls to 0 stays (readers skip it).
 */
export const expenseDayTotals = pgTable(
  'expense_day_totals',
  {
    categoryId: uuid('category_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    slot: integer('slot').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    expenseCount: integer('expense_count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.day, table.slot] }), index('expense_day_totals_day_idx').on(table.day)],
);

/** A month closed for posting in one book ('2026-10'). Unlocking deletes the row and is audited. */
export const ledgerPeriodLocks = pgTable(
  'ledger_period_locks',
  {
    book: text('book', { enum: ['scheme', 'organisation'] }).notNull(),
    month: text('month').notNull(),
    lockedById: text('locked_by_id'),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.book, table.month] }),
    check('ledger_period_locks_month_check', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/**
 * A manual journal entry waiting for a second admin (issue 27), when two-person approval is on:
 * its lines are kept as asked; approval posts them as one entry, once.
 */
export const journalEntryRequests = pgTable(
  'journal_entry_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    book: text('book', { enum: ['scheme', 'organisation'] }).notNull(),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    narration: text('narration').notNull(),
    /** [{ accountId, subledgerId?, amountKobo }] as asked: debits positive, credits negative. */
    lines: jsonb('lines').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'declined'] }).notNull().default('pending'),
    requestedById: text('requested_by_id').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedById: text('decided_by_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    entryId: uuid('entry_id').references(() => journalEntries.id),
  },
  (table) => [
    uniqueIndex('journal_entry_requests_seq_key').on(table.seq),
    index('journal_entry_requests_status_idx').on(table.status, table.seq),
    check('journal_entry_requests_status_check', sql`${table.status} in ('pending', 'approved', 'declined')`),
    check('journal_entry_requests_book_check', sql`${table.book} in ('scheme', 'organisation')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// The payroll loop (issue 30, docs/decisions/047-payroll-loop.md): the deduction advice sent to
// payroll before payday, what payroll remitted after it, and the arrears and over-deductions left.
// ---------------------------------------------------------------------------------------------

/** A payroll provider's file layout: a column mapping saved by name (the generic layout is built in, not stored). */
export const payrollLayouts = pgTable(
  'payroll_layouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** wide: one row per member, a column per deduction; long: one row per member and deduction, with its code. */
    shape: text('shape', { enum: ['wide', 'long'] }).notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    dateFormat: text('date_format').notNull(),
    numberFormat: text('number_format').notNull(),
    /** [{ field, header, keys? }] in order (core's payrollLayoutColumnSchema). */
    columns: jsonb('columns').notNull(),
    /** Long layouts: [{ code, keys }], the code payroll knows each deduction by. */
    codes: jsonb('codes').notNull().default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payroll_layouts_name_key').on(sql`lower(${table.name})`),
    check('payroll_layouts_shape_check', sql`${table.shape} in ('wide', 'long')`),
    check('payroll_layouts_format_check', sql`${table.format} in ('csv', 'xlsx')`),
  ],
);

/** One month's deduction advice: a draft officers review, then issued and kept as issued. */
export const payrollAdvices = pgTable(
  'payroll_advices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    month: text('month').notNull(),
    /** The run's value date the loans' instalments were judged due on. */
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['draft', 'issued'] }).notNull().default('draft'),
    /** The settings it was prepared under, kept with it. */
    redeductArrears: boolean('rededuct_arrears').notNull(),
    allocationOrder: text('allocation_order', { enum: ['loans_first', 'savings_first'] }).notNull(),
    memberCount: integer('member_count').notNull().default(0),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull().default(0),
    preparedById: text('prepared_by_id').notNull(),
    preparedAt: timestamp('prepared_at', { withTimezone: true }).notNull().defaultNow(),
    issuedById: text('issued_by_id'),
    issuedByName: text('issued_by_name'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payroll_advices_month_key').on(table.month),
    check('payroll_advices_month_check', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('payroll_advices_status_check', sql`${table.status} in ('draft', 'issued')`),
    check('payroll_advices_order_check', sql`${table.allocationOrder} in ('loans_first', 'savings_first')`),
  ],
);

/** A member's line of an advice: each deduction's amount by key ('contribution:<product>', 'arrears:<product>', 'loan'). */
export const payrollAdviceLines = pgTable(
  'payroll_advice_lines',
  {
    adviceId: uuid('advice_id')
      .notNull()
      .references(() => payrollAdvices.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    staffId: text('staff_id'),
    name: text('name').notNull(),
    /** { [deductionKey]: kobo }, as prepared or as an officer changed it. */
    deductions: jsonb('deductions').notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    /** Held out of the advice by an officer, with why; null when in. */
    heldReason: text('held_reason'),
    /** An officer changed a figure Kobo prepared. */
    changed: boolean('changed').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.adviceId, table.userId] }),
    check('payroll_advice_lines_total_check', sql`${table.totalKobo} >= 0 and ${table.totalKobo} <= ${MAX_KOBO}`),
  ],
);

/** What payroll remitted for an issued advice, posted once: its batch, totals and outcome counts. */
export const payrollRemittances = pgTable(
  'payroll_remittances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adviceId: uuid('advice_id')
      .notNull()
      .references(() => payrollAdvices.id, { onDelete: 'restrict' }),
    /** The monthly run's batch that posted what was paid; null when nothing was paid to post. */
    batchId: uuid('batch_id').references(() => savingsBatches.id, { onDelete: 'restrict' }),
    source: text('source', { enum: ['file', 'keyed'] }).notNull(),
    fileName: text('file_name'),
    fileHash: text('file_hash'),
    bankAmountKobo: bigint('bank_amount_kobo', { mode: 'number' }).notNull(),
    remittedKobo: bigint('remitted_kobo', { mode: 'number' }).notNull(),
    paidKobo: bigint('paid_kobo', { mode: 'number' }).notNull(),
    shortKobo: bigint('short_kobo', { mode: 'number' }).notNull(),
    overKobo: bigint('over_kobo', { mode: 'number' }).notNull(),
    /** { full, short, over, not_on_payroll, unexpected }: members per outcome. */
    counts: jsonb('counts').notNull(),
    postedById: text('posted_by_id').notNull(),
    postedByName: text('posted_by_name').notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payroll_remittances_advice_key').on(table.adviceId), check('payroll_remittances_source_check', sql`${table.source} in ('file', 'keyed')`)],
);

/** Each member's (or unknown line's) match of a posted remittance, kept for the record and the reports. */
export const payrollRemittanceLines = pgTable(
  'payroll_remittance_lines',
  {
    remittanceId: uuid('remittance_id')
      .notNull()
      .references(() => payrollRemittances.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    /** Null for an unexpected line whose staff ID is nobody's. */
    userId: text('user_id').references(() => users.id, { onDelete: 'restrict' }),
    ref: text('ref').notNull(),
    name: text('name'),
    outcome: text('outcome', { enum: ['full', 'short', 'over', 'not_on_payroll', 'unexpected'] }).notNull(),
    advisedKobo: bigint('advised_kobo', { mode: 'number' }).notNull(),
    remittedKobo: bigint('remitted_kobo', { mode: 'number' }).notNull(),
    paidKobo: bigint('paid_kobo', { mode: 'number' }).notNull(),
    overKobo: bigint('over_kobo', { mode: 'number' }).notNull(),
    /** [{ key, advisedKobo, paidKobo, outcome }] */
    deductions: jsonb('deductions').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.remittanceId, table.lineNo] }),
    index('payroll_remittance_lines_user_idx').on(table.userId),
    check('payroll_remittance_lines_outcome_check', sql`${table.outcome} in ('full', 'short', 'over', 'not_on_payroll', 'unexpected')`),
  ],
);

/** A contribution payroll did not deduct in full: owed per member and product, from the month it arose. */
export const contributionArrears = pgTable(
  'contribution_arrears',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => savingsProducts.id, { onDelete: 'restrict' }),
    /** The payroll month it arose in, YYYY-MM. */
    month: text('month').notNull(),
    remittanceId: uuid('remittance_id')
      .notNull()
      .references(() => payrollRemittances.id, { onDelete: 'restrict' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** What is still owed: paid down oldest first by later remittances. */
    outstandingKobo: bigint('outstanding_kobo', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contribution_arrears_owed_idx').on(table.userId, table.productId, table.month).where(sql`${table.outstandingKobo} > 0`),
    check('contribution_arrears_amount_check', sql`${table.amountKobo} > 0 and ${table.amountKobo} <= ${MAX_KOBO}`),
    check('contribution_arrears_outstanding_check', sql`${table.outstandingKobo} >= 0 and ${table.outstandingKobo} <= ${table.amountKobo}`),
    check('contribution_arrears_month_check', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/**
 * Money payroll remitted beyond what was advised (or for a member not advised), held in the
 * scheme's book (mapping payroll.overdeductions) until an officer refunds it or applies it to a
 * product of the member.
 */
export const payrollOverdeductions = pgTable(
  'payroll_overdeductions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    remittanceId: uuid('remittance_id')
      .notNull()
      .references(() => payrollRemittances.id, { onDelete: 'restrict' }),
    /** Null when the line's staff ID is nobody's: it can only be refunded. */
    userId: text('user_id').references(() => users.id, { onDelete: 'restrict' }),
    ref: text('ref').notNull(),
    name: text('name'),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['held', 'refunded', 'applied'] }).notNull().default('held'),
    /** Where an applied over-deduction went. */
    productId: uuid('product_id').references(() => savingsProducts.id, { onDelete: 'restrict' }),
    reason: text('reason'),
    decidedById: text('decided_by_id'),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payroll_overdeductions_status_idx').on(table.status, table.createdAt),
    check('payroll_overdeductions_amount_check', sql`${table.amountKobo} > 0 and ${table.amountKobo} <= ${MAX_KOBO}`),
    check('payroll_overdeductions_status_check', sql`${table.status} in ('held', 'refunded', 'applied')`),
  ],
);

/**
 * A year-end run (issue 31, docs/decisions/049-year-end-run.md): the appropriation proposed for a
 * financial year, worked out. Editable while a draft; approval freezes its figures and lines.
 */
export const yearEndRuns = pgTable(
  'year_end_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The calendar year the financial year starts in. */
    year: integer('year').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['draft', 'approved', 'posted', 'reversed'] }).notNull().default('draft'),
    /** What the officer proposed (core's YearEndRunInput). */
    proposal: jsonb('proposal').notNull(),
    /** The proposal worked out (core's YearEndAppropriation): frozen on approval. */
    figures: jsonb('figures').notNull(),
    createdById: text('created_by_id').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    approvedById: text('approved_by_id'),
    approvedByName: text('approved_by_name'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    postedById: text('posted_by_id'),
    postedByName: text('posted_by_name'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    batchId: uuid('batch_id').references(() => savingsBatches.id, { onDelete: 'restrict' }),
    /** The year-end entry (source 'year_end'): reserve, funds, tax and rounding. */
    entryId: uuid('entry_id').references(() => journalEntries.id, { onDelete: 'restrict' }),
    reversedByName: text('reversed_by_name'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversalReason: text('reversal_reason'),
  },
  (table) => [
    index('year_end_runs_year_idx').on(table.year, table.createdAt),
    // Once per year: a second posted run for the year meets this, even when two post at once.
    uniqueIndex('year_end_runs_posted_key').on(table.year).where(sql`${table.status} = 'posted'`),
    check('year_end_runs_status_check', sql`${table.status} in ('draft', 'approved', 'posted', 'reversed')`),
  ],
);

/** An approved run's member lines, as frozen: what was posted and what each member was told. */
export const yearEndLines = pgTable(
  'year_end_lines',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => yearEndRuns.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    staffId: text('staff_id'),
    /** 'dividend' or 'interest:<product id>'. */
    part: text('part').notNull(),
    label: text('label').notNull(),
    method: text('method').notNull(),
    rateBp: integer('rate_bp').notNull(),
    basisKobo: bigint('basis_kobo', { mode: 'number' }).notNull(),
    grossKobo: bigint('gross_kobo', { mode: 'number' }).notNull(),
    taxKobo: bigint('tax_kobo', { mode: 'number' }).notNull(),
    netKobo: bigint('net_kobo', { mode: 'number' }).notNull(),
    /** The savings account the net is paid into. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => savingsAccounts.id, { onDelete: 'restrict' }),
    toProductName: text('to_product_name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.lineNo] }), index('year_end_lines_user_idx').on(table.userId)],
);

/** A closed financial year: its closing entry and the income statement as it stood when closed. */
export const yearEndCloses = pgTable('year_end_closes', {
  year: integer('year').primaryKey(),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  toDate: date('to_date', { mode: 'string' }).notNull(),
  /** Null when every income and expense account moved ₦0 over the year. */
  entryId: uuid('entry_id').references(() => journalEntries.id, { onDelete: 'restrict' }),
  /** core's YearEndSurplus as read before closing. */
  statement: jsonb('statement').notNull(),
  surplusKobo: bigint('surplus_kobo', { mode: 'number' }).notNull(),
  closedById: text('closed_by_id').notNull(),
  closedByName: text('closed_by_name').notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 32: who receives a member's savings if they die, in shares adding to 100% (10,000 basis
 * points). A member's list is replaced whole on each save (audited), in the order they gave.
 */
export const memberNominees = pgTable(
  'member_nominees',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    phone: text('phone').notNull(),
    shareBp: integer('share_bp').notNull(),
    updatedById: text('updated_by_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.position] }),
    check('member_nominees_share_check', sql`${table.shareBp} between 1 and 10000`),
    check('member_nominees_position_check', sql`${table.position} between 1 and 20`),
  ],
);

/**
 * Issue 32: a member leaving, from notice to pay-out. `statement` is core's ExitStatement: worked
 * out on each preview, frozen on approval, and kept as settled (a later reversal elsewhere never
 * changes it). At most one live exit per member (the partial unique index).
 */
export const memberExits = pgTable(
  'member_exits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    holderName: text('holder_name').notNull(),
    staffId: text('staff_id'),
    reason: text('reason', { enum: EXIT_REASONS }).notNull(),
    note: text('note'),
    noticeDate: date('notice_date', { mode: 'string' }).notNull(),
    leavingDate: date('leaving_date', { mode: 'string' }).notNull(),
    /** The notice date plus the scheme's notice period (the notice date itself for a death). */
    earliestSettlementDate: date('earliest_settlement_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: EXIT_STATUSES }).notNull().default('notice'),
    givenById: text('given_by_id').notNull(),
    givenByName: text('given_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The settlement's value date, chosen at approval. */
    settlementDate: date('settlement_date', { mode: 'string' }),
    /** How a shortfall is met: the member pays it, or the guarantors in their guaranteed shares. */
    shortfallChoice: text('shortfall_choice', { enum: SHORTFALL_CHOICES }),
    statement: jsonb('statement'),
    approvedById: text('approved_by_id'),
    approvedByName: text('approved_by_name'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    settledById: text('settled_by_id'),
    settledByName: text('settled_by_name'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    entryId: uuid('entry_id').references(() => journalEntries.id, { onDelete: 'restrict' }),
    paidById: text('paid_by_id'),
    paidByName: text('paid_by_name'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    payReference: text('pay_reference'),
    payoutEntryId: uuid('payout_entry_id').references(() => journalEntries.id, { onDelete: 'restrict' }),
    cancelledByName: text('cancelled_by_name'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    reversedByName: text('reversed_by_name'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversalReason: text('reversal_reason'),
    reversalEntryId: uuid('reversal_entry_id').references(() => journalEntries.id, { onDelete: 'restrict' }),
  },
  (table) => [
    uniqueIndex('member_exits_seq_key').on(table.seq),
    // One live exit per member: a second notice, or an exit after settlement, meets this.
    uniqueIndex('member_exits_live_key').on(table.userId).where(sql`${table.status} in ('notice', 'approved', 'settled', 'paid')`),
    index('member_exits_status_idx').on(table.status, table.seq),
    check('member_exits_status_check', sql.raw(`status in (${EXIT_STATUSES.map((status) => `'${status}'`).join(', ')})`)),
    check('member_exits_reason_check', sql.raw(`reason in (${EXIT_REASONS.map((reason) => `'${reason}'`).join(', ')})`)),
    check('member_exits_dates_check', sql`${table.leavingDate} >= ${table.noticeDate} and ${table.earliestSettlementDate} >= ${table.noticeDate}`),
  ],
);

// ---- Issue 33, part D: recovery from guarantors (migration 0030; docs/decisions/055-guarantor-recovery.md) ----

/**
 * A recovery of a defaulted loan's overdue amount from its guarantors: proposed by one officer with
 * each guarantor's share frozen (`shares`), approved (posted, one journal entry) or declined by
 * another. One awaiting approval per loan.
 */
export const loanRecoveries = pgTable(
  'loan_recoveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    status: text('status', { enum: LOAN_RECOVERY_STATUSES }).notNull().default('proposed'),
    daysInArrears: integer('days_in_arrears').notNull(),
    overdueKobo: bigint('overdue_kobo', { mode: 'number' }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** Each guarantor's share as proposed (core's RecoveryShare[]); the approval posts exactly these. */
    shares: jsonb('shares').notNull(),
    proposedById: text('proposed_by_id').notNull(),
    proposedByName: text('proposed_by_name').notNull(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
    decidedById: text('decided_by_id'),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    valueDate: date('value_date', { mode: 'string' }),
    entryId: uuid('entry_id').references(() => journalEntries.id, { onDelete: 'restrict' }),
    /** The loan repayment the approval wrote: reversing it alone is refused (migration 0030's trigger). */
    repaymentId: uuid('repayment_id').references(() => loanTransactions.id, { onDelete: 'restrict' }),
  },
  (table) => [
    uniqueIndex('loan_recoveries_repayment_key').on(table.repaymentId).where(sql`${table.repaymentId} is not null`),
    uniqueIndex('loan_recoveries_open_key').on(table.loanId).where(sql`${table.status} = 'proposed'`),
    index('loan_recoveries_status_idx').on(table.status, table.proposedAt),
    index('loan_recoveries_loan_idx').on(table.loanId),
    check('loan_recoveries_status_check', sql.raw(`status in (${LOAN_RECOVERY_STATUSES.map((status) => `'${status}'`).join(', ')})`)),
    check('loan_recoveries_amount_check', sql`${table.amountKobo} > 0 and ${table.amountKobo} <= ${table.overdueKobo}`),
    check('loan_recoveries_approved_check', sql`(${table.status} = 'approved') = (${table.entryId} is not null)`),
  ],
);

/** The borrower's debt to a guarantor whose savings paid part of their loan, and how much of it they have repaid. */
export const guarantorClaims = pgTable(
  'guarantor_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recoveryId: uuid('recovery_id')
      .notNull()
      .references(() => loanRecoveries.id, { onDelete: 'restrict' }),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    borrowerAccountId: uuid('borrower_account_id')
      .notNull()
      .references(() => savingsAccounts.id, { onDelete: 'restrict' }),
    guarantorAccountId: uuid('guarantor_account_id')
      .notNull()
      .references(() => savingsAccounts.id, { onDelete: 'restrict' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    repaidKobo: bigint('repaid_kobo', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('guarantor_claims_recovery_guarantor_key').on(table.recoveryId, table.guarantorAccountId),
    index('guarantor_claims_borrower_idx').on(table.borrowerAccountId),
    index('guarantor_claims_guarantor_idx').on(table.guarantorAccountId),
    index('guarantor_claims_loan_idx').on(table.loanId),
    check('guarantor_claims_amount_check', sql`${table.amountKobo} > 0 and ${table.repaidKobo} between 0 and ${table.amountKobo}`),
  ],
);

// ---- Issue 33, part C: portfolio at risk and provisioning (migration 0029; docs/decisions/054-portfolio-at-risk-and-provisioning.md) ----

/**
 * A month-end provision run: what the loans required (the sum of its lines), what the "Loan loss
 * provision" account held before, and the difference it posted as one entry (none when 0). A rerun
 * for the same month posts only the difference again.
 */
export const loanProvisionRuns = pgTable(
  'loan_provision_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: integer('seq').generatedAlwaysAsIdentity(),
    month: text('month').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    loanCount: integer('loan_count').notNull(),
    requiredKobo: bigint('required_kobo', { mode: 'number' }).notNull(),
    heldBeforeKobo: bigint('held_before_kobo', { mode: 'number' }).notNull(),
    differenceKobo: bigint('difference_kobo', { mode: 'number' }).notNull(),
    entryId: uuid('entry_id').references(() => journalEntries.id, { onDelete: 'restrict' }),
    /** The thresholds and rates the run used (core's LoanRiskSettings). */
    settings: jsonb('settings').notNull(),
    createdById: text('created_by_id').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('loan_provision_runs_seq_key').on(table.seq),
    index('loan_provision_runs_month_idx').on(table.month, table.seq),
    check('loan_provision_runs_month_check', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('loan_provision_runs_figures_check', sql`${table.requiredKobo} >= 0 and ${table.differenceKobo} = ${table.requiredKobo} - ${table.heldBeforeKobo}`),
    check('loan_provision_runs_entry_check', sql`(${table.entryId} is null) = (${table.differenceKobo} = 0)`),
  ],
);

/** One loan's line in a run: its class, days in arrears, outstanding principal and provision. */
export const loanProvisionLines = pgTable(
  'loan_provision_lines',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => loanProvisionRuns.id, { onDelete: 'restrict' }),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    classification: text('classification', { enum: LOAN_CLASSIFICATIONS }).notNull(),
    daysInArrears: integer('days_in_arrears').notNull(),
    outstandingPrincipalKobo: bigint('outstanding_principal_kobo', { mode: 'number' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    provisionKobo: bigint('provision_kobo', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.runId, table.loanId] }),
    index('loan_provision_lines_loan_idx').on(table.loanId),
    check('loan_provision_lines_classification_check', sql.raw(`classification in (${LOAN_CLASSIFICATIONS.map((name) => `'${name}'`).join(', ')})`)),
    check(
      'loan_provision_lines_figures_check',
      sql`${table.daysInArrears} >= 0 and ${table.outstandingPrincipalKobo} >= 0 and ${table.rateBp} between 0 and 10000 and ${table.provisionKobo} between 0 and ${table.outstandingPrincipalKobo}`,
    ),
  ],
);

// ---- Issue 33, part A: restructures (migration 0027; docs/decisions/052-payoff-topup-refinance.md) ----

/**
 * A restructure of a running loan: asked by an officer with a new term or instalment and a reason,
 * approved by a second officer when two-person approval is on (else applied at once), or declined.
 * Once applied it keeps the instalments it replaced, as they stood, for the loan's history.
 */
export const loanRestructures = pgTable(
  'loan_restructures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['pending', 'approved', 'declined'] }).notNull().default('pending'),
    /** What was asked: a new term, or a new instalment (exactly one). */
    months: integer('months'),
    instalmentKobo: bigint('instalment_kobo', { mode: 'number' }),
    reason: text('reason').notNull(),
    requestedById: text('requested_by_id').notNull(),
    requestedByEmail: text('requested_by_email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedById: text('decided_by_id'),
    decidedByEmail: text('decided_by_email'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** Set when applied: the day it took effect, the new term, the principal spread, the interest carried. */
    effectiveOn: date('effective_on', { mode: 'string' }),
    newMonths: integer('new_months'),
    principalKobo: bigint('principal_kobo', { mode: 'number' }),
    carriedInterestKobo: bigint('carried_interest_kobo', { mode: 'number' }),
    /** The instalments as they stood before it was applied (InstalmentPosition[]). */
    oldInstalments: jsonb('old_instalments').notNull().default(sql`'[]'::jsonb`),
  },
  (table) => [
    uniqueIndex('loan_restructures_seq_key').on(table.seq),
    index('loan_restructures_loan_idx').on(table.loanId, table.seq),
    uniqueIndex('loan_restructures_pending_key').on(table.loanId).where(sql`${table.status} = 'pending'`),
    check('loan_restructures_status_check', sql`${table.status} in ('pending', 'approved', 'declined')`),
    check('loan_restructures_ask_check', sql`(${table.months} is null) <> (${table.instalmentKobo} is null)`),
    check('loan_restructures_months_check', sql`${table.months} is null or ${table.months} between 1 and 120`),
    check('loan_restructures_instalment_check', sql`${table.instalmentKobo} is null or ${table.instalmentKobo} > 0`),
  ],
);
