import { describe, expect, it } from 'vitest';
import { addDays, calendarDate, dashboardRange, daysInRange, isIsoDate, isoWeekday, savingsRange, startOfDay } from './periods.ts';

const LAGOS = 'Africa/Lagos'; // UTC+1, no daylight saving

describe('calendar days in the organisation time zone', () => {
  it('puts 23:30 UTC on the next day in Lagos', () => {
    expect(calendarDate(new Date('2026-03-31T23:30:00Z'), LAGOS)).toBe('2026-04-01');
    expect(calendarDate(new Date('2026-03-31T22:59:59Z'), LAGOS)).toBe('2026-03-31');
    expect(calendarDate(new Date('2026-12-31T23:00:00Z'), LAGOS)).toBe('2027-01-01');
  });

  it('answers the same instant again, and the next minute across midnight, with each one\'s own day', () => {
    for (const instant of ['2026-03-31T22:59:00Z', '2026-03-31T22:59:59.999Z', '2026-03-31T22:59:30Z']) {
      expect(calendarDate(new Date(instant), LAGOS), instant).toBe('2026-03-31');
    }
    expect(calendarDate(new Date('2026-03-31T23:00:00Z'), LAGOS)).toBe('2026-04-01');
    expect(calendarDate(new Date('2026-03-31T22:59:59Z'), LAGOS)).toBe('2026-03-31');
    // Kathmandu is UTC+5:45: its midnight falls on a quarter hour.
    expect(calendarDate(new Date('2026-03-31T18:14:59.999Z'), 'Asia/Kathmandu')).toBe('2026-03-31');
    expect(calendarDate(new Date('2026-03-31T18:15:00Z'), 'Asia/Kathmandu')).toBe('2026-04-01');
    expect(calendarDate(new Date('2026-03-31T18:14:00Z'), 'Asia/Kathmandu')).toBe('2026-03-31');
    // Before 2000 offsets of seconds existed (Lagos kept +0:13:35 until 1905): nothing is remembered.
    expect(calendarDate(new Date('1900-01-01T23:46:24Z'), LAGOS)).toBe('1900-01-01');
    expect(calendarDate(new Date('1900-01-01T23:46:25Z'), LAGOS)).toBe('1900-01-02');
  });

  it('finds midnight in the zone, also across a daylight-saving change', () => {
    expect(startOfDay('2026-04-01', LAGOS).toISOString()).toBe('2026-03-31T23:00:00.000Z');
    expect(startOfDay('2026-03-29', 'Europe/London').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfDay('2026-03-30', 'Europe/London').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(startOfDay('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('adds days across month and year ends, and counts inclusive ranges', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(daysInRange({ from: '2026-01-01', to: '2026-01-01' })).toBe(1);
    expect(daysInRange({ from: '2026-01-01', to: '2026-12-31' })).toBe(365);
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
  });

  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('26-02-01')).toBe(false);
  });
});

describe('periods', () => {
  // Sunday 22 November 2026, 23:30 in Lagos (22:30 UTC).
  const now = new Date('2026-11-22T22:30:00Z');

  it('dashboard: a rolling week with today, the month from the 1st, the year from 1 January', () => {
    expect(dashboardRange('week', now, LAGOS)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(dashboardRange('month', now, LAGOS)).toEqual({ from: '2026-11-01', to: '2026-11-22' });
    expect(dashboardRange('year', now, LAGOS)).toEqual({ from: '2026-01-01', to: '2026-11-22' });
  });

  it('savings: the week starts Monday 00:00 in Lagos', () => {
    expect(savingsRange('week', now, LAGOS).start.toISOString()).toBe('2026-11-15T23:00:00.000Z');
    // One hour later it is Monday in Lagos: a new week.
    expect(savingsRange('week', new Date('2026-11-22T23:30:00Z'), LAGOS).start.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(savingsRange('month', now, LAGOS).start.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(savingsRange('year', now, LAGOS).start.toISOString()).toBe('2025-12-31T23:00:00.000Z');
  });

  it('does not depend on the server clock zone', () => {
    // The same instant gives the same Lagos day whatever zone the process runs in.
    expect(calendarDate(now, LAGOS)).toBe('2026-11-22');
    expect(calendarDate(now, 'Pacific/Kiritimati')).toBe('2026-11-23');
  });
});
