import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built React app from the same origin as the API. Hashed assets are cached for a
 * year; index.html never, so a new release is picked up at once. Paths that are not files and
 * not /api get index.html, and the app's router takes over.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'the web app is not built: run `npm run build`; serving the API only');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders: (res, path) => {
      const isHashedAsset = path.includes(`${join(distDir, 'assets')}`);
      res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { config: { isPublic: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.callNotFound();
    }
    const path = request.url.split('?')[0] ?? '/';
    const file = join(distDir, path);
    if (path !== '/' && file.startsWith(distDir) && existsSync(file) && !path.endsWith('/')) {
      return reply.sendFile(path.slice(1));
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
  return true;
}
