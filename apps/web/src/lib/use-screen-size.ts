import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * What the server guessed the screen is (from the request's User-Agent / Sec-CH-UA-Mobile), handed
 * to the browser in the page (docs/decisions/058): a page rendered on the server and the browser's
 * first, hydrating render must agree, and the server has no window to measure. Once hydrated, each
 * hook follows the real width; a page rendered only in the browser reads the width at once.
 */
export type ScreenGuess = 'phone' | 'desktop';
export const ScreenGuessContext = createContext<ScreenGuess>('desktop');

/** At least Mantine's `sm` breakpoint (48em): room for a table. */
export function useIsWideScreen(): boolean {
  return useMedia('(min-width: 48em)', (guess) => guess === 'desktop');
}

/** Below Mantine's `xs` breakpoint (36em): modals take the whole screen. */
export function useIsPhone(): boolean {
  return useMedia('(max-width: 36em)', (guess) => guess === 'phone');
}

// Read at once, not after the first paint: a table that first renders as phone cards and then swaps
// would flicker. Only a hydrating render takes the server's guess (React's server snapshot).
function useMedia(query: string, guessed: (guess: ScreenGuess) => boolean): boolean {
  const guess = useContext(ScreenGuessContext);
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => guessed(guess),
  );
}
