import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/test-app.ts';

/**
 * Issue 28: an outside team builds on Kobo from its document alone. The served document is turned
 * into types with openapi-typescript, and small programs using openapi-fetch are typechecked with
 * Kobo's own tsc: one that lists expenses, records one, reads a balance and posts a batch, and one
 * whose body is wrong, which must not compile (docs/decisions/044-route-contracts.md).
 */
const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const nodeModules = join(root, 'node_modules');

let context: TestContext;
let folder: string;

// openapi-typescript prints with TypeScript 5's compiler API, which TypeScript 7 (Kobo's) does not
// have: in its own process, its `typescript` is the typescript-5 alias.
const TYPESCRIPT_5_HOOK = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent("export async function resolve(s, c, n) { return n(s === 'typescript' ? 'typescript-5' : s, c); }"));
`;

const CLIENT_HEADER = `import createClient from 'openapi-fetch';
import type { paths } from './kobo-api.js';

const kobo = createClient<paths>({ baseUrl: 'https://kobo.example.org', headers: { Authorization: 'Bearer kobo_example' } });
`;

const GOOD_PROGRAM = `${CLIENT_HEADER}
export async function integrate(): Promise<string[]> {
  const seen: string[] = [];
  const listed = await kobo.GET('/api/expenses', { params: { query: { limit: 20 } } });
  if (listed.data) for (const expense of listed.data.items) seen.push(expense.date + ' ' + expense.amountKobo.toFixed(0) + ' ' + expense.category.name);
  if (listed.error) seen.push(listed.error.error + ': ' + listed.error.message);

  const recorded = await kobo.POST('/api/expenses', { body: { categoryId: '0b6c2f2e-6f0e-4c43-9a55-2d2a6b1c3e10', amount: '2500.00', date: '2026-03-02' } });
  if (recorded.data) seen.push(recorded.data.expense.id, recorded.data.message);
  if (recorded.error) seen.push(recorded.error.error);

  const balance = await kobo.GET('/api/savings/me');
  if (balance.data) seen.push(String(balance.data.account.balanceKobo));

  const posted = await kobo.POST('/api/savings/batches', {
    params: { header: { 'Idempotency-Key': 'payroll-2026-03' } },
    body: { month: '2026-03', rows: [{ ref: 'KB-0001', amount: '5000.00' }] },
  });
  if (posted.data) seen.push(posted.data.batch.id);
  if (posted.error) seen.push(posted.error.error);
  return seen;
}
`;

const WRONG_BODY_PROGRAM = `${CLIENT_HEADER}
export async function record() {
  return kobo.POST('/api/expenses', { body: { categoryId: 42, amount: true, date: '2026-03-02' } });
}
`;

beforeAll(async () => {
  context = await createTestContext({ LOG_LEVEL: 'warn' });
  const response = await context.client().get('/api/openapi.json');
  if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
  folder = mkdtempSync(join(tmpdir(), 'kobo-client-'));
  symlinkSync(nodeModules, join(folder, 'node_modules'), 'dir');
  writeFileSync(join(folder, 'openapi.json'), response.body);
  writeFileSync(join(folder, 'typescript-5.mjs'), TYPESCRIPT_5_HOOK);
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
  const generator = join(nodeModules, 'openapi-typescript', 'bin', 'cli.js');
  await run(process.execPath, ['--import', join(folder, 'typescript-5.mjs'), generator, 'openapi.json', '-o', 'kobo-api.d.ts'], { cwd: folder });
}, 120_000);

afterAll(async () => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  await context.close();
});

/** Kobo's own tsc on one program and the generated types, strict; the exit code and what it printed. */
async function typecheck(name: string, program: string): Promise<{ code: number; output: string }> {
  writeFileSync(join(folder, `${name}.ts`), program);
  const config = {
    compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: true, types: [] },
    files: [`${name}.ts`],
  };
  writeFileSync(join(folder, `tsconfig.${name}.json`), JSON.stringify(config));
  try {
    const { stdout } = await run(join(nodeModules, '.bin', 'tsc'), ['-p', `tsconfig.${name}.json`], { cwd: folder });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? 1, output: failed.stdout ?? String(error) };
  }
}

describe('a client generated from the served document', () => {
  it('lists expenses, records one, reads a balance and posts a batch, typed', async () => {
    const { code, output } = await typecheck('integrate', GOOD_PROGRAM);
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 120_000);

  it('refuses to compile an expense whose body is wrong', async () => {
    const { code, output } = await typecheck('wrong-body', WRONG_BODY_PROGRAM);
    expect(code).not.toBe(0);
    // The item's id must be text, and the amount text or a number.
    expect(output).toContain("wrong-body.ts(7,47): error TS2322: Type 'number' is not assignable to type 'string'.");
    expect(output).toContain("wrong-body.ts(7,63): error TS2322: Type 'true' is not assignable to type 'string | number | undefined'.");
  }, 120_000);
});
