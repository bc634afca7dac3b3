import { describe, expect, it } from 'vitest';
import { MESSAGES, adviceLineSchema, remittanceMatchSchema, type AdviceLine, type RemittanceMatch } from '@kobo/core';
import { figuresToKobo, keyedLines, lineFigures, postBlockedReason } from './payroll-figures.ts';

// Parsed by the answer's own schema, which brands the amounts as kobo.
const line = (userId: string, staffId: string | null, heldReason: string | null = null): AdviceLine =>
  adviceLineSchema.parse({
  userId,
  staffId,
  name: `Member ${userId}`,
  deductions: { 'contribution:o': 500_000, loan: 1_120_000 },
  totalKobo: 1_620_000,
  heldReason,
  changed: false,
  });

describe('the advice line form', () => {
  it('starts each deduction in naira, blank for one the line lacks', () => {
    expect(lineFigures(line('a', 'S1'), ['contribution:o', 'arrears:o', 'loan'])).toEqual({ 'contribution:o': '5000.00', 'arrears:o': '', loan: '11200.00' });
  });

  it('reads blank as nothing and flags each unreadable figure beside its own field', () => {
    expect(figuresToKobo({ 'contribution:o': '4,000.50', loan: '' })).toEqual({ deductions: { 'contribution:o': 400_050, loan: 0 } });
    expect(figuresToKobo({ 'contribution:o': 'abc', loan: '-3', 'arrears:o': '10' })).toEqual({ errors: { 'contribution:o': MESSAGES.enterValidAmount, loan: MESSAGES.enterValidAmount } });
  });
});

describe('keyed remittance lines', () => {
  it('sends one total per member typed, none for a blank, a held member or one without a staff ID', () => {
    const lines = [line('a', 'S1'), line('b', 'S2'), line('c', 'S3', 'On leave'), line('d', null)];
    expect(keyedLines(lines, { a: '15,000', b: ' ', c: '100', d: '100' })).toEqual([{ ref: 'S1', name: 'Member a', row: null, parts: [{ keys: [], amount: '15,000' }] }]);
  });
});

const match = (patch: Partial<Record<keyof RemittanceMatch, unknown>>): RemittanceMatch =>
  remittanceMatchSchema.parse({
    month: '2026-10',
    members: [],
    counts: { full: 1, short: 1, over: 0, not_on_payroll: 0, unexpected: 0 },
    outcomeKobo: { full: 100, short: 50, over: 0, not_on_payroll: 0, unexpected: 0 },
    totals: { advisedKobo: 200, remittedKobo: 1_500_000, paidKobo: 150, shortKobo: 50, overKobo: 0 },
    bankAmountKobo: 1_500_000,
    differenceKobo: 0,
    refusedCount: 0,
    alreadyPosted: false,
    ...patch,
  });

describe('why Post is disabled', () => {
  it('names refused lines, a missing bank amount and a bank amount that differs', () => {
    expect(postBlockedReason(match({}))).toBeNull();
    expect(postBlockedReason(match({ refusedCount: 2 }))).toBe('2 lines cannot be read: correct them and match again.');
    expect(postBlockedReason(match({ bankAmountKobo: null, differenceKobo: null }))).toBe(MESSAGES.enterBankAmount);
    expect(postBlockedReason(match({ bankAmountKobo: 1_400_000, differenceKobo: -100_000 }))).toBe('The bank received ₦14,000.00 but payroll\'s lines total ₦15,000.00.');
    expect(postBlockedReason(match({ alreadyPosted: true }))).toBe(MESSAGES.remittanceAlreadyPosted);
  });
});
