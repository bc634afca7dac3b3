import { formatNaira } from '@kobo/core';
import type { LegacyCollection } from './read-legacy-file.ts';

export type Refusal = { collection: LegacyCollection; id: string; reason: string };
export type Note = { collection: LegacyCollection; id: string; note: string };
export type Counts = { users: number; categories: number; expenses: number; savingsTransactions: number; transferPairs: number };
export type BalanceDifference = { id: string; name: string; staffId: string | null; recordedKobo: number; ledgerKobo: number; differenceKobo: number };

/** What an import did, or (a dry run) would do. */
export type ImportReport = {
  dryRun: boolean;
  imported: Counts & { invitations: number };
  alreadyImported: Counts;
  /** True when this run added nothing: the file was imported before (or everything in it is refused). */
  nothingNew: boolean;
  refused: Refusal[];
  notes: Note[];
  ignoredCollections: string[];
  balances: { name: string; email: string; staffId: string | null; balanceKobo: number }[];
  staffSavingsDifferences: BalanceDifference[];
};

export const zeroCounts = (): Counts => ({ users: 0, categories: 0, expenses: 0, savingsTransactions: 0, transferPairs: 0 });

/** The report a person reads at the terminal. */
export function formatReport(report: ImportReport): string {
  const lines: string[] = [];
  const { imported: made, alreadyImported: before } = report;
  lines.push(report.dryRun ? 'DRY RUN: nothing was written. An import would do this:' : 'Imported from the old app:');
  if (report.nothingNew) lines.push('  Nothing new to import: every document was imported before or is refused below.');
  lines.push(
    `  users ${made.users} (invitations queued ${made.invitations}), categories ${made.categories}, expenses ${made.expenses},`,
    `  savings transactions ${made.savingsTransactions} (transfer pairs ${made.transferPairs})`,
    `Already imported before: users ${before.users}, categories ${before.categories}, expenses ${before.expenses}, savings transactions ${before.savingsTransactions}`,
  );
  if (report.ignoredCollections.length > 0) lines.push(`Ignored collections: ${report.ignoredCollections.join(', ')}`);
  lines.push('', `Refused documents (${report.refused.length}):`);
  for (const refusal of report.refused) lines.push(`  ${refusal.collection}/${refusal.id}: ${refusal.reason}`);
  if (report.notes.length > 0) {
    lines.push('', `Notes (${report.notes.length}):`);
    for (const note of report.notes) lines.push(`  ${note.collection}/${note.id}: ${note.note}`);
  }
  lines.push('', `staff_savings balances that differ from the imported transactions (${report.staffSavingsDifferences.length}):`);
  for (const difference of report.staffSavingsDifferences) {
    lines.push(
      `  ${difference.id} ${difference.name}${difference.staffId ? ` (${difference.staffId})` : ''}: recorded ${formatNaira(difference.recordedKobo)}, transactions ${formatNaira(difference.ledgerKobo)}, difference ${formatNaira(difference.differenceKobo)}`,
    );
  }
  lines.push('', 'Savings balances after the import:');
  for (const balance of report.balances) lines.push(`  ${balance.name} <${balance.email}>${balance.staffId ? ` ${balance.staffId}` : ''}: ${formatNaira(balance.balanceKobo)}`);
  return lines.join('\n');
}
