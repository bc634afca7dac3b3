import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { isSupportedDate } from './periods.ts';

/**
 * The audit log (issue 5, docs/decisions/011-people-and-audit.md): every administrative act, who
 * did it, when, to what, and the values before and after. Kinds are `subject.verb`.
 */
export const AUDIT_KINDS = [
  'user.created',
  'user.role_changed',
  'user.deactivated',
  'user.reactivated',
  'user.deleted',
  'user.details_changed',
  'user.password_changed',
  'user.email_changed',
  'user.invited',
  'user.invitation_withdrawn',
  'user.invitation_accepted',
  'signup.settings_changed',
  'staff.created',
  'savings.deposit',
  'savings.withdrawal',
  'savings.transfer',
  'savings.reversal',
  'savings.batch_posted',
  'savings.batch_reversed',
  'savings.contribution_set',
  'category.created',
  'category.deleted',
  'expense.updated',
  'expense.deleted',
  'loan.product_created',
  'loan.product_updated',
  'loan.product_retired',
  'loan.product_restored',
  'loan.applied',
  'loan.guarantee_accepted',
  'loan.guarantee_declined',
  'loan.approved',
  'loan.rejected',
  'loan.settings_changed',
  'loan.disbursed',
  'loan.repayment',
  'loan.repayment_reversed',
  'loan.disbursement_reversed',
  'loan.written_off',
  'mail.retried',
  'savings_request.created',
  'savings_request.approved',
  'savings_request.declined',
  'savings_request.cancelled',
  'savings.approval_settings_changed',
  'savings.books_start_changed',
  'api_token.created',
  'api_token.revoked',
  'receipts.settings_changed',
  'expense.imported',
  'expense.import_undone',
  'budget.set',
  'budget.removed',
  'books.month_locked',
  'books.month_unlocked',
  'books.manual_entry_posted',
  'books.entry_request_created',
  'books.entry_request_approved',
  'books.entry_request_declined',
  'books.opening_posted',
  'books.account_created',
  'books.account_changed',
  'books.account_deleted',
  'books.mapping_set',
  'books.mapping_removed',
  'books.item_account_set',
  'savings_product.created',
  'savings_product.updated',
  'savings_product.retired',
  'savings_product.restored',
  'savings_product.deleted',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS = {
  'user.created': 'User created',
  'user.role_changed': 'Role changed',
  'user.deactivated': 'Account deactivated',
  'user.reactivated': 'Account reactivated',
  'user.deleted': 'User deleted',
  'user.details_changed': 'Own details changed',
  'user.password_changed': 'Own password changed',
  'user.email_changed': 'Own email changed',
  'user.invited': 'Invitation sent',
  'user.invitation_withdrawn': 'Invitation withdrawn',
  'user.invitation_accepted': 'Invitation accepted',
  'signup.settings_changed': 'Sign-up setting changed',
  'staff.created': 'Staff created',
  'savings.deposit': 'Deposit posted',
  'savings.withdrawal': 'Withdrawal posted',
  'savings.transfer': 'Transfer posted',
  'savings.reversal': 'Posting reversed',
  'savings.batch_posted': 'Batch posted',
  'savings.batch_reversed': 'Batch reversed',
  'savings.contribution_set': 'Monthly contribution set',
  'category.created': 'Category created',
  'category.deleted': 'Category deleted',
  'expense.updated': 'Expense edited',
  'expense.deleted': 'Expense deleted',
  'loan.product_created': 'Loan product created',
  'loan.product_updated': 'Loan product changed',
  'loan.product_retired': 'Loan product retired',
  'loan.product_restored': 'Loan product restored',
  'loan.applied': 'Loan applied for',
  'loan.guarantee_accepted': 'Guarantee accepted',
  'loan.guarantee_declined': 'Guarantee declined',
  'loan.approved': 'Loan approved',
  'loan.rejected': 'Loan rejected',
  'loan.settings_changed': 'Loan settings changed',
  'loan.disbursed': 'Loan disbursed',
  'loan.repayment': 'Loan repayment posted',
  'loan.repayment_reversed': 'Loan repayment reversed',
  'loan.disbursement_reversed': 'Loan disbursement reversed',
  'loan.written_off': 'Loan written off',
  'mail.retried': 'Failed mail sent again',
  'savings_request.created': 'Request recorded',
  'savings_request.approved': 'Request approved',
  'savings_request.declined': 'Request declined',
  'savings_request.cancelled': 'Request cancelled',
  'savings.approval_settings_changed': 'Approval settings changed',
  'savings.books_start_changed': "Books' start date changed",
  'api_token.created': 'API token created',
  'api_token.revoked': 'API token revoked',
  'receipts.settings_changed': 'Receipt setting changed',
  'expense.imported': 'Expenses imported',
  'expense.import_undone': 'Expense import undone',
  'budget.set': 'Budget set',
  'budget.removed': 'Budget removed',
  'books.month_locked': 'Month locked',
  'books.month_unlocked': 'Month unlocked',
  'books.manual_entry_posted': 'Journal entry posted',
  'books.entry_request_created': 'Journal entry awaiting approval',
  'books.entry_request_approved': 'Journal entry approved',
  'books.entry_request_declined': 'Journal entry declined',
  'books.opening_posted': 'Opening balances posted',
  'books.account_created': 'Account added to the books',
  'books.account_changed': 'Account in the books changed',
  'books.account_deleted': 'Account deleted from the books',
  'books.mapping_set': 'Books mapping set',
  'books.mapping_removed': 'Books mapping removed',
  'books.item_account_set': "Item's expense account set",
  'savings_product.created': 'Savings product created',
  'savings_product.updated': 'Savings product changed',
  'savings_product.retired': 'Savings product retired',
  'savings_product.restored': 'Savings product restored',
  'savings_product.deleted': 'Savings product deleted',
} as const satisfies Record<AuditKind, string>;

export const AUDIT_TARGET_TYPES = [
  'user',
  'savings_account',
  'savings_transfer',
  'savings_transaction',
  'savings_batch',
  'category',
  'expense',
  'loan_product',
  'loan',
  'settings',
  'savings_request',
  'mail',
  'api_token',
  'expense_import',
  'books_month',
  'journal_entry',
  'journal_entry_request',
  'ledger_account',
  'ledger_mapping',
  'savings_product',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Plain JSON values: what a row looked like before and after the act (null when it did not exist). */
export type AuditValues = Record<string, unknown>;

export const MAX_AUDIT_PAGE_SIZE = 100;

const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().trim().max(max).optional());

/**
 * GET /api/audit: by person (who acted, or whom the act concerned), kind, and whole days in
 * APP_TIMEZONE (both inclusive), newest first, a page at a time.
 */
export const auditQuerySchema = z
  .object({
    userId: optionalText(200),
    kind: z.preprocess((value) => (value === '' ? undefined : value), z.enum(AUDIT_KINDS).optional()),
    from: optionalText(10),
    to: optionalText(10),
    cursor: optionalText(200),
    limit: z.coerce.number().int().min(1).max(MAX_AUDIT_PAGE_SIZE).default(50),
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (value.from !== undefined && !isSupportedDate(value.from)) return fail('from', MESSAGES.invalidDate);
    if (value.to !== undefined && !isSupportedDate(value.to)) return fail('to', MESSAGES.invalidDate);
    if (value.from && value.to && value.to < value.from) return fail('to', MESSAGES.endBeforeStart);
  });
export type AuditQuery = z.output<typeof auditQuerySchema>;
