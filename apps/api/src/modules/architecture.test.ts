import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The API modules' import direction (issue 27): each module stands on a layer and imports only
 * modules of lower layers. The ledger (the journal, holds, value dates, idempotency, member
 * accounts) is under savings, loans and expenses; those three never import one another; what
 * moves savings and loans together (the monthly run) and what reads across them (the books,
 * reports) stands above them. A new module must be given a layer here.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['audit', 'events', 'expense-scope', 'health', 'backups'],
  ['ledger', 'savings-products', 'auth', 'mail', 'export', 'budgets', 'tokens', 'receipts'],
  // Issue 33's penalties: the loans' repayments and pages read them, so they stand beneath loans.
  ['loan-penalties'],
  ['savings', 'loans', 'expenses'],
  ['batches', 'books', 'expense-import', 'categories', 'dashboard', 'reports', 'users', 'savings-reports'],
  ['account', 'payroll', 'year-end', 'exits', 'loan-risk', 'loan-recovery'],
  // The AGM pack reads the year end's run and surplus, so it stands above it.
  ['year-end-pack'],
];

const MODULES = dirname(fileURLToPath(import.meta.url));
const IMPORT_PATTERNS = [
  /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Production files only: tests and their support files may reach across to set up data. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !/\.test\.ts$|-test-support\.ts$|-fixtures\.ts$/.test(entry.name) ? [path] : [];
  });
}

function layerOf(module: string): number {
  return LAYERS.findIndex((layer) => layer.includes(module));
}

/** Every import from one module into another, as 'from → to (file: import)'. */
function crossModuleImports(): { from: string; to: string; where: string }[] {
  return sourceFiles(MODULES).flatMap((file) => {
    const from = relative(MODULES, file).split(sep)[0] ?? '';
    const text = readFileSync(file, 'utf8');
    return IMPORT_PATTERNS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ''))
      .filter((spec) => spec.startsWith('.'))
      .flatMap((spec) => {
        const inModules = relative(MODULES, resolve(dirname(file), spec));
        if (inModules.startsWith('..')) return [];
        const to = inModules.split(sep)[0] ?? '';
        return to === from ? [] : [{ from, to, where: `${relative(MODULES, file)}: ${spec}` }];
      });
  });
}

describe("the API modules' imports", () => {
  it('give every module a layer', () => {
    const modules = readdirSync(MODULES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(modules.filter((module) => layerOf(module) < 0)).toEqual([]);
  });

  it('point only down: no module imports one of its own layer or above', () => {
    const wrong = crossModuleImports().filter(({ from, to }) => layerOf(to) >= layerOf(from));
    expect(wrong.map(({ from, to, where }) => `${from} → ${to} (${where})`)).toEqual([]);
  });

  it('keep savings, loans and expenses apart, on the ledger beneath them', () => {
    const between = crossModuleImports().filter(({ from, to }) => ['savings', 'loans', 'expenses'].includes(from) && ['savings', 'loans', 'expenses'].includes(to));
    expect(between).toEqual([]);
    const onLedger = new Set(crossModuleImports().filter(({ to }) => to === 'ledger').map(({ from }) => from));
    expect([...onLedger].filter((module) => ['savings', 'loans'].includes(module)).toSorted()).toEqual(['loans', 'savings']);
  });
});
