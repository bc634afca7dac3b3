import { z } from 'zod';
import { LOAN_STATUS_FILTERS } from '../loans/labels.ts';
import { loanPenaltyRuleSchema } from '../loans/penalty-schema.ts';
import { EARLY_PAYMENT_RULES, LOAN_KINDS } from '../loans/products.ts';
import { mailNoticeSchema } from '../mail.ts';
import { isoDateSchema, koboSchema, timestampSchema } from './answer-parts.ts';

/**
 * What the loans' routes answer (issue 12, docs/decisions/019-loans.md; issue 28). The screens'
 * types (loans/contracts.ts) are inferred from these; the calculators' own types (a schedule, an
 * instalment's position, a repayment's allocation) are checked against them in loans.test.ts.
 */

const interestMethodSchema = z.enum(['flat', 'reducing']);
const loanStatusSchema = z.enum(LOAN_STATUS_FILTERS);
/** 'released': a leaving member's guarantee, released while the loan runs (issue 32). */
const guaranteeStatusSchema = z.enum(['pending', 'accepted', 'declined', 'released']);

export const instalmentSchema = z.object({
  /** 1-based. */
  number: z.number().int(),
  /** The last day of the month: payroll pays on or before it (docs/decisions/019-loans.md). */
  dueDate: isoDateSchema,
  principal: koboSchema,
  interest: koboSchema,
  total: koboSchema,
  /** Principal still owed once this instalment is paid. */
  principalAfter: koboSchema,
});

export const loanScheduleSchema = z.object({
  instalments: z.array(instalmentSchema),
  /** The instalment every month but the last (which absorbs the rounding). */
  monthlyInstalment: koboSchema,
  totalInterest: koboSchema,
  totalRepayable: koboSchema,
});

export const loanFeeSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('percent'), basisPoints: z.number().int() }),
    z.object({ kind: z.literal('fixed'), amount: koboSchema }),
  ])
  .nullable();

/** A loan product as the API returns it: its rules, and whether it still lends. */
export const loanProductViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  method: interestMethodSchema,
  annualRateBp: z.number().int(),
  maxMonths: z.number().int(),
  /** Hundredths of the applicant's savings balance: 200 lends up to twice it. */
  savingsMultiple: z.number().int(),
  maxAmount: koboSchema,
  guarantorsRequired: z.number().int(),
  fee: loanFeeSchema,
  overpayment: z.enum(['reduce_term', 'refuse']),
  earlyPayment: z.enum(EARLY_PAYMENT_RULES),
  /** Issue 29: the savings products the multiple is judged on; null is ordinary savings plus every shares product. */
  securityProductIds: z.array(z.string()).nullable(),
  /** Issue 33: what the product charges for lending (docs/decisions/056). */
  kind: z.enum(LOAN_KINDS),
  /** Murabaha: the markup in basis points of the cost price for the whole term; null otherwise. */
  markupBp: z.number().int().nullable(),
  /** Murabaha: the late-payment charity donation; null for none. */
  lateCharity: loanFeeSchema,
  /** Issue 33: the penalty on an overdue instalment; null for none (docs/decisions/053). */
  penalty: loanPenaltyRuleSchema.nullable(),
  retired: z.boolean(),
  createdAt: timestampSchema,
});
/** GET /api/loan-products. */
export const loanProductsAnswerSchema = z.object({ products: z.array(loanProductViewSchema) });
/** POST (201) and PUT /api/loan-products/:id, .../retire and .../restore. */
export const loanProductAnswerSchema = z.object({ product: loanProductViewSchema });

/** The schedule and limits an applicant sees before applying. */
export const loanQuoteViewSchema = z.object({
  productId: z.string(),
  amountKobo: koboSchema,
  months: z.number().int(),
  feeKobo: koboSchema,
  savingsBalanceKobo: koboSchema,
  /** The most this holder may borrow on this product now. */
  maxAmountKobo: koboSchema,
  /** Why the application is outside the product's limits, naming the limit; null when within them. */
  problem: z.string().nullable(),
  schedule: loanScheduleSchema,
});
/** GET /api/loan-products/:id/quote. */
export const loanQuoteAnswerSchema = z.object({ quote: loanQuoteViewSchema });

export const loanPersonSchema = z.object({ userId: z.string().nullable(), name: z.string(), staffId: z.string().nullable() });

export const instalmentPositionSchema = z.object({
  number: z.number().int(),
  dueDate: isoDateSchema,
  principal: koboSchema,
  interest: koboSchema,
  principalPaid: koboSchema,
  interestPaid: koboSchema,
  /** Interest no longer owed because early repayment cleared the instalment's principal. */
  interestWaived: koboSchema,
});

export const repaymentAllocationSchema = z.object({
  fee: koboSchema,
  lines: z.array(z.object({ number: z.number().int(), interest: koboSchema, principal: koboSchema, interestWaived: koboSchema })),
  /** Issue 33: the penalties a repayment paid; absent when none. */
  penalty: koboSchema.optional(),
});

export const arrearsSchema = z.object({ amountOverdue: koboSchema, daysInArrears: z.number().int(), instalmentsOverdue: z.number().int() });

