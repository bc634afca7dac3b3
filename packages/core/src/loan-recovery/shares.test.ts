import { describe, expect, it } from 'vitest';
import { isInDefault, recoverableKobo, recoveryShares } from './shares.ts';

const full = (guaranteedKobo: number) => ({ guaranteedKobo, recoverableKobo: guaranteedKobo });

describe('recoveryShares', () => {
  it('splits ₦33,600 overdue over guarantees of ₦60,000 and ₦30,000 as ₦22,400 and ₦11,200', () => {
    expect(recoveryShares(3_360_000, [full(6_000_000), full(3_000_000)])).toEqual([
      { proportionalKobo: 2_240_000, amountKobo: 2_240_000 },
      { proportionalKobo: 1_120_000, amountKobo: 1_120_000 },
    ]);
  });

  it('rounds an uneven split half up and lets the last share take the rest, to the kobo', () => {
    // ₦10,000.00 over three guarantees of ₦50,000: ₦3,333.33, ₦3,333.33 and ₦3,333.34.
    expect(recoveryShares(1_000_000, [full(5_000_000), full(5_000_000), full(5_000_000)]).map((share) => share.amountKobo)).toEqual([333_333, 333_333, 333_334]);
    // ₦100.01 over ₦20,000 and ₦10,000: ₦66.673… rounds up to ₦66.67, the rest ₦33.34.
    expect(recoveryShares(10_001, [full(2_000_000), full(1_000_000)]).map((share) => share.amountKobo)).toEqual([6_667, 3_334]);
  });

  it('caps a share by what can be taken from the guarantor, and does not pass the rest to the others', () => {
    expect(recoveryShares(3_360_000, [full(6_000_000), { guaranteedKobo: 3_000_000, recoverableKobo: 500_000 }])).toEqual([
      { proportionalKobo: 2_240_000, amountKobo: 2_240_000 },
      { proportionalKobo: 1_120_000, amountKobo: 500_000 },
    ]);
  });

  it('never asks more than was guaranteed in all', () => {
    expect(recoveryShares(20_000_000, [full(6_000_000), full(3_000_000)]).map((share) => share.amountKobo)).toEqual([6_000_000, 3_000_000]);
  });

  it('asks nothing when nothing is overdue or nobody guarantees', () => {
    expect(recoveryShares(0, [full(6_000_000)])).toEqual([{ proportionalKobo: 0, amountKobo: 0 }]);
    expect(recoveryShares(3_360_000, [])).toEqual([]);
  });
});

describe('recoverableKobo', () => {
  it('is the guarantee when the savings cover it and what other holds leave', () => {
    // ₦100,000 saved; ₦60,000 held for this guarantee only.
    expect(recoverableKobo({ balanceKobo: 10_000_000, heldKobo: 6_000_000, guaranteedKobo: 6_000_000 })).toBe(6_000_000);
    // ₦70,000 saved; ₦60,000 for this guarantee and ₦30,000 for another: ₦40,000 can be taken.
    expect(recoverableKobo({ balanceKobo: 7_000_000, heldKobo: 9_000_000, guaranteedKobo: 6_000_000 })).toBe(4_000_000);
    expect(recoverableKobo({ balanceKobo: 1_000_000, heldKobo: 9_000_000, guaranteedKobo: 6_000_000 })).toBe(0);
  });
});

describe('isInDefault', () => {
  it('is in default from the setting’s day in arrears on', () => {
    expect(isInDefault(89, 90)).toBe(false);
    expect(isInDefault(90, 90)).toBe(true);
    expect(isInDefault(0, 0)).toBe(false);
  });
});
