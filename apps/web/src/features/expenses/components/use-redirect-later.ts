import { useEffect, useRef } from 'react';

/** SPEC 9: the app goes to /expenses 2 s after an expense is saved, so the success message is read. */
export const REDIRECT_AFTER_SAVE_MS = 2000;

/** Runs `action` once after REDIRECT_AFTER_SAVE_MS, unless the page is left first. */
export function useRedirectLater() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (action: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, REDIRECT_AFTER_SAVE_MS);
  };
}
