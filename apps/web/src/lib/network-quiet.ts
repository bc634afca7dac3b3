import type { QueryClient } from '@tanstack/react-query';

/**
 * Resolves once the page has fetched nothing for `quietMs`: no file or answer has finished
 * arriving (the Resource Timing entries) and no query or mutation is under way. Work that can
 * wait (the service worker's precache, issue 13) starts then, so that on a phone's slow
 * connection it does not compete with the first page's own chunks and data.
 */
export function whenNetworkQuiet(queryClient: QueryClient, quietMs: number): Promise<void> {
  return new Promise((resolve) => {
    let timer = 0;
    const wait = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(check, quietMs);
    };
    const check = () => {
      if (queryClient.isFetching() > 0 || queryClient.isMutating() > 0) return wait();
      observer.disconnect();
      resolve();
    };
    const observer = new PerformanceObserver(wait);
    observer.observe({ type: 'resource' });
    wait();
  });
}
