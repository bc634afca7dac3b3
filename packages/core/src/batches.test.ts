import { describe, expect, it } from 'vitest';
import { batchCellAmount, batchRowAmount } from './batches.ts';

describe('a run row’s amount (issue 34)', () => {
  it('says a negative amount is negative, however payroll’s sheet wrote it', () => {
    const negative = { problem: 'The amount is negative: write it without the minus sign, and a withdrawal with the type Withdrawal' };
    for (const written of ['-50', '−50', '₦-50', '- 1,500.00', '(50)', -50]) {
      expect(batchRowAmount(written), String(written)).toEqual(negative);
      expect(batchCellAmount(written), String(written)).toEqual(negative);
    }
  });

  it('still reads a positive amount, and still calls text that is no amount invalid', () => {
    expect(batchRowAmount('1,500.50')).toEqual({ kobo: 150_050 });
    expect(batchRowAmount('abc')).toEqual({ problem: 'Please enter a valid amount' });
    expect(batchRowAmount('0')).toEqual({ problem: 'Amount must be more than ₦0' });
  });
});
