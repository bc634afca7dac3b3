import { MESSAGES, nomineeInputSchema, parseNaira, type NomineeView, type NomineesInput } from '@kobo/core';

/** One nominee as the editor holds it: the share as typed ('60', '33.33'), a key for React. */
export type NomineeRow = { key: string; name: string; relationship: string; phone: string; share: string };
export type NomineeField = 'name' | 'relationship' | 'phone' | 'share';
/** Each row's problems by field, and the list's own (shares not adding to 100%). */
export type NomineeProblems = { rows: Partial<Record<NomineeField, string>>[]; list: string | null };

/** '60' → 6000, '33.33' → 3333, '12.5%' → 1250; null for anything else (three decimals, words, below 0). */
export function shareToBp(text: string): number | null {
  const trimmed = text.trim().replace(/\s*%$/, '');
  if (trimmed === '') return null;
  return parseNaira(trimmed);
}

/** 6000 → '60', 3333 → '33.33', 1250 → '12.5'. */
export function bpToShare(bp: number): string {
  return String(bp / 100);
}

/** The shares typed so far, in basis points; unreadable ones count 0. */
export function totalBp(rows: readonly NomineeRow[]): number {
  return rows.reduce((sum, row) => sum + (shareToBp(row.share) ?? 0), 0);
}

export function rowsOf(nominees: readonly NomineeView[], nextKey: () => string): NomineeRow[] {
  return nominees.map((nominee) => ({ key: nextKey(), name: nominee.name, relationship: nominee.relationship, phone: nominee.phone, share: bpToShare(nominee.shareBp) }));
}

/**
 * Checks every row with core's schema, each problem kept beside its own field (not only the
 * first), and the shares' total: what to send, or every problem found.
 */
export function checkNominees(rows: readonly NomineeRow[]): { input: NomineesInput } | { problems: NomineeProblems } {
  const problems: NomineeProblems = { rows: rows.map(() => ({})), list: null };
  const nominees = rows.map((row, index) => {
    const shareBp = shareToBp(row.share);
    const parsed = nomineeInputSchema.safeParse({ name: row.name, relationship: row.relationship, phone: row.phone, shareBp: shareBp ?? -1 });
    const found = problems.rows[index] ?? {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0] === 'shareBp' ? 'share' : (issue.path[0] as NomineeField);
      found[field] ??= issue.message;
    }
    return { name: row.name.trim(), relationship: row.relationship.trim(), phone: row.phone.trim(), shareBp: shareBp ?? 0 };
  });
  if (rows.length > 0 && totalBp(rows) !== 10_000) problems.list = MESSAGES.nomineeSharesNot100;
  const hasProblem = problems.list !== null || problems.rows.some((row) => Object.keys(row).length > 0);
  return hasProblem ? { problems } : { input: { nominees } };
}
