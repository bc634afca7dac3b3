import { describe, expect, it } from 'vitest';
import { heldRefusal, needsSecondOfficer, thresholdFromSetting } from './savings-requests.ts';
import { approvalSettingsSchema, cancelRequestSchema, declineRequestSchema } from './schemas/savings-requests.ts';

describe('needsSecondOfficer', () => {
  it('is off when no threshold is set', () => {
    expect(needsSecondOfficer(100_000_000_000_000, null)).toBe(false);
  });
  it('waits strictly above the threshold only', () => {
    expect(needsSecondOfficer(5_000_000, 5_000_000)).toBe(false);
    expect(needsSecondOfficer(5_000_001, 5_000_000)).toBe(true);
    expect(needsSecondOfficer(1, 0)).toBe(true);
  });
});

describe('heldRefusal', () => {
  it('is null when the amount fits what is free, or when the balance itself is short', () => {
    expect(heldRefusal(4_000, 10_000, 3_000, 3_000)).toBeNull();
    expect(heldRefusal(10_001, 10_000, 3_000, 3_000)).toBeNull();
  });
  it('names the loans when they alone leave too little', () => {
    expect(heldRefusal(8_000, 10_000, 3_000, 1_000)).toEqual({ cause: 'loan', message: 'Insufficient available balance: ₦30.00 is held against a loan' });
  });
  it('names the requests awaiting approval otherwise', () => {
    expect(heldRefusal(6_000, 10_000, 3_000, 2_000)).toEqual({
      cause: 'pending',
      message: 'Insufficient available balance: ₦20.00 is held for withdrawals awaiting approval',
    });
    expect(heldRefusal(5_000_000, 10_000_000, 0, 6_000_000)?.message).toBe('Insufficient available balance: ₦60,000.00 is held for withdrawals awaiting approval');
  });
});

describe('approvalSettingsSchema', () => {
  it('reads the threshold in naira; blank or null is off', () => {
    expect(approvalSettingsSchema.parse({ twoPersonThreshold: '50,000.50', memberPostingsDirect: true })).toEqual({ twoPersonThresholdKobo: 5_000_050, memberPostingsDirect: true });
    expect(approvalSettingsSchema.parse({ twoPersonThreshold: 12, memberPostingsDirect: false })).toEqual({ twoPersonThresholdKobo: 1_200, memberPostingsDirect: false });
    expect(approvalSettingsSchema.parse({ twoPersonThreshold: '  ', memberPostingsDirect: false })).toEqual({ twoPersonThresholdKobo: null, memberPostingsDirect: false });
    expect(approvalSettingsSchema.parse({ twoPersonThreshold: null, memberPostingsDirect: false })).toEqual({ twoPersonThresholdKobo: null, memberPostingsDirect: false });
    expect(approvalSettingsSchema.parse({ memberPostingsDirect: false })).toEqual({ twoPersonThresholdKobo: null, memberPostingsDirect: false });
  });
  it('refuses anything that is not an amount above ₦0, on the field', () => {
    for (const bad of ['0', '0.00', '-1', '1.005', 'ten', '1000000000000.01', true, {}]) {
      const result = approvalSettingsSchema.safeParse({ twoPersonThreshold: bad, memberPostingsDirect: false });
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ['twoPersonThreshold'],
        message: 'Please enter an amount above ₦0, or leave it blank to turn two-person approval off',
      });
    }
    expect(approvalSettingsSchema.safeParse({ twoPersonThreshold: '5' }).success).toBe(false);
  });
});

describe('thresholdFromSetting', () => {
  it('reads whole kobo from 1 to the cap; anything else is off', () => {
    expect(thresholdFromSetting('5000000')).toBe(5_000_000);
    expect(thresholdFromSetting('100000000000000')).toBe(100_000_000_000_000);
    for (const value of [undefined, null, '', '0', '-1', '1.5', '100000000000001', 'abc', '0100']) expect(thresholdFromSetting(value)).toBeNull();
  });
});

describe('decline and cancel bodies', () => {
  it('need a reason to decline, trimmed, at most 500 characters', () => {
    expect(declineRequestSchema.parse({ reason: '  Not in the budget ' })).toEqual({ reason: 'Not in the budget' });
    expect(declineRequestSchema.safeParse({ reason: '   ' }).error?.issues[0]?.message).toBe('Please give a reason for declining');
    expect(declineRequestSchema.safeParse({}).error?.issues[0]?.message).toBe('Please give a reason for declining');
    expect(declineRequestSchema.safeParse({ reason: 'x'.repeat(501) }).error?.issues[0]?.message).toBe('Reason must be at most 500 characters');
  });
  it('take an optional reason to cancel, and no body at all', () => {
    expect(cancelRequestSchema.parse(undefined)).toEqual({ reason: null });
    expect(cancelRequestSchema.parse({ reason: ' Wrong amount ' })).toEqual({ reason: 'Wrong amount' });
    expect(cancelRequestSchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });
});
