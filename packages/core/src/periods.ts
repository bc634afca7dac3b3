/**
 * Calendar arithmetic in the organisation's time zone (APP_TIMEZONE, default Africa/Lagos).
 * Core code is given the time: every function takes `now` and never reads the clock itself.
 * A calendar day is an ISO date string 'YYYY-MM-DD'; instants are Dates (UTC underneath).
 */
export type IsoDate = string;
export type DateRange = { from: IsoDate; to: IsoDate };
export type InstantRange = { start: Date; end: Date };

export const DEFAULT_TIMEZONE = 'Africa/Lagos';

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function zonedParts(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The last minute each zone's calendar day was read for: every zone's offset has been whole
 * minutes since 2000, so one minute falls on one day, and a server asking for today again and
 * again (every posting) formats it once a minute instead of each time (about 13 µs a call).
 */
const MINUTE_MS = 60_000;
const WHOLE_MINUTE_OFFSETS_FROM = Date.UTC(2000, 0, 1);
const dayOfMinute = new Map<string, { minute: number; date: IsoDate }>();

/** The calendar day `instant` falls on in `timeZone`. */
export function calendarDate(instant: Date, timeZone: string): IsoDate {
  const time = instant.getTime();
  const minute = Math.floor(time / MINUTE_MS);
  const known = time >= WHOLE_MINUTE_OFFSETS_FROM ? dayOfMinute.get(timeZone) : undefined;
  if (known?.minute === minute) return known.date;
  const { year, month, day } = zonedParts(instant, timeZone);
  const date = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  if (time >= WHOLE_MINUTE_OFFSETS_FROM) dayOfMinute.set(timeZone, { minute, date });
  return date;
}

/** The instant a calendar day begins in `timeZone` (midnight there). */
export function startOfDay(date: IsoDate, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, day);
  // The zone's offset at that moment; applied twice so a change of offset near midnight settles.
  let instant = guess - offsetMs(new Date(guess), timeZone);
  instant = guess - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

function offsetMs(instant: Date, timeZone: string): number {
  const { year, month, day, hour, minute, second } = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return shifted.toISOString().slice(0, 10);
}

/** Inclusive count of days from `from` to `to` (a report's "days in the range"). */
export function daysInRange(range: DateRange): number {
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`);
  return Math.round((to - from) / 86_400_000) + 1;
}

/** Monday = 1 … Sunday = 7, of a calendar day. */
export function isoWeekday(date: IsoDate): number {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/**
 * The calendar days Kobo accepts wherever a date comes in: expense dates and the report, export,
 * statement and audit ranges. Wide enough for any record a business keeps, narrow enough that
 * PostgreSQL's date type and the day arithmetic around it (a range's day after, a zone's
 * midnight) stay in four-digit years: year 0000 and 9999-12-31 gave 500s (issue 10).
 */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2999-12-31';

export function isSupportedDate(value: string): boolean {
  // Both ends are 'YYYY-MM-DD', so comparing the strings compares the days.
  return isIsoDate(value) && value >= EARLIEST_DATE && value <= LATEST_DATE;
}

/** The dashboard's periods (SPEC "Dashboard"); default This Week, a rolling week. */
export const DASHBOARD_PERIODS = ['week', 'month', 'year'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 'week';

/** The savings detail page's periods (SPEC 2 / 4); default This Month. Its week is a calendar week. */
export const SAVINGS_PERIODS = ['week', 'month', 'year'] as const;
export type SavingsPeriod = (typeof SAVINGS_PERIODS)[number];
export const DEFAULT_SAVINGS_PERIOD: SavingsPeriod = 'month';

export function isSavingsPeriod(value: string | null | undefined): value is SavingsPeriod {
  return SAVINGS_PERIODS.some((period) => period === value);
}

/**
 * The words for each span. Two spans read 'This Week' (DECISIONS 12): the rolling week (the last
 * 7 days, today included) of the dashboard and the expense list, and the calendar week (from
 * Monday 00:00) of savings. Named apart here so no screen takes one for the other.
 */
export const PERIOD_LABELS = {
  all: 'All Time',
  today: 'Today',
  yesterday: 'Yesterday',
  rollingWeek: 'This Week',
  calendarWeek: 'This Week',
  month: 'This Month',
  year: 'This Year',
} as const;

export const DASHBOARD_PERIOD_LABELS: Record<DashboardPeriod, string> = {
  week: PERIOD_LABELS.rollingWeek,
  month: PERIOD_LABELS.month,
  year: PERIOD_LABELS.year,
};

export const SAVINGS_PERIOD_LABELS: Record<SavingsPeriod, string> = {
  week: PERIOD_LABELS.calendarWeek,
  month: PERIOD_LABELS.month,
  year: PERIOD_LABELS.year,
};

/**
 * DECISIONS 12, the dashboard: This Week is the last 7 days rolling, today included; This Month
 * from the 1st; This Year from 1 January; each up to today.
 */
export function dashboardRange(period: DashboardPeriod, now: Date, timeZone: string): DateRange {
  const today = calendarDate(now, timeZone);
  if (period === 'week') return { from: addDays(today, -6), to: today };
  if (period === 'month') return { from: `${today.slice(0, 7)}-01`, to: today };
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

/**
 * DECISIONS 12, savings: This Week starts Monday 00:00; month and year as calendar periods. Returns
 * instants, since savings transactions are timestamps: [start, end) with end = now.
 */
export function savingsRange(period: SavingsPeriod, now: Date, timeZone: string): InstantRange {
  const today = calendarDate(now, timeZone);
  const first =
    period === 'week'
      ? addDays(today, 1 - isoWeekday(today))
      : period === 'month'
        ? `${today.slice(0, 7)}-01`
        : `${today.slice(0, 4)}-01-01`;
  return { start: startOfDay(first, timeZone), end: now };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
