import { options } from 'preact';
import { createElement, type ReactNode } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/** React 19.2's Activity for Preact: hidden content stays mounted, out of sight and of the layout. */
export function Activity({ mode = 'visible', children }: { mode?: 'visible' | 'hidden'; children?: ReactNode }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}

// Effects when React runs them: in a task of their own right after the render, not after the next
// animation frame as Preact does. A component that measures in an effect (a media query choosing a
// table's columns, say) would otherwise be painted once as it first rendered: a table showing its
// phone and desktop columns together for a frame.
options.requestAnimationFrame = (flush) => void setTimeout(flush);
