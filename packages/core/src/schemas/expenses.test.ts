import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  createCategorySchema,
  expenseInputSchema,
  exportQuerySchema,
  reportQuerySchema,
} from '../index.ts';
import { firstIssueMessage } from '../errors.ts';

const categoryId = '6f1c2a44-9a3b-4c1e-8e3f-1d2c3b4a5e6f';

function messageOf(result: { success: boolean; error?: unknown }) {
  return result.success ? null : firstIssueMessage(result.error as Parameters<typeof firstIssueMessage>[0]);
}

describe('expense form', () => {
  it('needs category, amount and date first, in that order', () => {
    expect(messageOf(expenseInputSchema.safeParse({}))).toBe(MESSAGES.fillRequiredFields);
    expect(messageOf(expenseInputSchema.safeParse({ categoryId, amount: '', date: '2026-11-23' }))).toBe(MESSAGES.fillRequiredFields);
    expect(messageOf(expenseInputSchema.safeParse({ categoryId, amount: 10 }))).toBe(MESSAGES.fillRequiredFields);
  });

  it('checks the amount: ≥ 0, two decimals at most, capped', () => {
    const base = { categoryId, date: '2026-11-23' };
    expect(messageOf(expenseInputSchema.safeParse({ ...base, amount: -1 }))).toBe(MESSAGES.invalidExpenseAmount);
    expect(messageOf(expenseInputSchema.safeParse({ ...base, amount: '1.234' }))).toBe(MESSAGES.invalidExpenseAmount);
    expect(messageOf(expenseInputSchema.safeParse({ ...base, amount: 0.1 + 0.2 }))).toBe(MESSAGES.invalidExpenseAmount);
    expect(messageOf(expenseInputSchema.safeParse({ ...base, amount: '1000000000000.01' }))).toBe(MESSAGES.expenseAmountTooLarge);
    expect(expenseInputSchema.parse({ ...base, amount: '1000000000000.00' }).amountKobo).toBe(100_000_000_000_000);
    expect(expenseInputSchema.parse({ ...base, amount: 0 }).amountKobo).toBe(0);
    expect(expenseInputSchema.parse({ ...base, amount: '1,250.50' }).amountKobo).toBe(125_050);
  });

  it('needs a real calendar date', () => {
    expect(messageOf(expenseInputSchema.safeParse({ categoryId, amount: 1, date: '2026-02-30' }))).toBe(MESSAGES.invalidDate);
    expect(messageOf(expenseInputSchema.safeParse({ categoryId, amount: 1, date: '23/11/2026' }))).toBe(MESSAGES.invalidDate);
  });

  it('defaults the payment method to Cash and blanks to null', () => {
    expect(expenseInputSchema.parse({ categoryId, amount: 5, date: '2026-11-23', description: '  ' })).toEqual({
      categoryId,
      amountKobo: 500,
      spentOn: '2026-11-23',
      description: null,
      title: null,
      paymentMethod: 'Cash',
    });
  });
});

describe('category form', () => {
  it('needs a name, then takes the default colour and icon', () => {
    expect(messageOf(createCategorySchema.safeParse({ name: '   ' }))).toBe(MESSAGES.itemNameRequired);
    expect(createCategorySchema.parse({ name: ' Fuel ' })).toEqual({ name: 'Fuel', color: '#4ECDC4', icon: 'FaQuestion' });
    expect(messageOf(createCategorySchema.safeParse({ name: 'Fuel', icon: 'FaRocket' }))).toBe(MESSAGES.invalidCategoryIcon);
    expect(messageOf(createCategorySchema.safeParse({ name: 'Fuel', color: 'red' }))).toBe(MESSAGES.invalidCategoryColor);
  });
});

describe('report and export ranges', () => {
  it('needs both dates, then an end not before the start', () => {
    expect(messageOf(reportQuerySchema.safeParse({}))).toBe(MESSAGES.selectBothDates);
    expect(messageOf(reportQuerySchema.safeParse({ from: '2026-01-01' }))).toBe(MESSAGES.selectBothDates);
    expect(messageOf(reportQuerySchema.safeParse({ from: '2026-01-02', to: '2026-01-01' }))).toBe(MESSAGES.endBeforeStart);
    expect(reportQuerySchema.parse({ from: '2026-01-01', to: '2026-01-01' })).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });

  it('lets an export have no range at all', () => {
    expect(exportQuerySchema.parse({})).toBeNull();
    expect(messageOf(exportQuerySchema.safeParse({ to: '2026-01-01' }))).toBe(MESSAGES.selectBothDates);
  });
});
