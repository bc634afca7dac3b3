import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pageWeight } from './page-weight-plugin.ts';
import { precompress } from './precompress-plugin.ts';
import { pwa } from './pwa-plugin.ts';
import { reactRouterProduction } from './react-router-production-plugin.ts';
import { mantineLeanImports } from './mantine-lean-imports-plugin.ts';
import { iconModules } from './icon-modules-plugin.ts';
import { ssrBuild } from './ssr-build-plugin.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// Run from the repository root: `vite build --config apps/web/vite.config.ts`. The API serves
// apps/web/dist at the same origin; in development Vite proxies /api to it instead.
export default defineConfig({
  root: webRoot,
  plugins: [react(), reactRouterProduction(), mantineLeanImports(), iconModules(), precompress(), pwa(), pageWeight(), ssrBuild()],
  build: {
    // KOBO_WEB_DIST lets several builds (parallel work, parallel test runs) keep their own output.
    outDir: process.env.KOBO_WEB_DIST ?? fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Which chunks and styles each source file needs: a page rendered on the server links its own
    // (apps/api/src/plugins/server-render.ts, docs/decisions/058).
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger files: on a phone's HTTP/1.1 connection each request costs a round trip
        // (issue 13). Mantine's modules that many chunks share, and the app's own shared helpers,
        // go in one file each instead of dozens of 1 kB ones. The share counts are where the three
        // budgeted pages stayed within budget with the fewest files: fewer files loaded faster in
        // bench:load every time (docs/decisions/029). Raised from 14 and 7 when issue 27's five
        // books pages made more modules "shared" and pulled them onto /login's first visit; the
        // Mantine count raised from 17 to 24 when issue 33's loan pages did it again (/login 194 kB).
        codeSplitting: {
          groups: [
            { name: 'mantine-shared', test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/, minShareCount: 24 },
            {
              name: 'app-shared',
              test: /apps[\\/]web[\\/]src[\\/](lib|components)[\\/]|packages[\\/]core[\\/]src[\\/](messages|money|periods|errors|savings|navigation|guards)\.ts$/,
              minShareCount: 8,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // Host stays the dev server's, so the API's same-origin check accepts the browser's Origin.
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
