import { z } from 'zod';
import { LOAN_STATUS_FILTERS } from '../loans/labels.ts';
import { ROLES } from '../roles.ts';
import { isoDateSchema, koboSchema, signedKoboSchema, timestampSchema } from '../schemas/answer-parts.ts';
import { balanceSheetResponseSchema } from '../schemas/books.ts';
import { arrearsSchema } from '../schemas/loans.ts';
import { savingsProductTotalSchema } from '../schemas/savings-reports.ts';
import { yearEndLineSchema, yearEndPartTotalSchema, yearEndRunSchema } from './schemas.ts';

/**
 * The AGM pack (issue 31, "The AGM pack"): what the officers present to the annual general meeting,
 * as GET /api/year-end/pack?year=2026 answers it and the print view renders it (the .xlsx holds the
 * same parts, a sheet each). Money is integer kobo. A year is named by the calendar year it starts in.
 */

/** ?year=2026 */
export const yearEndPackQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2999) });

/** One income or expense account with this year's movement and last year's beside it (₦0 when it had none). */
export const packComparedAccountSchema = z.object({
  accountId: z.string(),
  code: z.string(),
  name: z.string(),
  thisYearKobo: signedKoboSchema,
  lastYearKobo: signedKoboSchema,
});
export const packComparedTotalSchema = z.object({ thisYearKobo: signedKoboSchema, lastYearKobo: signedKoboSchema });

/** The scheme book's income and expenditure over the year, last year beside it (a closed year's as stored when it closed). */
export const packIncomeAndExpenditureSchema = z.object({
  lastYear: z.object({ year: z.number().int(), from: isoDateSchema, to: isoDateSchema }),
  income: z.array(packComparedAccountSchema),
  expenditure: z.array(packComparedAccountSchema),
  incomeKobo: packComparedTotalSchema,
  expenditureKobo: packComparedTotalSchema,
  /** Income less expenditure; below 0 is a deficit. */
  surplusKobo: packComparedTotalSchema,
});

/**
 * The appropriation the AGM votes on: the posted run's, else the approved one's. `parts` and
 * `totals` reconcile the frozen lines to the amounts voted (Σ net + tax + rounding = appropriated).
 */
export const packAppropriationSchema = z.object({
  source: z.enum(['posted', 'approved']),
  run: yearEndRunSchema,
  parts: z.array(yearEndPartTotalSchema),
  totals: z.object({ appropriatedKobo: koboSchema, grossKobo: koboSchema, taxKobo: koboSchema, netKobo: koboSchema, roundingKobo: z.number().int() }),
});

/** One loan held by an officer, as it stands on `loans.asOf`. */
export const packOfficerLoanSchema = z.object({
  loanId: z.string(),
  productName: z.string(),
  status: z.enum(LOAN_STATUS_FILTERS),
  /** The amount lent (applied for, until disbursed). */
  principalKobo: koboSchema,
  disbursedOn: isoDateSchema.nullable(),
  /** Principal not yet repaid (₦0 before disbursement, after repayment, and once written off). */
  outstandingPrincipalKobo: koboSchema,
  /** Principal, interest and fee still owed. */
  outstandingTotalKobo: koboSchema,
  arrears: arrearsSchema,
});
/** Every user whose role holds the admin's or the savings officer's permissions, and every loan they hold (none: an empty list, shown as "None"). */
export const packOfficerSchema = z.object({
  userId: z.string(),
  name: z.string(),
  staffId: z.string().nullable(),
  role: z.enum(ROLES),
  active: z.boolean(),
  loans: z.array(packOfficerLoanSchema),
});

/** Members' savings and shares per product at the year's last day (by value date), shares first. */
export const packProductTotalsSchema = z.object({
  asOf: isoDateSchema,
  products: z.array(savingsProductTotalSchema),
  sharesKobo: koboSchema,
  savingsKobo: koboSchema,
  totalKobo: koboSchema,
});

export const packLoanStatusSchema = z.object({
  status: z.enum(LOAN_STATUS_FILTERS),
  label: z.string(),
  count: z.number().int(),
  principalKobo: koboSchema,
  outstandingPrincipalKobo: koboSchema,
});
/** Days past the oldest unpaid instalment's due date: 1–30, 31–60, 61–90, 91–180, over 180 (toDays null). */
export const packArrearsBandSchema = z.object({
  label: z.string(),
  fromDays: z.number().int(),
  toDays: z.number().int().nullable(),
  loanCount: z.number().int(),
  overdueKobo: koboSchema,
  /** The whole principal still owed on those loans (portfolio at risk). */
  outstandingPrincipalKobo: koboSchema,
});
/**
 * Loans by status, with active loans' arrears aged. Loans are read as they stand on `asOf` (the day
 * the pack is read): the loan book keeps each instalment's paid amounts, not their history.
 */
export const packLoansSchema = z.object({
  asOf: isoDateSchema,
  byStatus: z.array(packLoanStatusSchema),
  ageing: z.array(packArrearsBandSchema),
  arrearsCount: z.number().int(),
  arrearsKobo: koboSchema,
});

/** GET /api/year-end/pack?year=2026 (and pack.xlsx, a sheet per part). */
export const yearEndPackSchema = z.object({
  year: z.number().int(),
  from: isoDateSchema,
  to: isoDateSchema,
  state: z.enum(['open', 'closed']),
  readAt: timestampSchema,
  incomeAndExpenditure: packIncomeAndExpenditureSchema,
  /** The scheme book at the end of the year's last day. */
  balanceSheet: balanceSheetResponseSchema,
  /** Null when no run of the year is posted or approved; `appropriationMissing` then says why. */
  appropriation: packAppropriationSchema.nullable(),
  appropriationMissing: z.string().nullable(),
  /** The frozen lines of that run, one per member and part (empty without one). */
  schedule: z.array(yearEndLineSchema),
  officers: z.array(packOfficerSchema),
  productTotals: packProductTotalsSchema,
  loans: packLoansSchema,
});

export type YearEndPackQuery = z.infer<typeof yearEndPackQuerySchema>;
export type PackComparedAccount = z.infer<typeof packComparedAccountSchema>;
export type PackIncomeAndExpenditure = z.infer<typeof packIncomeAndExpenditureSchema>;
export type PackAppropriation = z.infer<typeof packAppropriationSchema>;
export type PackOfficer = z.infer<typeof packOfficerSchema>;
export type PackOfficerLoan = z.infer<typeof packOfficerLoanSchema>;
export type PackProductTotals = z.infer<typeof packProductTotalsSchema>;
export type PackLoans = z.infer<typeof packLoansSchema>;
export type YearEndPack = z.infer<typeof yearEndPackSchema>;
