import { describe, expect, it } from 'vitest';
import { scheduleOf } from './active-loan-positions.ts';

describe("a loan's packed schedule", () => {
  it('reads each instalment and each figure as the database wrote it', () => {
    expect(scheduleOf('2 2026-12-28 1666667 145833 0 0 0,3 2027-01-28 1666666 125000 100 2500 7,12 2027-10-28 100000000000000 0 99999999999999 0 0')).toEqual([
      { number: 2, dueDate: '2026-12-28', principal: 1_666_667, interest: 145_833, principalPaid: 0, interestPaid: 0, interestWaived: 0 },
      { number: 3, dueDate: '2027-01-28', principal: 1_666_666, interest: 125_000, principalPaid: 100, interestPaid: 2_500, interestWaived: 7 },
      { number: 12, dueDate: '2027-10-28', principal: 100_000_000_000_000, interest: 0, principalPaid: 99_999_999_999_999, interestPaid: 0, interestWaived: 0 },
    ]);
  });

  it('reads a single instalment, and a minus sign', () => {
    expect(scheduleOf('1 2026-11-30 500000 -25 0 0 0')).toEqual([
      { number: 1, dueDate: '2026-11-30', principal: 500_000, interest: -25, principalPaid: 0, interestPaid: 0, interestWaived: 0 },
    ]);
  });
});
