import { Suspense, lazy, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

const Notifications = lazy(async () => ({ default: (await import('./notifications-container.tsx')).Notifications }));

/**
 * Mantine's notification container, loaded with the first notification rather than with every
 * page: its code (transitions, swipe to dismiss) is about 8 kB compressed that most visits never
 * use (issue 13, docs/decisions/029-page-weight.md). `notifications.show()` only writes to a
 * store; the container shows what is there once it arrives, and stays for the rest of the visit.
 */
export function NotificationsOutlet() {
  const hasNotifications = useNotifications().notifications.length > 0;
  const [isNeeded, setIsNeeded] = useState(false);
  // Set while rendering (React's way to keep a value from an earlier render): once loaded, it stays.
  if (hasNotifications && !isNeeded) setIsNeeded(true);
  if (!isNeeded && !hasNotifications) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}
