import type { IsoDate } from '@kobo/core';

// SPEC 9: dates in the Nigerian English locale. A value date is a calendar day of APP_TIMEZONE
// ('2026-11-03'), read and shown in UTC so it stays that day: '3 Nov 2026', as the screens show it.
const DAY = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'UTC' });

export function formatDay(date: IsoDate): string {
  return DAY.format(new Date(`${date}T00:00:00Z`));
}

/** Who posted, as a holder reads it: 'you' for their own posting, else the officer's name and email. */
export function postedByLine(poster: { id: string | null; name: string | null; email: string }, holderId: string): string {
  if (poster.id === holderId) return 'you';
  return poster.name ? `${poster.name} (${poster.email})` : poster.email;
}

/** Where a holder sees their savings: staff at /staff-savings, a regular user at /savings (SPEC 2). */
export function savingsPage(appUrl: string, role: string): string {
  return `${appUrl}${role === 'staff' ? '/staff-savings' : '/savings'}`;
}

/** The closing lines of every mail a person can turn off: which switch, and where it is. */
export function optOutFooter(appUrl: string, label: string): string[] {
  return ['', `You get this email because "${label}" is on in your Kobo settings. To turn it off: ${appUrl}/user-settings`];
}
