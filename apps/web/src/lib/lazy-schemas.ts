/**
 * Core's form schemas bring zod with them, 21 kB compressed. The pages a first visit opens
 * (sign-in, My Savings) load them when a form is first touched or sent, not with the page
 * (issue 13, docs/decisions/029-page-weight.md). Other pages import them as usual.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((failure: unknown) => {
      // A failed fetch (offline before the service worker had the file) may be tried again.
      loading = undefined;
      throw failure;
    }));
}

export const loadAuthSchemas = once(() => import('@kobo/core/schemas/auth.ts'));
export const loadSavingsSchemas = once(() => import('@kobo/core/schemas/savings.ts'));

/** For a form's onFocusCapture: start loading while the person types, so sending rarely waits. */
export function warm(load: () => Promise<unknown>): () => void {
  return () => void load().catch(() => undefined);
}
