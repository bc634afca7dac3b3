import { useSyncExternalStore } from 'react';
import { Alert } from '@mantine/core';
import { FaWifi } from 'react-icons/fa';
import { madeOnFirstUse, MESSAGES } from '@kobo/core';
import { getOfflineSince, subscribeOfflineSince } from '../lib/offline-answers.ts';

// SPEC 9's locale; a 24-hour clock, as the rest of Kobo shows times.
const timeFormat = madeOnFirstUse(() => new Intl.DateTimeFormat('en-NG', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
const dayAndTimeFormat = madeOnFirstUse(() => new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));

/**
 * 'Offline — as of 14:05' while the page shows answers this device kept from an earlier visit
 * (the time the oldest of them was fetched; its day too when that was not today). Renders nothing
 * while every answer on screen is fresh.
 */
export function OfflineNotice() {
  // A page rendered on the server was fresh from it (docs/decisions/058): nothing kept stands in.
  const since = useSyncExternalStore(subscribeOfflineSince, getOfflineSince, () => null);
  if (since === null) return null;
  return (
    <Alert role="status" color="gray" variant="outline" icon={<FaWifi aria-hidden />} mb="md" c="var(--mantine-color-text)">
      {MESSAGES.offlineAsOf} {(since.wasToday ? timeFormat : dayAndTimeFormat)().format(since.fetchedAt)}
    </Alert>
  );
}
