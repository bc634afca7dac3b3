import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger, Plugin } from 'vite';
import { brotli, isPrecompressed } from './precompress-plugin.ts';

/** A page whose first visit has a budget: the lazily loaded modules its route renders at once. */
export type PageBudget = {
  path: string;
  /** Issue 13's budget plus React: compressed bytes (1 kB = 1000 bytes) of everything the first visit downloads from the build. */
  budgetBytes: number;
  /** Modules loaded through import() as the page opens: paths under apps/web/, or package names. */
  lazyModules: string[];
};

/**
 * What React itself costs each page: the release build ships react-dom since issue 26 (before,
 * preact/compat stood in for it). Measured at 50.1 to 50.4 kB brotli on the three pages below;
 * each of issue 13's budgets is raised once by it (docs/decisions/029-page-weight.md).
 */
const REACT_BYTES = 51_000;

/**
 * Issue 13's three budgets, plus React. The lazy modules are what the router (src/app/lazy-pages.ts) and the
 * page itself load with import() as the page opens; the service worker's helper comes after the
 * page has loaded (src/lib/service-worker.ts), on every first visit.
 */
export const PAGE_BUDGETS: PageBudget[] = [
  { path: '/login', budgetBytes: 120_000 + REACT_BYTES, lazyModules: ['src/features/auth/components/login-page.tsx', 'workbox-window'] },
  {
    path: '/staff-savings',
    budgetBytes: 150_000 + REACT_BYTES,
    lazyModules: [
      'src/features/layout/components/app-layout.tsx',
      'src/features/savings/components/my-savings-account-page.tsx',
      'src/features/loans/components/holder/holder-loans-section.tsx',
      'workbox-window',
    ],
  },
  {
    path: '/dashboard',
    budgetBytes: 250_000 + REACT_BYTES,
    lazyModules: [
      'src/features/layout/components/app-layout.tsx',
      'src/features/dashboard/components/dashboard-page.tsx',
      'src/features/dashboard/components/spending-chart.tsx',
      'workbox-window',
    ],
  },
];

/** The graph walk's view of an output chunk: what Vite adds to Rolldown's chunk (viteMetadata). */
type ChunkView = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
};

/**
 * Issue 13's page weights, enforced by every build (docs/decisions/029-page-weight.md). After the
 * files are written, it works out from the bundle graph what a first visit to each page
 * downloads: index.html and what it links (icon, theme script, entry script, preloads,
 * stylesheet), the entry's static imports, the page's lazy chunks and their static imports, and
 * the CSS and assets all of those bring. It sums their sizes as the server sends them (the .br
 * copy where the build writes one) and fails the build when a page passes its budget. API
 * answers are not files of the build: e2e/page-weight.test.ts counts those in the browser.
 */
export function pageWeight(pages: PageBudget[] = PAGE_BUDGETS): Plugin {
  let outDir = '';
  let webRoot = '';
  let logger: Logger | undefined;
  return {
    name: 'kobo-page-weight',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      webRoot = config.root;
      logger = config.logger;
    },
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is typeof output & ChunkView => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('index.html'));
      if (!entry) this.error('page weight: the build has no entry chunk for index.html');
      const shellFiles = linkedFiles(readFileSync(join(outDir, 'index.html'), 'utf8'));
      const servedSizes = new Map<string, number>();
      const servedSize = (file: string) => {
        const cached = servedSizes.get(file);
        if (cached !== undefined) return cached;
        const bytes = readFileSync(join(outDir, file));
        const size = isPrecompressed(file, bytes) ? brotli(bytes).length : bytes.length;
        servedSizes.set(file, size);
        return size;
      };

      const lines: string[] = [];
      const overBudget: string[] = [];
      for (const page of pages) {
        const files = new Set(['index.html', ...shellFiles]);
        addWithImports(entry, chunks, files);
        for (const module of page.lazyModules) {
          const chunk = chunkHolding(module, chunks, webRoot);
          if (!chunk) this.error(`page weight: ${page.path} lists ${module}, which no chunk of the build holds`);
          addWithImports(chunk, chunks, files);
        }
        const missing = [...files].filter((file) => !existsSync(join(outDir, file)));
        if (missing.length > 0) this.error(`page weight: ${page.path} loads ${missing.join(', ')}, not in the build`);
        const total = [...files].reduce((sum, file) => sum + servedSize(file), 0);
        if (process.env.KOBO_PAGE_WEIGHT_FILES) {
          for (const file of [...files].toSorted((a, b) => servedSize(b) - servedSize(a))) logger?.info(`    ${page.path} ${kB(servedSize(file)).padStart(9)} ${file}`);
        }
        lines.push(`  ${page.path.padEnd(16)} ${kB(total).padStart(9)} of ${kB(page.budgetBytes)} in ${files.size} files`);
        if (total > page.budgetBytes) {
          overBudget.push(`${page.path} loads ${kB(total)} compressed on a first visit, over its budget of ${kB(page.budgetBytes)}`);
        }
      }
      logger?.info(`page weight, first visit, compressed as served:\n${lines.join('\n')}`);
      if (overBudget.length > 0) {
        this.error(`page weight over budget: ${overBudget.join('; ')}. See docs/decisions/029-page-weight.md.`);
      }
    },
  };
}

/** The chunk a module opens: a file under apps/web/ (src/…), or a package by its name. */
function chunkHolding(module: string, chunks: ChunkView[], webRoot: string): ChunkView | undefined {
  if (module.startsWith('src/')) {
    const moduleId = join(webRoot, module);
    return chunks.find((chunk) => chunk.facadeModuleId === moduleId) ?? chunks.find((chunk) => chunk.moduleIds.includes(moduleId));
  }
  const packageDir = `/node_modules/${module}/`;
  return chunks.find((chunk) => chunk.facadeModuleId?.includes(packageDir)) ?? chunks.find((chunk) => chunk.moduleIds.some((id) => id.includes(packageDir)));
}

/** The chunk, every chunk it imports statically (transitively), and their CSS and assets. */
function addWithImports(chunk: ChunkView, chunks: ChunkView[], files: Set<string>) {
  if (files.has(chunk.fileName)) return;
  files.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
  for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
  for (const imported of chunk.imports) {
    const next = chunks.find((candidate) => candidate.fileName === imported);
    if (next) addWithImports(next, chunks, files);
  }
}

/** Same-origin files index.html asks for as it loads: scripts, stylesheets, preloads, the icon. */
function linkedFiles(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const attributes = tag[0];
    const url = /\b(?:src|href)="\/([^"]+)"/.exec(attributes)?.[1];
    if (!url) continue;
    // The browser fetches a link only for these; others (apple-touch-icon, manifest) when it installs.
    const rel = /\brel="([^"]+)"/.exec(attributes)?.[1];
    if (tag[1] === 'link' && !['stylesheet', 'modulepreload', 'icon'].includes(rel ?? '')) continue;
    files.push(url);
  }
  return files;
}

function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
