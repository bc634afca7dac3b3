import { describe, expect, it } from 'vitest';
import { expenseTimeRange } from './expense-periods.ts';

const LAGOS = 'Africa/Lagos';

describe('the expense list time filters in APP_TIMEZONE', () => {
  it('takes Today and Yesterday from the organisation day, not the UTC one', () => {
    const lateEvening = new Date('2026-03-31T23:30:00Z'); // 00:30 on 1 April in Lagos
    expect(expenseTimeRange('today', lateEvening, LAGOS)).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(expenseTimeRange('yesterday', lateEvening, LAGOS)).toEqual({ from: '2026-03-31', to: '2026-03-31' });
    expect(expenseTimeRange('today', lateEvening, 'UTC')).toEqual({ from: '2026-03-31', to: '2026-03-31' });
  });

  it('makes This Week the last 7 days including today, and This Month start on the 1st', () => {
    const now = new Date('2027-01-02T10:00:00Z');
    expect(expenseTimeRange('week', now, LAGOS)).toEqual({ from: '2026-12-27', to: '2027-01-02' });
    expect(expenseTimeRange('month', now, LAGOS)).toEqual({ from: '2027-01-01', to: '2027-01-02' });
    expect(expenseTimeRange('yesterday', new Date('2027-01-01T00:30:00Z'), LAGOS)).toEqual({ from: '2026-12-31', to: '2026-12-31' });
  });

  it('has no range for All Time', () => {
    expect(expenseTimeRange('all', new Date(), LAGOS)).toBeNull();
  });
});
