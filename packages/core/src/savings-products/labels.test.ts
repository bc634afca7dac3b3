import { describe, expect, it } from 'vitest';
import { dayOfYearLabel, describePenalty, PAYOUT_TO_LABELS, SAVINGS_PRODUCT_KIND_LABELS, windowLabel } from './labels.ts';
import { christmas, ordinary, schoolFees } from './test-products.ts';

describe('the savings products’ labels', () => {
  it('name each kind in COOPERATIVE.md’s words', () => {
    expect(SAVINGS_PRODUCT_KIND_LABELS).toEqual({ shares: 'Share capital', ordinary: 'Ordinary savings', target: 'Target savings', fixed: 'Fixed deposit' });
    expect(PAYOUT_TO_LABELS).toEqual({ ordinary: 'Moved to ordinary savings', out: 'Paid out to the member' });
  });

  it('write a penalty as people say it', () => {
    expect(describePenalty({ kind: 'percent', basisPoints: 500 })).toBe('5%');
    expect(describePenalty({ kind: 'percent', basisPoints: 250 })).toBe('2.5%');
    expect(describePenalty({ kind: 'fixed', kobo: 50_000 })).toBe('₦500.00');
    expect(describePenalty(null)).toBe('No penalty');
  });

  it('write days of the year and a window as the app writes days', () => {
    expect(dayOfYearLabel('12-01')).toBe('1 Dec');
    expect(dayOfYearLabel('09-15')).toBe('15 Sep');
    expect(windowLabel(christmas)).toBe('1 Dec – 31 Dec');
    expect(windowLabel(schoolFees)).toBe('1 Aug – 15 Sep');
    expect(windowLabel(ordinary)).toBe('');
  });
});
