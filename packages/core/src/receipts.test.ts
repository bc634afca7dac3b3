import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { isReceiptRequired, receiptRequiredMessage, receiptSettingsSchema, receiptThresholdFromSetting } from './receipts.ts';
import { expenseInputSchema } from './schemas/expenses.ts';

const base = { categoryId: '5f0c7a52-6a3d-4c8e-9a3b-3f1f1d2b9c10', amount: '10', date: '2026-11-23' };
const receiptId = 'AAAAAAAA-6A3D-4C8E-9A3B-3F1F1D2B9C10';

describe('the "receipt required above" rule', () => {
  it('is strictly above, and never when off', () => {
    expect(isReceiptRequired(5_000_001, 5_000_000)).toBe(true);
    expect(isReceiptRequired(5_000_000, 5_000_000)).toBe(false);
    expect(isReceiptRequired(999_999_999, null)).toBe(false);
    expect(receiptRequiredMessage(5_000_000)).toBe('A receipt is required for expenses above ₦50,000.00');
  });

  it('takes naira as typed, blank or null for off, and refuses zero, negatives and junk', () => {
    expect(receiptSettingsSchema.parse({ requiredAbove: '50,000' })).toEqual({ requiredAboveKobo: 5_000_000 });
    expect(receiptSettingsSchema.parse({ requiredAbove: ' ' })).toEqual({ requiredAboveKobo: null });
    expect(receiptSettingsSchema.parse({ requiredAbove: null })).toEqual({ requiredAboveKobo: null });
    for (const requiredAbove of ['0', '-1', 'abc', '1.234', {}]) {
      expect(receiptSettingsSchema.safeParse({ requiredAbove }).error?.issues[0]?.message).toBe(MESSAGES.receiptThresholdInvalid);
    }
    expect(receiptThresholdFromSetting('5000000')).toBe(5_000_000);
    expect(receiptThresholdFromSetting('0')).toBeNull();
    expect(receiptThresholdFromSetting('1e3')).toBeNull();
  });
});

describe("an expense's receiptIds", () => {
  it('are optional, lower-cased and de-duplicated', () => {
    expect(expenseInputSchema.parse(base)).not.toHaveProperty('receiptIds');
    expect(expenseInputSchema.parse({ ...base, receiptIds: null })).not.toHaveProperty('receiptIds');
    expect(expenseInputSchema.parse({ ...base, receiptIds: [] }).receiptIds).toEqual([]);
    expect(expenseInputSchema.parse({ ...base, receiptIds: [receiptId, receiptId.toLowerCase()] }).receiptIds).toEqual([receiptId.toLowerCase()]);
  });

  it('refuse anything but a list of at most 10 ids', () => {
    const many = Array.from({ length: 11 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
    expect(expenseInputSchema.safeParse({ ...base, receiptIds: 'x' }).error?.issues[0]).toMatchObject({ path: ['receiptIds'], message: MESSAGES.receiptNotAttachable });
    expect(expenseInputSchema.safeParse({ ...base, receiptIds: ['x'] }).error?.issues[0]?.message).toBe(MESSAGES.receiptNotAttachable);
    expect(expenseInputSchema.safeParse({ ...base, receiptIds: many }).error?.issues[0]?.message).toBe(MESSAGES.tooManyReceipts);
    expect(expenseInputSchema.safeParse({ ...base, receiptIds: many.slice(0, 10) }).success).toBe(true);
  });
});
