import type { LoanEntryView, LoanKind } from '@kobo/core';
import { newestFirst } from '../loan-entries.ts';
import { LoanEntryCards } from '../loan-entry-parts.tsx';
import { CardDisclosure } from './card-disclosure.tsx';

/**
 * A "History" button that shows or hides the loan's ledger, newest first, as the officers see it
 * but read-only: what was paid out and charged, each repayment and where it went, and what was
 * reversed and why.
 */
export function HistoryDisclosure({ entries, kind }: { entries: LoanEntryView[]; kind?: LoanKind }) {
  return <CardDisclosure label="History">{() => <LoanEntryCards entries={newestFirst(entries)} audience="holder" label="Loan history" kind={kind} />}</CardDisclosure>;
}
