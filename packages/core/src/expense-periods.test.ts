import { describe, expect, it } from 'vitest';
import { expenseTimeRange, narrowestTimeFilter } from './expense-periods.ts';

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

describe('narrowestTimeFilter', () => {
  it('opens the list on the narrowest filter that shows the day, as the list computes them', () => {
    const today = '2027-01-02';
    const cases = [
      ['2027-01-02', 'today'],
      ['2027-01-01', 'yesterday'],
      ['2026-12-31', 'week'],
      ['2026-12-27', 'week'],
      ['2026-12-26', 'all'],
      ['2027-01-03', 'all'],
      ['1900-01-01', 'all'],
    ] as const;
    expect(cases.map(([date]) => [date, narrowestTimeFilter(date, today)])).toEqual(cases.map((pair) => [...pair]));
    expect(narrowestTimeFilter('2026-11-02', '2026-11-23')).toBe('month');
    expect(narrowestTimeFilter('2026-10-31', '2026-11-23')).toBe('all');
    for (const date of ['2026-11-02', '2026-11-20']) {
      const range = expenseTimeRange(narrowestTimeFilter(date, '2026-11-23'), new Date('2026-11-23T10:00:00Z'), LAGOS);
      expect(range !== null && date >= range.from && date <= range.to).toBe(true);
    }
  });
});
