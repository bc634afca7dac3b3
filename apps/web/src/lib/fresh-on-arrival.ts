/**
 * How long an answer stays fresh once asked for as an address opens (a route's prefetch,
 * app/preload-route.ts) or carried in a page the server drew (docs/decisions/058): long enough to
 * serve the page's first render, and the browser taking a drawn page over, instead of being asked
 * again on mount. Postings, expense changes and live changes invalidate it sooner.
 */
export const FRESH_ON_ARRIVAL_MS = 5_000;
