import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSavingsContext } from '../modules/savings/savings-test-support.ts';
import type { SignedInClient, TestContext } from '../test/test-app.ts';
import { openEmptyDatabase, seedThroughApi, tableContents } from './backup-test-support.ts';
import { restoreBackup } from './restore-backup.ts';
import { takeBackup } from './take-backup.ts';

let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-11-15T09:00:00Z'),
);

const folder = mkdtempSync(join(tmpdir(), 'kobo-backup-across-'));
beforeAll(async () => seedThroughApi(admin));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the same backup file restores into either database', () => {
  it('moves PostgreSQL → PGlite → PostgreSQL with every table equal row by row', async () => {
    const original = await tableContents(ctx.app.kobo.database.db);
    expect(original.savings_transactions).toHaveLength(9);
    expect(original.loan_transactions).toHaveLength(3);

    const fromPostgres = join(folder, 'from-postgres.kobo-backup');
    await takeBackup(ctx.app.kobo.database, { out: fromPostgres });
    const pglite = await openEmptyDatabase('pglite');
    const postgres = await openEmptyDatabase('postgres');
    try {
      await restoreBackup(pglite.handle, readFileSync(fromPostgres));
      expect(await tableContents(pglite.handle.db)).toEqual(original);

      // The organisation that started on the laptop moves to a server the same way.
      const fromPglite = join(folder, 'from-pglite.kobo-backup');
      const taken = await takeBackup(pglite.handle, { out: fromPglite });
      expect(taken.manifest.source).toBe('pglite');
      await restoreBackup(postgres.handle, readFileSync(fromPglite));
      expect(await tableContents(postgres.handle.db)).toEqual(original);
    } finally {
      await pglite.drop();
      await postgres.drop();
    }
    // Two empty databases migrated from nothing, on a shared two-core machine.
  }, 240_000);
});
