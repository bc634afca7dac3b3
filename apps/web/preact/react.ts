import { options } from 'preact';
import { createElement, type ReactNode } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/** React 19.2's Activity for Preact: hidden content stays mounted, out of sight and of the layout. */
export function Activity({ mode = 'visible', children }: { mode?: 'visible' | 'hidden'; children?: ReactNode }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}

// Effects before the next input event and the next paint, as React flushes them after a discrete
// event, not after the next animation frame as Preact does. Otherwise a key pressed just after
// typing lands before the effect that answers the typing (a searchable select resetting its
// highlighted option would undo the ArrowDown that followed), and a component that measures in
// an effect (a media query choosing a table's columns) is painted once as it first rendered.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

// React 19's useOptimistic, which Preact lacks. React Router looks it up by name and, finding
// nothing, keeps the value as it is (its own fallback); declared so the build does not warn.
export const useOptimistic = undefined;
