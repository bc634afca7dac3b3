import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app's import direction, as bulletproof-react's lint enforces it: app/ may use anything;
 * a feature may use lib/, components/ and itself, never another feature; lib/ and components/
 * never use a feature. oxlint's no-restricted-imports matches the import's text, not the file it
 * names, so it cannot tell "another feature" from "this one"; this test resolves each import.
 */

const SRC = dirname(fileURLToPath(import.meta.url));

// Static imports and re-exports (one line or several), bare side-effect imports, and import().
const IMPORT_PATTERNS = [
  /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return IMPORT_PATTERNS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** 'features/expenses', 'lib', 'components', 'app', … for a path inside src. */
function layerOf(pathInSrc: string): string {
  const [top = '', second = ''] = pathInSrc.split(sep);
  return top === 'features' ? `features/${second}` : top;
}

type Edge = { from: string; to: string };

/** Every import inside src, as the two files' paths relative to src. */
function internalImports(): Edge[] {
  return sourceFiles(SRC).flatMap((file) =>
    importsOf(file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({ from: relative(SRC, file), to: relative(SRC, resolve(dirname(file), specifier)) })),
  );
}

function breaksDirection({ from, to }: Edge): boolean {
  const source = layerOf(from);
  const target = layerOf(to);
  if (!target.startsWith('features/')) return false;
  if (source.startsWith('features/')) return source !== target;
  return source === 'lib' || source === 'components';
}

describe('web import direction', () => {
  const edges = internalImports();

  it('reads the imports it checks', () => {
    // If the patterns stopped matching, the rule below would pass on nothing.
    expect(edges).toContainEqual({ from: join('app', 'routes.tsx'), to: join('lib', 'paths.ts') });
    expect(edges.some((edge) => layerOf(edge.from) === 'app' && layerOf(edge.to).startsWith('features/'))).toBe(true);
  });

  it('keeps features apart, and lib/ and components/ free of features', () => {
    const broken = edges.filter(breaksDirection).map(({ from, to }) => `${from} imports ${to}`);
    expect(broken).toEqual([]);
  });
});
