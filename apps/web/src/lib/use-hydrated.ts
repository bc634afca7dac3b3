import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React renders on the server and while it takes over the server's HTML; true from the
 * first render after that, and always in a page the browser rendered itself. A form the server drew
 * keeps its submit button off until then: sent by the browser before the scripts run, it would go
 * as a GET with its fields (a password) in the address (docs/decisions/058).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
