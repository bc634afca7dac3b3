import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * react-router 7's package.json sends every export condition to its development build
 * (remix-run/react-router#12532, "intended to be temporary"), which carries dev-only warnings
 * and checks into the production bundle. The production build sits beside it with the same
 * entry points; a release build uses it (issue 13: about 9 kB compressed off every first visit).
 * The dev server keeps the development build and its warnings.
 */
export function reactRouterProduction(): Plugin {
  const distDir = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
  return {
    name: 'kobo-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: join(distDir, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: join(distDir, 'dom-export.mjs') },
        ],
      },
    }),
  };
}
