/**
 * A value made the first time it is asked for, then kept. For what is dear to make and may never be
 * needed at a module's top level: an `Intl` formatter loads its locale's data when made (the first
 * `Intl.NumberFormat('en-NG')` cost about 40 ms on a slow phone), and a page that shows no money
 * should not pay for it while its scripts start (issue 34's total blocking time).
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
