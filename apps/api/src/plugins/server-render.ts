import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** apps/web/src/entry-server.tsx's contract, restated: the API does not import the web app's code. */
type ScreenGuess = 'phone' | 'desktop';
type RenderResult =
  | { kind: 'shell' }
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; modules: string[]; state: string; pipe: (destination: Writable) => void };
type ServerEntry = {
  render: (request: { url: string; apiGet: (path: string) => Promise<Response>; screenGuess: ScreenGuess; timeZone: string }) => Promise<RenderResult>;
};
type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };

/** Where the web build puts its server entry (apps/web/ssr-build-plugin.ts) and its chunk manifest. */
const ENTRY_FILE = join('server', 'entry-server.mjs');
const MANIFEST_FILE = join('.vite', 'manifest.json');
const BOOT_FRAME = /\s*<!--boot[\s\S]*<!--\/boot-->\s*/;

/**
 * A rendered page is this visitor's alone: no shared cache may keep it, and none may give it to
 * another cookie (docs/decisions/058). The service worker never stores it either (pwa-plugin.ts).
 */
const PRIVATE_PAGE = { 'cache-control': 'private, no-store', vary: 'Cookie' };

export type ServerRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/**
 * The first screen rendered on the server (issue 34, docs/decisions/058), when the web build has a
 * server entry; null when it has none, and the app shell is sent as before. Returns whether it
 * answered: an address the server does not render gets the shell from the caller.
 */
export async function loadServerRenderer(app: FastifyInstance, distDir: string, timeZone: string): Promise<ServerRenderer | null> {
  const entryPath = join(distDir, ENTRY_FILE);
  if (!existsSync(entryPath) || !existsSync(join(distDir, MANIFEST_FILE))) return null;
  const entry = require(entryPath) as ServerEntry;
  const manifest = JSON.parse(readFileSync(join(distDir, MANIFEST_FILE), 'utf8')) as Record<string, ManifestChunk>;
  const template = readFileSync(join(distDir, 'index.html'), 'utf8');
  const [shellHead, after] = template.split(BOOT_FRAME);
  if (shellHead === undefined || after === undefined) throw new Error('index.html has no <!--boot--> frame to render into');
  const { head: before, entry: entryScript, preloads: entryPreloads } = scriptsAfterPaint(stylesFirst(shellHead));
  const alreadyLinked = entryFiles(manifest);

  return async (request, reply) => {
    const cookie = request.headers.cookie;
    const screenGuess = guessScreen(request);
    const result = await entry.render({
      url: request.url,
      screenGuess,
      timeZone,
      // The API's own GET routes, in-process, as this visitor: the same sessions and permissions.
      apiGet: async (path) => {
        const answer = await app.inject({ method: 'GET', url: path, headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } });
        const empty = answer.statusCode === 204 || answer.statusCode === 304;
        return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? '') } });
      },
    });
    if (result.kind === 'shell') return false;
    reply.headers(PRIVATE_PAGE);
    if (result.kind === 'redirect') {
      await reply.redirect(result.location, 302);
      return true;
    }
    const { styles, scripts } = linksFor(result.modules, manifest, alreadyLinked);
    const startScripts = JSON.stringify({ entry: entryScript, preload: [...entryPreloads, ...scripts] });
    const html = new PassThrough();
    html.write(
      before
        // The session is in the page: the shell's early question for it would cross a slow line for nothing.
        .replace(/\s*<!-- Every page first asks who is signed in[\s\S]*?<link rel="preload" href="\/api\/auth\/session"[^>]*>/, '')
        .replace(STYLES_END, `${styles}${STYLES_END}`)
        .replace(SCRIPTS_AT, `<script type="application/json" id="kobo-scripts">${startScripts}</script>`)
        // The guess the render used, and the time zone its instants are shown in, for the browser's
        // hydrating render (src/main.tsx).
        .replace('<div id="root">', `<div id="root" data-screen="${screenGuess}" data-time-zone="${escapeAttribute(timeZone)}">`),
    );
    const rendered = new PassThrough();
    rendered.on('data', (chunk: Buffer) => html.write(chunk));
    rendered.on('end', () => {
      // The answers go in a data block: the Content-Security-Policy runs no inline script.
      html.end(after.replace('</body>', `<script type="application/json" id="kobo-state">${result.state}</script></body>`));
    });
    result.pipe(rendered);
    await reply.type('text/html; charset=utf-8').send(html);
    return true;
  };
}

