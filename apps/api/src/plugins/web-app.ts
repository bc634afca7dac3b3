import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { loadServerRenderer } from './server-render.ts';

/**
 * Serves the built React app from the same origin as the API. Hashed assets are cached for a
 * year; everything else is revalidated on each use (`no-cache`): index.html, so a new release is
 * picked up at once, and the service worker (sw.js) and manifest.webmanifest, so an installed app
 * finds the new release's worker on its next visit (docs/decisions/030). Paths that are not files
 * and not /api get index.html, and the app's router takes over.
 */
/**
 * Headers that govern a document (a page or a worker) and mean nothing on a script, stylesheet or
 * image it loads: the security plugin sets them on every answer. A first visit fetches some 70
 * hashed files, and these were 600 of each one's 900 bytes of headers, about 40 kB of a phone's
 * 400 kbit/s (issue 13). Kept on assets: nosniff, Cross-Origin-Resource-Policy, caching, type.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * `serverRender`: whether the first screens are rendered on the server (SERVER_RENDER); `timeZone`:
 * the organisation's (APP_TIMEZONE), in which a server-rendered page shows its instants.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, { timeZone, serverRender }: { timeZone: string; serverRender: boolean }) {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'the web app is not built: run `npm run build`; serving the API only');
    return false;
  }
  // The built files and the app shell are public; the gate requires every route to say so.
  app.addHook('onRoute', (route) => {
    if (route.config?.access === undefined && (route.config as { file?: unknown } | undefined)?.file !== undefined) {
      route.config = { ...route.config, access: 'public' };
    }
  });
  const renderPage = serverRender ? await loadServerRenderer(app, distDir, timeZone) : null;
  await app.register(fastifyStatic, {
    root: distDir,
    // The server's own build and the chunk manifest are for this process, not for browsers.
    allowedPath: (pathName) => !isBuildPrivate(pathName),
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file (apps/web/precompress-plugin.ts); the
    // one the browser accepts is sent as it is, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders: (res, path) => {
      // Only files under assets/ carry a content hash in their name; sw.js never may be cached.
      const isHashedAsset = path.includes(`${join(distDir, 'assets')}`);
      res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (isHashedAsset) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
    },
  });
  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    // Whatever spelling reached this catch-all (/API/users, //api/users, /api%2Fusers), an
    // address in the API's space that no API route matched is a 404, not the app shell.
    const path = `/${(request.params as { '*': string })['*']}`;
    if (looksLikeApi(path)) return reply.callNotFound();
    if (isBuildPrivate(path)) return reply.callNotFound();
    const file = join(distDir, path);
    if (path !== '/' && file.startsWith(distDir) && existsSync(file) && !path.endsWith('/')) {
      return reply.sendFile(path.slice(1));
    }
    // The first screen rendered on the server, when the build has its entry (docs/decisions/058).
    if (renderPage && (await renderPage(request, reply))) return reply;
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
  return true;
}

function isBuildPrivate(path: string): boolean {
  return /^\/+(server|\.vite)(\/|$)/i.test(path);
}

function looksLikeApi(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes are not an app path either.
    return true;
  }
  return /^\/+api(\/|$)/i.test(decoded.replaceAll('\\', '/'));
}
