// SPEC 9: dates use the Nigerian English locale.
const STYLES = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  longDate: { dateStyle: 'long' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * The time zone instants are shown in when not the browser's own: the organisation's (APP_TIMEZONE)
 * on the server, which has no browser clock to ask (src/entry-server.tsx), and in a browser taking
 * over a page the server drew, for the rest of that visit (src/main.tsx): otherwise a phone set to
 * another zone would draw other times than the server did (docs/decisions/058). Unset in a visit
 * the browser draws itself, which shows its own zone.
 */
let serverTimeZone: () => string | undefined = () => undefined;
export function showServerTimesIn(timeZone: () => string | undefined) {
  serverTimeZone = timeZone;
}

// Each format is made when first used, not while a page's scripts start: making one loads the
// locale's data (tens of milliseconds on a slow phone).
const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(style: keyof typeof STYLES): Intl.DateTimeFormat {
  const timeZone = serverTimeZone();
  const key = `${style}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-NG', { ...STYLES[style], ...(timeZone ? { timeZone } : {}) });
    formats.set(key, format);
  }
  return format;
}

/** '23 Nov 2026, 14:05' for an ISO instant, in the browser's own time zone (or the one above). */
export function formatDateTime(iso: string): string {
  return formatOf('dateTime').format(new Date(iso));
}

/** '23 Nov 2026' for an ISO instant. */
export function formatDate(iso: string): string {
  return formatOf('date').format(new Date(iso));
}

/** '23 November 2026' for an ISO instant. */
export function formatLongDate(iso: string): string {
  return formatOf('longDate').format(new Date(iso));
}

const dayInZone = new Map<string, Intl.DateTimeFormat>();

/**
 * The browser's calendar day as 'YYYY-MM-DD', for date inputs' defaults. On the server (and in a
 * visit that took over a page it drew), the organisation's day, as for the formats above: between 23:00 and midnight UTC the server's own
 * clock (UTC) is a day behind Lagos, and a page it drew disagreed with the browser taking it over.
 */
export function localIsoDate(date: Date): string {
  const timeZone = serverTimeZone();
  if (timeZone) {
    const format = dayInZone.get(timeZone) ?? new Intl.DateTimeFormat('en-NG', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayInZone.set(timeZone, format);
    const part = (type: string) => format.formatToParts(date).find((candidate) => candidate.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  }
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}
