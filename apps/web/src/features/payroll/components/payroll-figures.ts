import { MESSAGES, formatNaira, koboToNairaString, parseNaira, type AdviceLine, type MemberOutcome, type RemittanceLineInput, type RemittanceMatch } from '@kobo/core';

/** The issue's words for each outcome, in the order the summary lists them. */
export const OUTCOME_LABELS: Record<MemberOutcome, string> = {
  full: 'Paid in full',
  short: 'Short',
  over: 'Over',
  not_on_payroll: 'Not on payroll',
  unexpected: 'Unexpected',
};
export const OUTCOME_COLORS: Record<MemberOutcome, string> = { full: 'green', short: 'orange', over: 'blue', not_on_payroll: 'red', unexpected: 'grape' };

/** A line's figures as the edit form starts them: naira text, blank for a deduction the line lacks. */
export function lineFigures(line: AdviceLine, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, line.deductions[key] ? koboToNairaString(line.deductions[key]) : '']));
}

/**
 * The edit form's figures in kobo, or each unreadable one's problem beside its own field. Blank is
 * ₦0 (the server drops a zero deduction).
 */
export function figuresToKobo(figures: Record<string, string>): { deductions: Record<string, number> } | { errors: Record<string, string> } {
  const deductions: Record<string, number> = {};
  const errors: Record<string, string> = {};
  for (const [key, text] of Object.entries(figures)) {
    const kobo = text.trim() === '' ? 0 : parseNaira(text);
    if (kobo === null) errors[key] = MESSAGES.enterValidAmount;
    else deductions[key] = kobo;
  }
  return Object.keys(errors).length > 0 ? { errors } : { deductions };
}

/**
 * Amounts keyed on screen as the remittance's lines: one total per member, which pays their
 * deductions in the scheme's order. A blank amount sends no line (payroll deducted nothing: not on
 * payroll); an unreadable one is sent as typed, so the match refuses it beside its member.
 */
export function keyedLines(lines: readonly AdviceLine[], typed: Record<string, string>): RemittanceLineInput[] {
  return lines.flatMap((line) => {
    const amount = (typed[line.userId] ?? '').trim();
    if (line.heldReason !== null || !line.staffId || amount === '') return [];
    return [{ ref: line.staffId, name: line.name, row: null, parts: [{ keys: [], amount }] }];
  });
}

/** Why Post is disabled, or null when the match may post. */
export function postBlockedReason(match: RemittanceMatch): string | null {
  if (match.alreadyPosted) return MESSAGES.remittanceAlreadyPosted;
  if (match.refusedCount > 0) return `${match.refusedCount === 1 ? '1 line cannot' : `${match.refusedCount} lines cannot`} be read: correct ${match.refusedCount === 1 ? 'it' : 'them'} and match again.`;
  if (match.bankAmountKobo === null) return MESSAGES.enterBankAmount;
  if (match.differenceKobo !== 0) {
    return `The bank received ${formatNaira(match.bankAmountKobo)} but payroll's lines total ${formatNaira(match.totals.remittedKobo)}.`;
  }
  return null;
}
