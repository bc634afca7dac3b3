import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The release build runs the app on Preact through preact/compat, React's API in 10 kB instead of
 * react-dom's 58 kB compressed: with React, react-dom alone was half of the sign-in page's 120 kB
 * budget (issue 13, docs/decisions/029-page-weight.md). The source, its types and the dev server
 * (with React's fast refresh) stay on React; every browser test runs against this build, so what
 * ships is what is tested. `preact/react.ts` adds what compat lacks (React 19.2's Activity).
 */
export function preactForReact(): Plugin {
  return {
    name: 'kobo-preact-for-react',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
          { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
          { find: /^react$/, replacement: fileURLToPath(new URL('./preact/react.ts', import.meta.url)) },
        ],
      },
    }),
  };
}
