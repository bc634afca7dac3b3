import { useCallback, useEffect, useRef, useState } from 'react';
import { SUCCESS_MESSAGE_TIMEOUT_MS } from './timing.ts';

/** A success message that clears itself after SPEC 9's timeout. */
export function useFlashMessage(timeoutMs: number = SUCCESS_MESSAGE_TIMEOUT_MS) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), timeoutMs);
    },
    [timeoutMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
