import { queryOptions, useQuery } from '@tanstack/react-query';
import { calendarDate, type IsoDate } from '@kobo/core';
import { apiRequest } from './api-client.ts';

export type OrgCalendar = { timeZone: string; today: IsoDate };

export function getOrgCalendar(): Promise<OrgCalendar> {
  return apiRequest<OrgCalendar>('/api/calendar');
}

/**
 * The organisation's time zone (APP_TIMEZONE, DECISIONS "time"). Calendar days are its days, not
 * the browser's: someone travelling, or a laptop set to another zone, still gets Lagos's today.
 */
export function orgCalendarQueryOptions() {
  return queryOptions({ queryKey: ['calendar'], queryFn: getOrgCalendar, staleTime: Infinity });
}

/** Today in the organisation's zone, computed now (so a page left open past midnight moves on). */
export function useOrgToday(): { today: IsoDate | null; isError: boolean } {
  const calendar = useQuery(orgCalendarQueryOptions());
  if (calendar.data) return { today: todayIn(calendar.data), isError: false };
  return { today: null, isError: calendar.isError };
}

function todayIn(calendar: OrgCalendar): IsoDate {
  try {
    return calendarDate(new Date(), calendar.timeZone);
  } catch {
    // A browser that does not know the zone: the server's answer is at most one load old.
    return calendar.today;
  }
}
