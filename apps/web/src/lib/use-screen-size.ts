import { useMediaQuery } from '@mantine/hooks';

// Read at once, not after the first paint: this is a browser-only app, and a table that first
// renders as phone cards and then swaps would flicker.
const AT_ONCE = { getInitialValueInEffect: false };

/** At least Mantine's `sm` breakpoint (48em): room for a table. */
export function useIsWideScreen(): boolean {
  return useMediaQuery('(min-width: 48em)', undefined, AT_ONCE);
}

/** Below Mantine's `xs` breakpoint (36em): modals take the whole screen. */
export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 36em)', undefined, AT_ONCE);
}
