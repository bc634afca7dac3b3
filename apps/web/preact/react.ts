import { createElement, type ReactNode } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/** React 19.2's Activity for Preact: hidden content stays mounted, out of sight and of the layout. */
export function Activity({ mode = 'visible', children }: { mode?: 'visible' | 'hidden'; children?: ReactNode }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}
