import { formatNaira } from '../money.ts';
import type { LoanEntryView, LoanPerson } from './contracts.ts';
import type { EarlyPaymentRule, LoanFee, LoanKind, LoanProductRules, OverpaymentRule } from './products.ts';

/** How every screen and sheet writes a loan's terms (issue 12). */

/** '12%', '12.5%': a rate kept in basis points, as people write it (shown only, never computed with). */
export function formatRate(basisPoints: number): string {
  return `${String(basisPoints / 100)}%`;
}

/** '1 month', '12 months'. */
export function formatMonths(months: number): string {
  return months === 1 ? '1 month' : `${months} months`;
}

/** A product's fee rule: 'No fee', '1.5% of the amount', '₦2,000.00'. */
export function formatFeeRule(fee: LoanFee): string {
  if (!fee) return 'No fee';
  return fee.kind === 'percent' ? `${formatRate(fee.basisPoints)} of the amount` : formatNaira(fee.amount);
}

/** Whether money paid before or beyond what is due is taken at all. */
export const OVERPAYMENT_LABELS: Record<OverpaymentRule, string> = {
  reduce_term: 'Taken',
  refuse: 'Refused',
};

/** What an early payment does, when it is taken (issue 26). */
export const EARLY_PAYMENT_LABELS: Record<EarlyPaymentRule, string> = {
  pay_ahead: 'Pays the next instalments in advance',
  reduce_term: 'Shortens the term',
  reduce_instalment: 'Lowers the instalments',
};

/** A product's early-repayment rule in one phrase: 'Refused', or what an early payment does. */
export function earlyRepaymentLabel(rules: Pick<LoanProductRules, 'overpayment' | 'earlyPayment'>): string {
  return rules.overpayment === 'refuse' ? OVERPAYMENT_LABELS.refuse : EARLY_PAYMENT_LABELS[rules.earlyPayment];
}

/** 'Tunde Bello (STF001)', or the name alone for someone with no staff ID. */
export function personLabel(person: Pick<LoanPerson, 'name' | 'staffId'>): string {
  return person.staffId ? `${person.name} (${person.staffId})` : person.name;
}

const ENTRY_LABELS: Record<LoanEntryView['type'], string> = { disbursement: 'Disbursement', fee: 'Processing fee', repayment: 'Repayment' };

/** A ledger entry: 'Repayment', or 'Reversal of repayment' for the entry that undid one (it carries the same type). */
export function loanEntryLabel(entry: Pick<LoanEntryView, 'type' | 'reversesId'>): string {
  const label = ENTRY_LABELS[entry.type];
  return entry.reversesId ? `Reversal of ${label.toLowerCase()}` : label;
}

export const LOAN_STATUS_FILTERS = ['awaiting_guarantors', 'awaiting_approval', 'approved', 'rejected', 'cancelled', 'active', 'repaid', 'written_off'] as const;

/** What every screen and sheet calls each status (issue 12's own words; "disbursed" is `active`). */
export const LOAN_STATUS_LABELS: Record<(typeof LOAN_STATUS_FILTERS)[number], string> = {
  awaiting_guarantors: 'Awaiting guarantors',
  awaiting_approval: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  active: 'Disbursed',
  repaid: 'Repaid',
  written_off: 'Written off',
};

export const GUARANTEE_STATUS_LABELS = { pending: 'Awaiting answer', accepted: 'Accepted', declined: 'Declined', released: 'Released' } as const;

export const INTEREST_METHOD_LABELS = { flat: 'Flat', reducing: 'Reducing balance' } as const;

/** Issue 33: what each kind of product is called (docs/decisions/056). */
export const LOAN_KIND_LABELS: Record<LoanKind, string> = { interest: 'Interest-bearing', murabaha: 'Murabaha (cost-plus)', qard_hasan: 'Qard hasan (interest-free)' };

/**
 * Issue 33: the word every screen, statement and mail uses for what a loan charges beside the
 * principal (the schedule's `interest` figures): a murabaha's is its markup, a qard hasan's is
 * only ever a fee. The one home: "interest" is never written for a loan without it.
 */
export const LOAN_CHARGE_LABELS: Record<LoanKind, string> = { interest: 'Interest', murabaha: 'Markup', qard_hasan: 'Fee' };

/**
 * Every heading a screen or sheet gives a loan's charge (issue 33): 'Interest', 'Interest Paid',
 * 'Interest Waived', 'Total interest', 'Interest waived', or the markup's or fee's.
 */
export function loanChargeLabels(kind: LoanKind | undefined): { charge: string; paid: string; waived: string; total: string; waivedPart: string; toDate: string } {
  const charge = LOAN_CHARGE_LABELS[kind ?? 'interest'];
  return { charge, paid: `${charge} Paid`, waived: `${charge} Waived`, total: `Total ${charge.toLowerCase()}`, waivedPart: `${charge} waived`, toDate: `${charge} to date` };
}

/** A column over loans of several kinds: 'Interest', or 'Interest or markup' when they differ. */
export function loanChargeHeading(kinds: readonly (LoanKind | undefined)[]): string {
  const words = [...new Set(kinds.map((kind) => LOAN_CHARGE_LABELS[kind ?? 'interest']))];
  return words.length === 0 ? LOAN_CHARGE_LABELS.interest : words.map((word, index) => (index === 0 ? word : word.toLowerCase())).join(' or ');
}

/** The charge's name inside a sentence: 'interest', 'markup', 'fee'. */
export function loanChargeWord(kind: LoanKind | undefined): string {
  return LOAN_CHARGE_LABELS[kind ?? 'interest'].toLowerCase();
}

/** A product's charge in one phrase: '12% a year, flat', '15% markup on the cost price', 'No interest'. */
export function productChargeLabel(product: Pick<LoanProductRules, 'kind' | 'annualRateBp' | 'method' | 'markupBp'>): { label: string; value: string } {
  if (product.kind === 'murabaha') return { label: 'Markup', value: `${formatRate(product.markupBp ?? 0)} on the cost price, fixed at the start` };
  if (product.kind === 'qard_hasan') return { label: 'Charge', value: 'None beyond the administrative fee' };
  return { label: 'Interest', value: `${formatRate(product.annualRateBp)} a year, ${INTEREST_METHOD_LABELS[product.method].toLowerCase()}` };
}

/** A murabaha product's late-payment charity donation: 'None', '2% of the overdue amount', '₦500.00'. */
export function formatCharityRule(charity: LoanFee | undefined): string {
  if (!charity) return 'None';
  return charity.kind === 'percent' ? `${formatRate(charity.basisPoints)} of the overdue amount, to charity` : `${formatNaira(charity.amount)}, to charity`;
}
