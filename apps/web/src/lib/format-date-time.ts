// SPEC 9: dates use the Nigerian English locale.
const dateTimeFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });
const longDateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long' });

/**
 * A page rendered on the server shows its instants in the organisation's time zone (APP_TIMEZONE),
 * where the browser that hydrates it normally is: the server has no browser clock to ask
 * (src/entry-server.tsx, docs/decisions/058). In the browser this stays unset.
 */
let serverTimeZone: () => string | undefined = () => undefined;
export function showServerTimesIn(timeZone: () => string | undefined) {
  serverTimeZone = timeZone;
}
const zoned = new Map<string, Intl.DateTimeFormat>();
function inZone(format: Intl.DateTimeFormat): Intl.DateTimeFormat {
  const timeZone = serverTimeZone();
  if (!timeZone) return format;
  const { dateStyle, timeStyle } = format.resolvedOptions();
  const key = `${dateStyle}|${timeStyle}|${timeZone}`;
  const found = zoned.get(key);
  if (found) return found;
  const made = new Intl.DateTimeFormat('en-NG', { dateStyle, timeStyle, timeZone });
  zoned.set(key, made);
  return made;
}

/** '23 Nov 2026, 14:05' for an ISO instant, in the browser's own time zone. */
export function formatDateTime(iso: string): string {
  return inZone(dateTimeFormat).format(new Date(iso));
}

/** '23 Nov 2026' for an ISO instant. */
export function formatDate(iso: string): string {
  return inZone(dateFormat).format(new Date(iso));
}

/** '23 November 2026' for an ISO instant. */
export function formatLongDate(iso: string): string {
  return inZone(longDateFormat).format(new Date(iso));
}

const dayInZone = new Map<string, Intl.DateTimeFormat>();

/**
 * The browser's calendar day as 'YYYY-MM-DD', for date inputs' defaults. On the server, the
 * organisation's day, as for the formats above: between 23:00 and midnight UTC the server's own
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
