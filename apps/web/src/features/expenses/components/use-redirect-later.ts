import { useCallback, useEffect, useRef } from 'react';

/** SPEC 9: the app goes to /expenses 2 s after an expense is saved, so the success message is read. */
export const REDIRECT_AFTER_SAVE_MS = 2000;

/**
 * Runs an action once after REDIRECT_AFTER_SAVE_MS, unless the page is left first or it is
 * cancelled: someone who starts typing again is never taken away (issue 14).
 */
export function useRedirectLater() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const later = useCallback((action: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, REDIRECT_AFTER_SAVE_MS);
  }, []);
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  return { later, cancel };
}
