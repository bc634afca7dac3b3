import { describe, expect, it } from 'vitest';
import { budgetCrossing, budgetLevel, budgetPeriodOf, budgetPeriodsCovered, currentBudgetPeriod, reportPresetRange } from './budgets.ts';

describe('a budget period', () => {
  it('is the calendar month of the day, last day included', () => {
    expect(budgetPeriodOf('month', '2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(budgetPeriodOf('month', '2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(budgetPeriodOf('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(budgetPeriodOf('month', '2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
  });

  it('is the calendar year of the day', () => {
    expect(budgetPeriodOf('year', '2026-07-09')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('in progress is the one of today in Lagos, not in UTC', () => {
    // 23:30 UTC on 31 March is 00:30 on 1 April in Lagos (UTC+1).
    const now = new Date('2026-03-31T23:30:00Z');
    expect(currentBudgetPeriod('month', now, 'Africa/Lagos')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(currentBudgetPeriod('month', now, 'UTC')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(currentBudgetPeriod('year', new Date('2026-12-31T23:30:00Z'), 'Africa/Lagos')).toEqual({ from: '2027-01-01', to: '2027-12-31' });
  });
});

describe('budget levels', () => {
  it('are 80 from four fifths and 100 from the whole budget', () => {
    expect(budgetLevel(79_999, 100_000)).toBeNull();
    expect(budgetLevel(80_000, 100_000)).toBe('80');
    expect(budgetLevel(99_999, 100_000)).toBe('80');
    expect(budgetLevel(100_000, 100_000)).toBe('100');
    expect(budgetLevel(250_000, 100_000)).toBe('100');
    expect(budgetLevel(4, 5)).toBe('80');
    expect(budgetLevel(3, 5)).toBeNull();
  });

  it('are reported only when a change crosses one', () => {
    expect(budgetCrossing(70_000, 80_000, 100_000)).toBe('80');
    expect(budgetCrossing(70_000, 100_000, 100_000)).toBe('100');
    expect(budgetCrossing(85_000, 100_000, 100_000)).toBe('100');
    expect(budgetCrossing(80_000, 90_000, 100_000)).toBeNull();
    expect(budgetCrossing(100_000, 120_000, 100_000)).toBeNull();
    expect(budgetCrossing(10_000, 20_000, 100_000)).toBeNull();
    // Lowered by an edit: nothing to warn about.
    expect(budgetCrossing(120_000, 90_000, 100_000)).toBeNull();
  });
});

describe('the periods a report range stands for', () => {
  const today = '2026-04-12';
  it('counts whole months and the month in progress up to today', () => {
    expect(budgetPeriodsCovered('month', { from: '2026-03-01', to: '2026-03-31' }, today)).toBe(1);
    expect(budgetPeriodsCovered('month', { from: '2026-01-01', to: '2026-03-31' }, today)).toBe(3);
    expect(budgetPeriodsCovered('month', { from: '2026-04-01', to: '2026-04-12' }, today)).toBe(1);
    expect(budgetPeriodsCovered('month', { from: '2026-01-01', to: '2026-04-12' }, today)).toBe(4);
    expect(budgetPeriodsCovered('month', { from: '2026-03-02', to: '2026-03-31' }, today)).toBe(0);
    expect(budgetPeriodsCovered('month', { from: '2026-03-01', to: '2026-03-30' }, today)).toBe(0);
    expect(budgetPeriodsCovered('month', { from: '2026-04-01', to: '2026-04-11' }, today)).toBe(0);
  });

  it('counts whole years and the year in progress up to today', () => {
    expect(budgetPeriodsCovered('year', { from: '2025-01-01', to: '2025-12-31' }, today)).toBe(1);
    expect(budgetPeriodsCovered('year', { from: '2026-01-01', to: '2026-04-12' }, today)).toBe(1);
    expect(budgetPeriodsCovered('year', { from: '2026-01-01', to: '2026-03-31' }, today)).toBe(0);
    expect(budgetPeriodsCovered('year', { from: '2024-01-01', to: '2026-04-12' }, today)).toBe(3);
  });
});

describe('report presets', () => {
  it.each([
    ['thisMonth', '2026-05-20', { from: '2026-05-01', to: '2026-05-20' }],
    ['lastMonth', '2026-05-20', { from: '2026-04-01', to: '2026-04-30' }],
    ['lastMonth', '2026-01-05', { from: '2025-12-01', to: '2025-12-31' }],
    ['lastMonth', '2026-03-31', { from: '2026-02-01', to: '2026-02-28' }],
    ['thisQuarter', '2026-05-20', { from: '2026-04-01', to: '2026-05-20' }],
    ['thisQuarter', '2026-12-31', { from: '2026-10-01', to: '2026-12-31' }],
    ['thisQuarter', '2026-01-01', { from: '2026-01-01', to: '2026-01-01' }],
    ['yearToDate', '2026-05-20', { from: '2026-01-01', to: '2026-05-20' }],
    ['lastYear', '2026-05-20', { from: '2025-01-01', to: '2025-12-31' }],
  ] as const)('%s on %s', (preset, today, range) => {
    expect(reportPresetRange(preset, today)).toEqual(range);
  });
});
