import type { ZodError } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * Every refusal the API can give, with its HTTP status and the sentence a person sees.
 * One table, so the server's error handler and the browser's error banner agree.
 */
export const ERRORS = {
  VALIDATION: { status: 400, message: MESSAGES.invalidRequest },
  SIGN_IN_REQUIRED: { status: 401, message: MESSAGES.signInRequired },
  FORBIDDEN: { status: 403, message: MESSAGES.forbidden },
  API_TOKEN_INVALID: { status: 401, message: MESSAGES.apiTokenInvalid },
  API_TOKEN_NOT_FOUND: { status: 404, message: MESSAGES.apiTokenNotFound },
  NOT_FOUND: { status: 404, message: MESSAGES.notFound },
  CROSS_SITE_REQUEST: { status: 403, message: MESSAGES.crossSiteRequest },
  USER_NOT_FOUND: { status: 401, message: MESSAGES.userNotFound },
  WRONG_PASSWORD: { status: 401, message: MESSAGES.wrongPassword },
  ACCOUNT_DISABLED: { status: 403, message: MESSAGES.accountDisabled },
  TOO_MANY_ATTEMPTS: { status: 429, message: MESSAGES.tooManyAttempts },
  TOO_MANY_RESET_REQUESTS: { status: 429, message: MESSAGES.tooManyResetRequests },
  EMAIL_IN_USE: { status: 409, message: MESSAGES.emailInUse },
  RESET_LINK_INVALID: { status: 400, message: MESSAGES.resetLinkInvalid },
  PAYLOAD_TOO_LARGE: { status: 413, message: MESSAGES.requestTooLarge },
  UNSUPPORTED_CHARACTERS: { status: 400, message: MESSAGES.unsupportedCharacters },
  INTERNAL: { status: 500, message: MESSAGES.serverError },
  // Savings (docs/decisions/007-savings-api.md): refusals that depend on the current balance are
  // 409 Conflict, since the same request may succeed after a deposit.
  SAVINGS_NOT_AUTHORIZED: { status: 403, message: MESSAGES.savingsNotAuthorized },
  NO_SAVINGS_ACCOUNT: { status: 404, message: MESSAGES.noSavingsAccount },
  INSUFFICIENT_BALANCE: { status: 409, message: MESSAGES.insufficientBalanceForWithdrawal },
  INSUFFICIENT_BALANCE_FOR_TRANSFER: { status: 409, message: MESSAGES.insufficientBalanceForTransfer },
  INVALID_TRANSFER: { status: 400, message: MESSAGES.invalidTransferDetails },
  STAFF_EMAIL_IN_USE: { status: 409, message: MESSAGES.staffEmailInUse },
  STAFF_ID_FAILED: { status: 409, message: MESSAGES.staffIdFailed },
  IDEMPOTENCY_KEY_REUSED: { status: 409, message: MESSAGES.idempotencyKeyReused },
  // Value dates, reversals and batches (issue 11).
  VALUE_DATE_IN_FUTURE: { status: 400, message: MESSAGES.valueDateInFuture },
  VALUE_DATE_OFFICERS_ONLY: { status: 403, message: MESSAGES.valueDateOfficersOnly },
  TRANSACTION_NOT_FOUND: { status: 404, message: MESSAGES.transactionNotFound },
  ALREADY_REVERSED: { status: 409, message: MESSAGES.alreadyReversed },
  REVERSAL_NOT_REVERSIBLE: { status: 409, message: MESSAGES.reversalNotReversible },
  REVERSAL_PART_OF_SETTLEMENT: { status: 409, message: MESSAGES.reversalPartOfSettlement },
  REVERSAL_OVERDEDUCTION_APPLIED: { status: 409, message: MESSAGES.reversalOverdeductionApplied },
  REVERSAL_OVERDRAWS: { status: 409, message: MESSAGES.reversalOverdraws },
  // Issue 26: a running balance below zero on some day from the value date on; a day before the books start.
  BALANCE_BELOW_ZERO_ON: { status: 409, message: MESSAGES.balanceBelowZero },
  VALUE_DATE_BEFORE_BOOKS_START: { status: 400, message: MESSAGES.valueDateBeforeBooksStart },
  BATCH_ALREADY_POSTED: { status: 409, message: 'This batch was already posted' },
  BATCH_NOT_READY: { status: 409, message: MESSAGES.batchNotReady },
  BATCH_NOT_FOUND: { status: 404, message: MESSAGES.batchNotFound },
  BATCH_ALREADY_REVERSED: { status: 409, message: MESSAGES.batchAlreadyReversed },
  FILE_TOO_LARGE: { status: 413, message: MESSAGES.fileTooLarge },
  FILE_UNREADABLE: { status: 422, message: MESSAGES.fileNotSpreadsheet },
  // Loans (issue 12).
  LOAN_PRODUCT_NAME_TAKEN: { status: 409, message: MESSAGES.loanProductNameTaken },
  LOAN_PRODUCT_NOT_FOUND: { status: 404, message: MESSAGES.loanProductNotFound },
  // Savings products in Settings (issue 29): a held product keeps its kind and control account and is
  // never deleted (SAVINGS_PRODUCT_NOT_FOUND is with the products' rules, below).
  SAVINGS_PRODUCT_NAME_TAKEN: { status: 409, message: MESSAGES.savingsProductNameTaken },
  SAVINGS_PRODUCT_HELD: { status: 409, message: MESSAGES.savingsProductHeld },
  ORDINARY_SAVINGS_FIXED: { status: 409, message: MESSAGES.ordinarySavingsFixed },
  LOAN_OUTSIDE_LIMITS: { status: 409, message: MESSAGES.invalidRequest },
  GUARANTOR_INVALID: { status: 400, message: MESSAGES.guarantorNotHolder },
  LOAN_NOT_FOUND: { status: 404, message: MESSAGES.loanNotFound },
  GUARANTEE_NOT_OPEN: { status: 409, message: MESSAGES.guaranteeNotOpen },
  GUARANTEE_OVER_SAVINGS: { status: 409, message: MESSAGES.invalidRequest },
  LOAN_NOT_AWAITING_DECISION: { status: 409, message: MESSAGES.loanNotAwaitingDecision },
  SECOND_OFFICER_REQUIRED: { status: 403, message: MESSAGES.secondOfficerRequired },
  LOAN_ALREADY_DISBURSED: { status: 409, message: MESSAGES.loanAlreadyDisbursed },
  LOAN_NOT_APPROVED: { status: 409, message: MESSAGES.loanNotApproved },
  LOAN_NOT_ACTIVE: { status: 409, message: MESSAGES.loanNotActive },
  LOAN_NOT_WRITABLE_OFF: { status: 409, message: MESSAGES.loanNotWritable },
  HELD_AGAINST_LOAN: { status: 409, message: MESSAGES.insufficientBalanceForWithdrawal },
  // Two-person approval and members' requests (issue 15).
  HELD_FOR_APPROVAL: { status: 409, message: MESSAGES.insufficientBalanceForWithdrawal },
  SAVINGS_REQUEST_NOT_FOUND: { status: 404, message: MESSAGES.savingsRequestNotFound },
  SAVINGS_REQUEST_DECIDED: { status: 409, message: MESSAGES.savingsRequestAlreadyDecided },
  OWN_SAVINGS_REQUEST: { status: 403, message: MESSAGES.cannotApproveOwnRequest },
  NOT_REQUEST_MAKER: { status: 403, message: MESSAGES.onlyMakerCancels },
  REPAYMENT_REFUSED: { status: 409, message: MESSAGES.invalidRequest },
  LOAN_ENTRY_NOT_FOUND: { status: 404, message: MESSAGES.loanEntryNotFound },
  PENALTY_NOT_FOUND: { status: 404, message: MESSAGES.loanPenaltyNotFound },
  PENALTY_NOTHING_TO_WAIVE: { status: 409, message: MESSAGES.loanPenaltyNothingToWaive },
  LOAN_REVERSAL_REFUSED: { status: 409, message: MESSAGES.invalidRequest },
  // The outgoing mail screen (issue 15).
  MAIL_NOT_FOUND: { status: 404, message: MESSAGES.mailNotFound },
  BACKUP_NOT_FOUND: { status: 404, message: MESSAGES.backupNotFound },
  MAIL_NOT_FAILED: { status: 409, message: MESSAGES.mailNotFailed },
  // Expenses, categories, export and account deletion (docs/decisions/008-expenses-api.md).
  CATEGORY_NAME_TAKEN: { status: 409, message: MESSAGES.itemNameExists },
  CATEGORY_IN_USE: { status: 409, message: MESSAGES.categoryInUse },
  CATEGORY_NOT_FOUND: { status: 400, message: MESSAGES.categoryNotFound },
  EXPENSE_DELETE_FORBIDDEN: { status: 403, message: MESSAGES.onlyAdminsDeleteExpenses },
  EXPORT_TOO_LARGE: { status: 422, message: MESSAGES.exportTooLarge },
  SAVINGS_BALANCE_NOT_ZERO: { status: 409, message: MESSAGES.savingsBalanceNotZero },
  LAST_ADMIN: { status: 409, message: MESSAGES.lastAdminCannotLeave },
  // User management (docs/decisions/011-people-and-audit.md).
  USER_EMAIL_IN_USE: { status: 409, message: MESSAGES.addUserEmailInUse },
  CANNOT_CHANGE_OWN_ROLE: { status: 403, message: MESSAGES.cannotChangeOwnRole },
  CANNOT_DELETE_OWN_ACCOUNT: { status: 403, message: MESSAGES.cannotDeleteOwnAccount },
  CANNOT_DEACTIVATE_OWN_ACCOUNT: { status: 403, message: MESSAGES.cannotDeactivateOwnAccount },
  LAST_ACTIVE_ADMIN: { status: 409, message: MESSAGES.lastActiveAdmin },
  ADMIN_WITH_SAVINGS: { status: 409, message: MESSAGES.adminWithSavings },
  // Issue 27: the auditor holds no savings either.
  AUDITOR_WITH_SAVINGS: { status: 409, message: MESSAGES.auditorWithSavings },
  // Invitations and the sign-up switch (issue 15, docs/decisions/023-invitations.md). A link that
  // once worked and no longer does is 410 Gone; one that never did is 404.
  SIGN_UP_CLOSED: { status: 403, message: MESSAGES.signUpClosed },
  INVITATION_NOT_FOUND: { status: 404, message: MESSAGES.invitationNotFound },
  INVITATION_EXPIRED: { status: 410, message: MESSAGES.invitationExpired },
  INVITATION_USED: { status: 410, message: MESSAGES.invitationUsed },
  INVITATION_WITHDRAWN: { status: 410, message: MESSAGES.invitationWithdrawnOrReplaced },
  ALREADY_HAS_PASSWORD: { status: 409, message: MESSAGES.alreadyHasPassword },
  INVITE_INACTIVE_ACCOUNT: { status: 409, message: MESSAGES.inviteInactiveAccount },
  // Self-service accounts (issue 15, docs/decisions/022-self-service-accounts.md). A wrong current
  // password is a mistake in a form, not a failed sign-in: 400 on its field, the caller stays signed in.
  CURRENT_PASSWORD_WRONG: { status: 400, message: MESSAGES.wrongPassword },
  SAME_EMAIL: { status: 400, message: MESSAGES.sameEmail },
  EMAIL_CHANGE_LINK_INVALID: { status: 400, message: MESSAGES.emailChangeLinkInvalid },
  EMAIL_CHANGE_LINK_EXPIRED: { status: 410, message: MESSAGES.emailChangeLinkExpired },
  // Importing expenses (issue 14, docs/decisions/035-expense-import.md).
  IMPORT_CHANGED: { status: 409, message: MESSAGES.importChanged },
  IMPORT_NOT_FOUND: { status: 404, message: MESSAGES.importNotFound },
  IMPORT_ALREADY_UNDONE: { status: 409, message: MESSAGES.importAlreadyUndone },
  IMPORT_UNDO_EXPIRED: { status: 409, message: MESSAGES.importUndoExpired },
  IMPORT_UNDO_FORBIDDEN: { status: 403, message: MESSAGES.importUndoForbidden },
  // Receipts (issue 14, docs/decisions/033-receipts.md). The type is decided from the file's content.
  RECEIPT_FILE_REQUIRED: { status: 400, message: MESSAGES.receiptFileRequired },
  RECEIPT_TOO_LARGE: { status: 413, message: MESSAGES.receiptTooLarge },
  RECEIPT_WRONG_TYPE: { status: 415, message: MESSAGES.receiptWrongType },
  RECEIPT_UNREADABLE: { status: 422, message: MESSAGES.receiptUnreadable },
  RECEIPT_NOT_ATTACHABLE: { status: 400, message: MESSAGES.receiptNotAttachable },
  RECEIPT_REQUIRED: { status: 400, message: MESSAGES.receiptNotAttachable },
  // Settings › Books (issue 27): the chart and the mappings.
  LEDGER_ACCOUNT_NOT_FOUND: { status: 404, message: MESSAGES.ledgerAccountNotFound },
  LEDGER_ACCOUNT_CODE_TAKEN: { status: 409, message: MESSAGES.ledgerAccountCodeTaken },
  LEDGER_ACCOUNT_IN_USE: { status: 409, message: MESSAGES.ledgerAccountHasPostings },
  LEDGER_MAPPING_NOT_FOUND: { status: 404, message: MESSAGES.ledgerMappingNotFound },
  LEDGER_MAPPING_FIXED: { status: 409, message: MESSAGES.ledgerMappingFixed },
  LEDGER_MAPPING_ACCOUNT_INVALID: { status: 400, message: MESSAGES.ledgerAccountRetired },
  // The books (issue 27, docs/decisions/042-one-ledger.md): a locked month refuses every posting
  // (the database's SQLSTATE KB423, named by month and book in plugins/errors.ts).
  PERIOD_LOCKED: { status: 409, message: MESSAGES.periodLocked },
  MONTH_IN_FUTURE: { status: 400, message: MESSAGES.lockFutureMonth },
  ENTRY_UNBALANCED: { status: 400, message: MESSAGES.entryUnbalanced },
  LEDGER_ACCOUNT_UNUSABLE: { status: 400, message: MESSAGES.ledgerAccountUnusable },
  CONTROL_ACCOUNT_REFUSED: { status: 400, message: MESSAGES.controlAccountRefused },
  ENTRY_REQUEST_NOT_FOUND: { status: 404, message: MESSAGES.entryRequestNotFound },
  ENTRY_REQUEST_DECIDED: { status: 409, message: MESSAGES.entryRequestDecided },
  OWN_ENTRY_REQUEST: { status: 403, message: MESSAGES.cannotApproveOwnRequest },
  OPENING_ALREADY_POSTED: { status: 409, message: MESSAGES.openingAlreadyPosted },
  // Savings products (issue 29). A product's rule refuses with a sentence naming the product and
  // the rule (savings-products/rules.ts), given as the message; 409 because the same request may
  // succeed on another day (a target's window, a fixed deposit's maturity).
  SAVINGS_PRODUCT_NOT_FOUND: { status: 404, message: MESSAGES.savingsProductNotFound },
  SAVINGS_PRODUCT_RULE: { status: 409, message: MESSAGES.invalidRequest },
  // The payroll loop (issue 30, docs/decisions/047-payroll-loop.md).
  PAYROLL_ADVICE_NOT_FOUND: { status: 404, message: MESSAGES.payrollAdviceNotFound },
  PAYROLL_ADVICE_ISSUED: { status: 409, message: MESSAGES.payrollAdviceIssued },
  PAYROLL_ADVICE_NOT_ISSUED: { status: 409, message: MESSAGES.payrollAdviceNotIssued },
  PAYROLL_MEMBER_NOT_IN_ADVICE: { status: 404, message: MESSAGES.payrollMemberNotInAdvice },
  PAYROLL_LAYOUT_NOT_FOUND: { status: 404, message: MESSAGES.payrollLayoutNotFound },
  PAYROLL_LAYOUT_NAME_TAKEN: { status: 409, message: MESSAGES.payrollLayoutNameTaken },
  // A named layout with no column (or code) for one of the advice's deductions; the message names it.
  PAYROLL_LAYOUT_MISSES_DEDUCTION: { status: 409, message: MESSAGES.payrollLayoutMissesDeduction },
  REMITTANCE_ALREADY_POSTED: { status: 409, message: MESSAGES.remittanceAlreadyPosted },
  REMITTANCE_NOT_READY: { status: 409, message: MESSAGES.remittanceNotReady },
  // The bank's amount and the remittance's total differ; the message names both and the difference.
  REMITTANCE_BANK_MISMATCH: { status: 409, message: MESSAGES.remittanceBankMismatch },
  REMITTANCE_NOT_FOUND: { status: 404, message: MESSAGES.remittanceNotFound },
  OVERDEDUCTION_NOT_FOUND: { status: 404, message: MESSAGES.overdeductionNotFound },
  OVERDEDUCTION_DECIDED: { status: 409, message: MESSAGES.overdeductionDecided },
  // PUT or DELETE of the generic layout: it is built from the advice, not stored.
  PAYROLL_LAYOUT_BUILT_IN: { status: 409, message: MESSAGES.payrollLayoutBuiltIn },
  // The year end (issue 31, docs/decisions/049-year-end-run.md).
  YEAR_END_RUN_NOT_FOUND: { status: 404, message: MESSAGES.yearEndRunNotFound },
  // PUT of an approved (or posted) run: recalculating is a new run.
  YEAR_END_RUN_NOT_DRAFT: { status: 409, message: MESSAGES.yearEndRunNotDraft },
  // A proposal with a problem (over-distribution, a reserve below the by-laws'…): the message is the problem's, `field` its field.
  YEAR_END_APPROPRIATION_REFUSED: { status: 400, message: MESSAGES.yearEndAppropriationRefused },
  YEAR_END_OWN_RUN: { status: 403, message: MESSAGES.yearEndOwnRun },
  YEAR_END_RUN_NOT_APPROVED: { status: 409, message: MESSAGES.yearEndRunNotApproved },
  YEAR_END_ALREADY_POSTED: { status: 409, message: MESSAGES.yearEndAlreadyPosted },
  YEAR_END_RUN_NOT_POSTED: { status: 409, message: MESSAGES.yearEndRunNotPosted },
  YEAR_END_YEAR_CLOSED: { status: 409, message: MESSAGES.yearEndYearClosed },
  YEAR_END_YEAR_NOT_OVER: { status: 409, message: MESSAGES.yearEndYearNotOver },
  YEAR_END_RUN_AWAITING_POST: { status: 409, message: MESSAGES.yearEndRunAwaitingPost },
  YEAR_END_NO_MEMBERS: { status: 409, message: MESSAGES.yearEndNoMembers },
  // A member leaves (issue 32, docs/decisions/051-member-exit.md).
  EXIT_NOT_FOUND: { status: 404, message: MESSAGES.exitNotFound },
  EXIT_ALREADY_GIVEN: { status: 409, message: MESSAGES.exitAlreadyGiven },
  EXIT_MEMBER_LEAVING: { status: 409, message: MESSAGES.exitMemberLeaving },
  EXIT_NOT_HOLDER: { status: 409, message: MESSAGES.exitNotHolder },
  // The message names the earliest settlement date.
  EXIT_NOTICE_PERIOD: { status: 409, message: MESSAGES.exitNoticePeriod },
  EXIT_GUARANTEES_OPEN: { status: 409, message: MESSAGES.exitGuaranteesOpen },
  // A loan the member applied for and was not yet paid: nothing to pay off, but it must not be paid after they leave.
  EXIT_LOAN_APPLICATION_OPEN: { status: 409, message: MESSAGES.exitLoanApplicationOpen },
  // Issue 33, part A (docs/decisions/052): a top-up and a restructure.
  LOAN_TOPUP_NOT_RUNNING: { status: 409, message: MESSAGES.topUpLoanNotRunning },
  LOAN_TOPUP_NET_NEGATIVE: { status: 409, message: MESSAGES.topUpNetNegative },
  LOAN_TOPUP_OPEN: { status: 409, message: MESSAGES.topUpAlreadyOpen },
  LOAN_RESTRUCTURE_PENDING: { status: 409, message: MESSAGES.restructurePending },
  LOAN_RESTRUCTURE_NOT_FOUND: { status: 404, message: MESSAGES.restructureNotFound },
  LOAN_RESTRUCTURE_NOT_PENDING: { status: 409, message: MESSAGES.restructureNotPending },
  LOAN_RESTRUCTURE_REFUSED: { status: 409, message: MESSAGES.restructureNoPrincipal },
  // The message names the shortfall and the two choices.
  EXIT_SHORTFALL: { status: 409, message: MESSAGES.exitShortfall },
  // The message names the guarantor, their share and what they hold.
  EXIT_GUARANTOR_SHORT: { status: 409, message: MESSAGES.exitGuarantorShort },
  EXIT_NOMINEES_MISSING: { status: 409, message: MESSAGES.exitNomineesMissing },
  EXIT_NOT_NOTICE: { status: 409, message: MESSAGES.exitNotNotice },
  EXIT_NOT_APPROVED: { status: 409, message: MESSAGES.exitNotApproved },
  EXIT_NOT_SETTLED: { status: 409, message: MESSAGES.exitNotSettled },
  EXIT_OWN_APPROVAL: { status: 403, message: MESSAGES.exitOwnApproval },
  EXIT_CANNOT_CANCEL: { status: 409, message: MESSAGES.exitCannotCancel },
  EXIT_CANNOT_REVERSE: { status: 409, message: MESSAGES.exitCannotReverse },
  EXIT_GUARANTEE_NOT_FOUND: { status: 404, message: MESSAGES.exitGuaranteeNotFound },
  // A new guarantor is already asked in the leaver's place and has not answered yet.
  EXIT_REPLACEMENT_ASKED: { status: 409, message: MESSAGES.exitReplacementAsked },
  // Settling: the statement worked out again under the locks differs from the one approved.
  EXIT_STATEMENT_CHANGED: { status: 409, message: MESSAGES.exitStatementChanged },
  EXIT_ALREADY_SETTLED: { status: 409, message: MESSAGES.exitAlreadySettled },
  // Any posting to an account whose holder's exit settled (the savings posting rule's KB410).
  SAVINGS_ACCOUNT_CLOSED: { status: 409, message: MESSAGES.savingsAccountClosed },
  // Issue 33: recovery from guarantors (docs/decisions/055-guarantor-recovery.md).
  RECOVERY_NOT_FOUND: { status: 404, message: MESSAGES.recoveryNotFound },
  RECOVERY_NOT_IN_DEFAULT: { status: 409, message: MESSAGES.recoveryNotInDefault },
  RECOVERY_NOTHING_TO_RECOVER: { status: 409, message: MESSAGES.recoveryNothingToRecover },
  RECOVERY_ALREADY_PROPOSED: { status: 409, message: MESSAGES.recoveryAlreadyProposed },
  RECOVERY_NOT_PROPOSED: { status: 409, message: MESSAGES.recoveryNotProposed },
  RECOVERY_OWN_APPROVAL: { status: 403, message: MESSAGES.recoveryOwnApproval },
  RECOVERY_CHANGED: { status: 409, message: MESSAGES.recoveryChanged },
  CLAIM_NOT_FOUND: { status: 404, message: MESSAGES.claimNotFound },
  CLAIM_REPAYMENT_TOO_MUCH: { status: 409, message: MESSAGES.claimRepaymentTooMuch },
  // Issue 33, part C (docs/decisions/054): a provision run for a month not yet begun, or before a month already run.
  PROVISION_MONTH_AHEAD: { status: 409, message: MESSAGES.provisionMonthAhead },
  PROVISION_MONTH_PASSED: { status: 409, message: MESSAGES.provisionMonthPassed },
  // Two transactions waited on each other (PostgreSQL's deadlock 40P01, or a serialization failure
  // 40001): the database undid one, whole. Nothing was written; the same request may simply be sent
  // again (with its Idempotency-Key, it posts once). 503 with Retry-After: 1 (plugins/errors.ts).
  TRY_AGAIN: { status: 503, message: MESSAGES.busyTryAgain },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;

  /** `message` overrides the table's sentence when the spec has a more precise one (a form field's). */
  constructor(code: ErrorCode, options: { message?: string; field?: string; cause?: unknown } = {}) {
    super(options.message ?? ERRORS[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.field = options.field;
  }
}

/** The first message of a failed parse: forms show one error banner, as the spec's screens do. Type-only zod, so forms can show it without loading zod. */
export function firstIssueMessage(error: Pick<ZodError, 'issues'>): string {
  return error.issues[0]?.message ?? MESSAGES.invalidRequest;
}