/** One entry of a loan's append-only ledger: money out, a fee charged, a repayment, or the reversal of one. */
export const loanEntryViewSchema = z.object({
  id: z.string(),
  type: z.enum(['disbursement', 'fee', 'repayment']),
  amountKobo: koboSchema,
  valueDate: isoDateSchema,
  /** How a repayment (or the reversal of one) was allocated. */
  allocation: repaymentAllocationSchema.nullable(),
  /** On a reversal: the entry it undoes, and why. */
  reversesId: z.string().nullable(),
  reason: z.string().nullable(),
  /** The reversal that undid this entry, if any. */
  reversedById: z.string().nullable(),
  /** The monthly run that posted it. */
  batchId: z.string().nullable(),
  /** Issue 33: a repayment written by a top-up's disbursement (the payoff, or the fee from its proceeds): the top-up's id. */
  paidByLoanId: z.string().nullable().optional(),
  createdAt: timestampSchema,
  createdByEmail: z.string(),
});

/** A disbursed loan's position on `asOf` (the organisation's today). */
export const loanLedgerViewSchema = z.object({
  disbursedOn: isoDateSchema,
  feeOutstandingKobo: koboSchema,
  outstandingPrincipalKobo: koboSchema,
  outstandingTotalKobo: koboSchema,
  instalments: z.array(instalmentPositionSchema),
  arrears: arrearsSchema,
  asOf: isoDateSchema,
  /** Oldest first. */
  entries: z.array(loanEntryViewSchema),
});

/** A loan as the API returns it: its terms as applied for, who is involved, and its schedule. */
export const loanViewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  method: interestMethodSchema,
  annualRateBp: z.number().int(),
  /** Issue 33: the product's kind, copied when applied for; murabaha's markup and the item bought (null otherwise). */
  kind: z.enum(LOAN_KINDS),
  markupBp: z.number().int().nullable(),
  item: z.string().nullable(),
  principalKobo: koboSchema,
  feeKobo: koboSchema,
  months: z.number().int(),
  purpose: z.string(),
  status: loanStatusSchema,
  appliedAt: timestampSchema,
  borrower: loanPersonSchema,
  guarantors: z.array(loanPersonSchema.extend({ amountKobo: koboSchema, status: guaranteeStatusSchema })),
  /** As it would run if disbursed this month; once disbursed, as it now stands (core's scheduleAsItStands). */
  schedule: loanScheduleSchema,
  /** Null until disbursed. */
  ledger: loanLedgerViewSchema.nullable(),
});

/** Every route that changes one loan answers it: a decision, a guarantee, a disbursement, a repayment, a reversal, a write-off. */
export const loanAnswerSchema = z.object({ loan: loanViewSchema });
/** GET /api/loans: the officers' list. */
export const loanListAnswerSchema = z.object({ loans: z.array(loanViewSchema) });
/**
 * POST /api/loans (201): the loan, and (issue 26) whether the guarantors' requests will leave by
 * mail or were only kept, with each guarantor's link to hand over when kept.
 */
export const loanAppliedSchema = z.object({ loan: loanViewSchema, mail: mailNoticeSchema });

/** The officers' portfolio card: where the lending stands on `asOf` (the organisation's today). */
export const loanPortfolioSchema = z.object({
  activeCount: z.number().int(),
  outstandingPrincipalKobo: koboSchema,
  disbursedThisMonthKobo: koboSchema,
  repaidThisMonthKobo: koboSchema,
  arrearsCount: z.number().int(),
  arrearsKobo: koboSchema,
  asOf: isoDateSchema,
});
/** GET /api/loans/portfolio. */
export const loanPortfolioAnswerSchema = z.object({ portfolio: loanPortfolioSchema });

/** One active loan with an instalment unpaid after its due date, most days in arrears first. */
export const arrearsRowSchema = z.object({
  loanId: z.string(),
  borrower: loanPersonSchema,
  productName: z.string(),
  principalKobo: koboSchema,
  amountOverdueKobo: koboSchema,
  instalmentsOverdue: z.number().int(),
  daysInArrears: z.number().int(),
  oldestDueDate: isoDateSchema,
});
/** GET /api/loans/arrears. */
export const arrearsAnswerSchema = z.object({ arrears: z.array(arrearsRowSchema) });

/** What an officer weighs when reviewing an application: the borrower's savings and other loans. */
export const loanEligibilitySchema = z.object({
  balanceKobo: koboSchema,
  heldKobo: koboSchema,
  /** The loan's multiple in hundredths (2× = 200), as applied for. */
  savingsMultiple: z.number().int(),
  /** balance × multiple: the most the savings alone would support. */
  maxBySavingsKobo: koboSchema,
  otherLoans: z.array(
    z.object({
      id: z.string(),
      productName: z.string(),
      status: loanStatusSchema,
      principalKobo: koboSchema,
      outstandingPrincipalKobo: koboSchema.nullable(),
    }),
  ),
});

/** GET /api/loans/:id: one loan and, for the review, the borrower's eligibility. */
export const loanDetailSchema = z.object({ loan: loanViewSchema, eligibility: loanEligibilitySchema });

/** Someone a holder may name as a guarantor: an active savings holder other than themselves. */
export const guarantorCandidateSchema = z.object({ userId: z.string(), name: z.string(), staffId: z.string().nullable() });
/** GET /api/loans/guarantor-candidates. */
export const guarantorCandidatesAnswerSchema = z.object({ candidates: z.array(guarantorCandidateSchema) });

/** GET /api/loans/mine: a holder's loans, and the guarantees others have asked of them. */
export const myLoansSchema = z.object({ loans: z.array(loanViewSchema), guaranteeRequests: z.array(loanViewSchema) });

/** GET and PUT /api/loans/settings. */
export const loanSettingsAnswerSchema = z.object({ settings: z.object({ twoPersonApproval: z.boolean() }) });