/**
 * Node's own loader for the built entry (require of an ES module, Node 20.19 and later): it is a
 * finished bundle, and a test runner's loader (the e2e tests run this server inside Vitest) would
 * otherwise transform its megabytes again.
 */
const require = createRequire(import.meta.url);

/** A value for a double-quoted HTML attribute. */
function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** Phone or desktop, as the browser said (Sec-CH-UA-Mobile) or its User-Agent suggests; the browser follows its real width once running. */
function guessScreen(request: FastifyRequest): ScreenGuess {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (hint === '?1') return 'phone';
  if (hint === '?0') return 'desktop';
  return /Mobile|Android/i.test(request.headers['user-agent'] ?? '') ? 'phone' : 'desktop';
}

/** Files index.html already loads: the entry and its static imports. */
function entryFiles(manifest: Record<string, ManifestChunk>): Set<string> {
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) if (chunk.isEntry) collect(chunk, manifest, files, new Set());
  return files;
}

/** Marks where the stylesheets end in a rendered page's head (stylesFirst). */
const STYLES_END = '<!--/styles-->';

/**
 * The shell's head with its stylesheets gathered after the boot frame's own <style>, and STYLES_END
 * after them, where a rendered page's own styles go (the cascade's order kept). It first moved them
 * ahead of the scripts; scriptsAfterPaint now takes the scripts out of a rendered page's head
 * altogether, so what is left of it is the marker's place.
 */
function stylesFirst(head: string): string {
  const stylesheets = head.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  const rest = stylesheets.reduce((text, link) => text.replace(link, ''), head);
  // After the boot frame's own <style>, where they stood: the cascade's order is kept.
  return rest.replace('</style>', `</style>${stylesheets.join('')}${STYLES_END}`);
}

/** Marks where the shell's entry script stood in a rendered page's head (scriptsAfterPaint). */
const SCRIPTS_AT = '<!--scripts-->';

/**
 * The shell's head with its entry script and module preloads taken out, and what they named. A
 * rendered page is drawn without any script, so its scripts start after its first paint
 * (public/theme-init.js reads them from the page's `kobo-scripts` block then): on a phone's slow
 * line the paint then waits for the HTML and the styles only, not for the scripts' bytes sharing the
 * line with them (issue 34's largest contentful paint; docs/decisions/058).
 */
function scriptsAfterPaint(head: string): { head: string; entry: string; preloads: string[] } {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(head);
  if (!entry?.[1]) throw new Error('index.html has no module entry script');
  const preloads = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const rest = preloads.reduce((text, link) => text.replace(link[0], ''), head.replace(entry[0], SCRIPTS_AT));
  return { head: rest, entry: entry[1], preloads: preloads.map((link) => link[1] as string) };
}

/** Stylesheets and scripts for the lazily loaded pages a render showed, so their styles and code arrive with the page, not after it. */
function linksFor(modules: string[], manifest: Record<string, ManifestChunk>, alreadyLinked: Set<string>): { styles: string; scripts: string[] } {
  const files = new Set<string>();
  for (const module of modules) {
    const chunk = manifest[module];
    if (chunk) collect(chunk, manifest, files, alreadyLinked);
  }
  const all = [...files];
  return {
    styles: all.filter((file) => file.endsWith('.css')).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join(''),
    scripts: all.filter((file) => !file.endsWith('.css')).map((file) => `/${file}`),
  };
}

function collect(chunk: ManifestChunk, manifest: Record<string, ManifestChunk>, files: Set<string>, skip: Set<string>) {
  if (files.has(chunk.file) || skip.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) if (!skip.has(css)) files.add(css);
  for (const name of chunk.imports ?? []) {
    const imported = manifest[name];
    if (imported) collect(imported, manifest, files, skip);
  }
}
