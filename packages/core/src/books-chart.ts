import { z } from 'zod';
import { ACCOUNT_KINDS, ACCOUNT_KIND_LABELS, BOOKS, BOOK_LABELS, type AccountKind, type Book } from './books.ts';
import { MESSAGES } from './messages.ts';
import { MAX_PAYMENT_METHOD_LENGTH } from './schemas/expenses.ts';
import type { ledgerMappingsViewSchema } from './schemas/books-chart.ts';

/**
 * Settings › Books (issue 27, docs/decisions/042-one-ledger.md): each book's chart of accounts, and
 * the mappings that tell the posting rules which account each kind of movement uses.
 */

/** The database's own check on a code (ledger_accounts_code_check). */
export const LEDGER_ACCOUNT_CODE_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.-]{0,11}$/;
export const MAX_LEDGER_ACCOUNT_NAME_LENGTH = 80;

const code = z
  .string({ message: MESSAGES.ledgerAccountCodeRequired })
  .trim()
  .min(1, MESSAGES.ledgerAccountCodeRequired)
  .regex(LEDGER_ACCOUNT_CODE_PATTERN, MESSAGES.ledgerAccountCodeInvalid);
const name = z
  .string({ message: MESSAGES.ledgerAccountNameRequired })
  .trim()
  .min(1, MESSAGES.ledgerAccountNameRequired)
  .max(MAX_LEDGER_ACCOUNT_NAME_LENGTH, MESSAGES.ledgerAccountNameTooLong);

/** POST /api/books/accounts. Control (sub-ledger) accounts come only with the default chart. */
export const createLedgerAccountSchema = z.object({
  book: z.enum(BOOKS, { message: MESSAGES.chooseBook }),
  code,
  name,
  kind: z.enum(ACCOUNT_KINDS, { message: MESSAGES.chooseAccountKind }),
});
export type CreateLedgerAccountInput = z.input<typeof createLedgerAccountSchema>;

/** PATCH /api/books/accounts/:id: recode, rename, retire or bring back. */
export const updateLedgerAccountSchema = z.object({ code: code.optional(), name: name.optional(), retired: z.boolean().optional() });
export type UpdateLedgerAccountInput = z.input<typeof updateLedgerAccountSchema>;

/** PUT /api/books/mappings/:key and PUT /api/books/categories/:id/account. */
export const setLedgerAccountSchema = z.object({ accountId: z.string({ message: MESSAGES.chooseLedgerAccount }).uuid(MESSAGES.chooseLedgerAccount) });
export type SetLedgerAccountInput = z.input<typeof setLedgerAccountSchema>;

/** The fixed mappings: what each posting rule starts from (migration 0015's ledger_mappings rows). */
export const LEDGER_MAPPING_KEYS = [
  'savings.cash',
  'savings.payroll',
  'loans.disbursement',
  'loans.repayment_cash',
  'loans.repayment_payroll',
  'loans.interest_income',
  'loans.fee_income',
  'loans.write_off',
  'scheme.opening',
  'organisation.opening',
  'payment:default',
] as const;
export type LedgerMappingKey = (typeof LEDGER_MAPPING_KEYS)[number];

export const LEDGER_MAPPING_LABELS: Record<LedgerMappingKey, string> = {
  'savings.cash': 'Deposits and withdrawals at the counter',
  'savings.payroll': 'Payroll contributions',
  'loans.disbursement': 'Loan disbursements',
  'loans.repayment_cash': 'Loan repayments at the counter',
  'loans.repayment_payroll': 'Loan repayments from payroll',
  'loans.interest_income': 'Loan interest',
  'loans.fee_income': 'Loan fees',
  'loans.write_off': 'Loans written off',
  'scheme.opening': 'Opening balances',
  'organisation.opening': 'Opening balances',
  'payment:default': 'Any other payment method',
};

export const PAYMENT_MAPPING_PREFIX = 'payment:';

export function isFixedMappingKey(key: string): key is LedgerMappingKey {
  return (LEDGER_MAPPING_KEYS as readonly string[]).includes(key);
}

/** An expense's payment method as the posting rule looks it up: lower-cased and trimmed. */
export function paymentMappingKey(method: string): string {
  return PAYMENT_MAPPING_PREFIX + method.trim().toLowerCase();
}

/** The payment method a 'payment:<method>' key names (null for any other key, and for the default). */
export function paymentMethodOfKey(key: string): string | null {
  if (!key.startsWith(PAYMENT_MAPPING_PREFIX) || key === 'payment:default') return null;
  return key.slice(PAYMENT_MAPPING_PREFIX.length);
}

/** A payment method's name for its own mapping: 1–40 characters once trimmed. */
export const paymentMethodSchema = z
  .string({ message: MESSAGES.paymentMethodRequired })
  .trim()
  .min(1, MESSAGES.paymentMethodRequired)
  .max(MAX_PAYMENT_METHOD_LENGTH, MESSAGES.paymentMethodTooLong);

/** Which book a mapping's account must be in: the scheme's movements, or the organisation's. */
export function mappingBook(key: string): Book {
  return key.startsWith(PAYMENT_MAPPING_PREFIX) || key.startsWith('organisation.') ? 'organisation' : 'scheme';
}

/** The one kind of account that makes sense for a mapping (money in or out sits in an asset). */
export function mappingKind(key: string): AccountKind {
  if (key === 'loans.interest_income' || key === 'loans.fee_income') return 'income';
  if (key === 'loans.write_off') return 'expense';
  if (key === 'scheme.opening' || key === 'organisation.opening') return 'equity';
  return 'asset';
}

/** The refusal beside a mapping's select when the account is of another book or kind. */
export function mappingAccountMessage(key: string): string {
  const kind = ACCOUNT_KIND_LABELS[mappingKind(key)].toLowerCase().replace(/s$/, '');
  return `Choose a live ${kind} account of the ${BOOK_LABELS[mappingBook(key)]} book`;
}

export function ledgerAccountCodeTakenMessage(takenCode: string): string {
  return `The code ${takenCode} is already used in this book`;
}

/** GET /api/books/mappings. */
export type LedgerMappingsView = z.infer<typeof ledgerMappingsViewSchema>;

/** The refusal beside an expense item's account select. */
export const ITEM_ACCOUNT_MESSAGE = 'Choose a live expense account of the Organisation book';
