// SPEC 9: dates use the Nigerian English locale.
const dateTimeFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });
const longDateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long' });

/** '23 Nov 2026, 14:05' for an ISO instant, in the browser's own time zone. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** '23 Nov 2026' for an ISO instant. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** '23 November 2026' for an ISO instant. */
export function formatLongDate(iso: string): string {
  return longDateFormat.format(new Date(iso));
}

/** The browser's calendar day as 'YYYY-MM-DD', for date inputs' defaults. */
export function localIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}
