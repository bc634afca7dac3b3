import { join, relative, resolve, dirname } from 'node:path';
import { build, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Where the server entry goes, inside the web build: `npm run build` and KOBO_WEB_DIST carry both. */
export const SERVER_DIR = 'server';

/**
 * After the browser's build, builds src/entry-server.tsx for Node into `<outDir>/server/`
 * (docs/decisions/058), so the one `vite build` that `npm run build` and the browser tests run
 * makes both. CSS is the browser build's: the server only needs class names,
 * which both builds name alike.
 */
export function ssrBuild(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'kobo-ssr-build',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react(), lazyPageModules(root)],
        // Production React on the server whatever NODE_ENV the API runs with.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        // Everything bundled: a build in KOBO_WEB_DIST (outside the repository) has no node_modules
        // above it to import packages from.
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: join(root, 'src/entry-server.tsx'),
          outDir: join(outDir, SERVER_DIR),
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
          rolldownOptions: {
            output: {
              // .mjs: no package.json says "module" above a build in KOBO_WEB_DIST.
              entryFileNames: '[name].mjs',
              // One file: the API loads it with require() (server-render.ts), and a lazily
              // imported chunk would load a second copy of React beside it.
              codeSplitting: false,
              // React's server build is CommonJS and requires Node's own modules.
              banner: "import { createRequire as __koboCreateRequire } from 'node:module'; const require = __koboCreateRequire(import.meta.url);",
            },
          },
        },
      });
    },
  };
}

/**
 * Writes each lazily loaded page's source file on its loader in src/app/lazy-pages.ts
 * (`lazyPage(() => import('../x.tsx'), …)` gains `module: 'src/x.tsx'`), so the server knows
 * which of the browser build's chunks (its manifest) a page it rendered needs.
 */
function lazyPageModules(root: string): Plugin {
  return {
    name: 'kobo-lazy-page-modules',
    // On the source as written, before TypeScript is stripped.
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]src[\\/]app[\\/]lazy-pages\.ts$/ },
      handler(code, id) {
        return code.replaceAll(/lazyPage\(\s*\(\) => import\('([^']+)'\)/g, (_call, path: string) => {
          const module = relative(root, resolve(dirname(id), path)).replaceAll('\\', '/');
          return `lazyPage(Object.assign(() => import('${path}'), { module: ${JSON.stringify(module)} })`;
        });
      },
    },
  };
}
