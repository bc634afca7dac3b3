/** '26 Nov 2026', as the screens write a day: what a test expects to read for an ISO day. */
export function formatCalendarDay(day: string): string {
  return new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
