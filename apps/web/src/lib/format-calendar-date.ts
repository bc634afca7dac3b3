import { madeOnFirstUse, type IsoDate } from '@kobo/core';

// SPEC 9: dates use the Nigerian English locale. A calendar day ('2026-11-23') is read as UTC and
// shown in UTC, so it is the same day in every browser's time zone. Each formatter is made when
// first used, not while a page's scripts start (madeOnFirstUse).
const dayFormat = madeOnFirstUse(() => new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'UTC' }));
const shortDayFormat = madeOnFirstUse(() => new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'UTC' }));
const monthFormat = madeOnFirstUse(() => new Intl.DateTimeFormat('en-NG', { month: 'short', timeZone: 'UTC' }));
const longMonthFormat = madeOnFirstUse(() => new Intl.DateTimeFormat('en-NG', { month: 'long', year: 'numeric', timeZone: 'UTC' }));

function utc(date: string): Date {
  return new Date(`${date.length === 7 ? `${date}-01` : date}T00:00:00Z`);
}

/** '23 Nov 2026' for the calendar day '2026-11-23'. */
export function formatCalendarDate(date: IsoDate): string {
  return dayFormat().format(utc(date));
}

/** '23 Nov' for a day, 'Nov' for a month ('2026-11'): a chart's axis labels. */
export function formatAxisLabel(key: string): string {
  return key.length === 7 ? monthFormat().format(utc(key)) : shortDayFormat().format(utc(key));
}

/** '23 Nov 2026' for a day, 'November 2026' for a month: a chart's full labels. */
export function formatPeriodLabel(key: string): string {
  return key.length === 7 ? longMonthFormat().format(utc(key)) : dayFormat().format(utc(key));
}
