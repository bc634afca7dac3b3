import { MESSAGES, loanChargeLabels, loanEntryLabel, type Kobo, type LoanEntryView, type LoanKind, type RepaymentLine } from '@kobo/core';

/**
 * How a loan's ledger entries read, for the officers' History section and the holder's card
 * alike (issue 12), so both name an entry, its split and its source the same way.
 */

/** Officers also see who recorded each entry; a holder reads plain words. */
export type EntryAudience = 'officer' | 'holder';

/** 'Repayment', or 'Reversal of repayment' (core writes it, for the statement sheet too). */
export const entryLabel = loanEntryLabel;

export type SplitPart = { label: string; amountKobo: Kobo };

/**
 * Where a repayment went (or what its reversal put back): fee, interest, principal, and interest
 * waived by early repayment; parts of nothing are left out. Empty for an entry with no allocation.
 */
export function entrySplit(entry: Pick<LoanEntryView, 'allocation'>, kind?: LoanKind): SplitPart[] {
  const { allocation } = entry;
  // Issue 33: a murabaha's charge is its markup, a qard hasan's a fee.
  const charge = loanChargeLabels(kind);
  if (!allocation) return [];
  const { lines } = allocation;
  const sum = (pick: (line: RepaymentLine) => number) => lines.reduce((total, line) => total + pick(line), 0) as Kobo;
  const parts: SplitPart[] = [
    { label: 'Fee', amountKobo: allocation.fee },
    { label: charge.charge, amountKobo: sum((line) => line.interest) },
    { label: 'Principal', amountKobo: sum((line) => line.principal) },
    { label: charge.waivedPart, amountKobo: sum((line) => line.interestWaived) },
  ];
  return parts.filter((part) => part.amountKobo > 0);
}

/** An entry the monthly run posted: officers know it by the run, a holder as their payroll deduction. */
export function entrySource(entry: Pick<LoanEntryView, 'batchId' | 'paidByLoanId' | 'allocation'>, audience: EntryAudience): string | null {
  // Issue 33: the running loan's payoff (instalments paid), or the fee taken from the top-up's proceeds (the fee alone).
  if (entry.paidByLoanId) return entry.allocation?.lines.length === 0 ? MESSAGES.topUpFromProceeds : MESSAGES.topUpPaidOff;
  if (!entry.batchId) return null;
  return audience === 'officer' ? 'Monthly run' : 'Payroll deduction';
}

/**
 * What an officer may offer to reverse: a repayment or a disbursement neither undone already nor
 * itself an undo. A fee goes with its disbursement; the server judges the rest (newest repayment
 * first, a disbursement only once no repayment stands) and says why when it refuses.
 */
export function isReversibleEntry(entry: Pick<LoanEntryView, 'type' | 'reversesId' | 'reversedById' | 'paidByLoanId'>): boolean {
  return entry.type !== 'fee' && !entry.reversesId && !entry.reversedById && !entry.paidByLoanId;
}

/** The ledger comes oldest first; the history reads newest first, in the order entries were recorded. */
export function newestFirst(entries: readonly LoanEntryView[]): LoanEntryView[] {
  return entries.toReversed();
}
