import { Suspense, lazy, useRef, type ComponentType } from 'react';

/**
 * A dialog whose code (Mantine's Modal, its focus trap and scroll lock, the dialog's own form)
 * loads the first time it opens, not with the page: most visits never open it (issue 13). Once
 * opened it stays mounted, so it closes with its usual transition and opens again at once.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const hasOpened = useRef(false);
    if (isOpen(props)) hasOpened.current = true;
    if (!hasOpened.current) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
