import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { openSavingsContext } from '../modules/savings/savings-test-support.ts';
import { expectNoRowsWritten } from '../test/row-counts.ts';
import type { SignedInClient, TestContext } from '../test/test-app.ts';
import { decodeBackup, encodeBackup } from './backup-file.ts';
import { openEmptyDatabase, seedThroughApi, tableContents } from './backup-test-support.ts';
import { restoreBackup } from './restore-backup.ts';
import { takeBackup } from './take-backup.ts';

const kind = process.env.KOBO_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-11-15T09:00:00Z'),
);

const folder = mkdtempSync(join(tmpdir(), 'kobo-backup-test-'));
let backupFile: string;
beforeAll(async () => {
  await seedThroughApi(admin);
  backupFile = join(folder, 'seeded.kobo-backup');
  await takeBackup(ctx.app.kobo.database, { out: backupFile, now: new Date('2026-11-15T10:00:00Z') });
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * Runs `check` on a new database of this project's kind, dropped afterwards: by default a copy of
 * the migrated test template (quick), `{ bare: true }` one without even Kobo's schema.
 */
async function withEmptyTarget(check: (target: DatabaseHandle) => Promise<void>, options: { bare?: boolean } = {}): Promise<void> {
  const target = options.bare ? await openEmptyDatabase(kind) : await openTestDatabase();
  try {
    await check(target.handle);
  } finally {
    await target.drop();
  }
}

/** The message `action` is refused with, having checked that the target holds exactly what it held before. */
async function refusalLeavingTarget(target: DatabaseHandle, action: () => Promise<unknown>): Promise<string> {
  const before = await tableContents(target.db);
  const message = await action().then(
    () => 'not refused',
    (error: unknown) => (error as Error).message,
  );
  expect(await tableContents(target.db)).toEqual(before);
  expect(before.users).toEqual([]);
  return message;
}

function rewrite(edit: (text: string) => string): Buffer {
  return gzipSync(edit(gunzipSync(readFileSync(backupFile)).toString('utf8')));
}

describe(`a backup on ${kind}`, () => {
  it('holds a manifest with the migration level, every row count and the ledger totals', () => {
    const { manifest } = decodeBackup(readFileSync(backupFile));
    expect(manifest).toMatchObject({ format: 'kobo-backup', formatVersion: 1, createdAt: '2026-11-15T10:00:00.000Z', source: kind });
    expect(manifest.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.rowCounts).toMatchObject({ savings_accounts: 2, savings_transactions: 9, savings_batches: 1, expenses: 1, loans: 1, loan_transactions: 3 });
    // Ada ₦100,000 − ₦2,500.50 − ₦1,000 + ₦5,000; Bola ₦50,000.25 + ₦700 − ₦700 + ₦1,000 + ₦5,000.
    expect(manifest.totals).toEqual({
      savingsBalances: '15749975',
      savingsLedger: '15749975',
      loanLedger: { disbursement: '12000000', fee: '100000', repayment: '1220000' },
    });
  });

  it('restores into an empty database of the same kind, every table equal row by row', async () => {
    await withEmptyTarget(
      async (target) => {
      const manifest = await restoreBackup(target, readFileSync(backupFile));
      expect(manifest.rowCounts.users).toBe(3);
      const restored = await tableContents(target.db);
      expect(restored).toEqual(await tableContents(ctx.app.kobo.database.db));
      expect(restored.savings_transactions).toHaveLength(9);
      },
      { bare: true },
    );
    // An empty database migrated from nothing first.
  }, 120_000);

  it('refuses a truncated file and leaves the target empty', async () => {
    const whole = readFileSync(backupFile);
    await withEmptyTarget(async (target) => {
      expect(await refusalLeavingTarget(target, () => restoreBackup(target, whole.subarray(0, Math.floor(whole.length * 0.7))))).toMatch('damaged or truncated');
    });
  });

  it('refuses a file with one byte changed, in the compressed file or in its contents', async () => {
    const flipped = Buffer.from(readFileSync(backupFile));
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = (flipped[middle] ?? 0) ^ 0x01;
    // Ada's deposit of ₦100,000 (10000000 kobo) made ₦900,000.
    const edited = rewrite((text) => text.replace('"10000000"', '"90000000"'));
    expect(edited.equals(readFileSync(backupFile))).toBe(false);
    await withEmptyTarget(async (target) => {
      expect(await refusalLeavingTarget(target, () => restoreBackup(target, flipped))).toMatch(/damaged/);
      expect(await refusalLeavingTarget(target, () => restoreBackup(target, edited))).toBe('The backup is damaged: its checksum does not match its contents.');
    });
  });

  it('refuses a file that is not a Kobo backup', async () => {
    await withEmptyTarget(async (target) => {
      await expect(restoreBackup(target, gzipSync('{"hello":"world"}\n'))).rejects.toThrow('This file is not a Kobo backup.');
      await expect(restoreBackup(target, Buffer.from('name,amount\nAda,100\n'))).rejects.toThrow('not a readable Kobo backup');
    });
  });

  it('refuses a backup from a newer Kobo', async () => {
    const { manifest, tables } = decodeBackup(readFileSync(backupFile));
    const future = encodeBackup({ ...manifest, migration: { tag: '0099_future', when: manifest.migration.when + 86_400_000 } }, tables).content;
    await withEmptyTarget(async (target) => {
      expect(await refusalLeavingTarget(target, () => restoreBackup(target, future))).toBe(
        'This backup comes from a newer Kobo (migration 0099_future); upgrade Kobo before restoring it.',
      );
    });
  });

  it('rolls the whole load back when the rows do not add up to the manifest', async () => {
    const { manifest, tables } = decodeBackup(readFileSync(backupFile));
    const wrongCount = encodeBackup({ ...manifest, rowCounts: { ...manifest.rowCounts, expenses: 2 } }, tables).content;
    const wrongTotal = encodeBackup({ ...manifest, totals: { ...manifest.totals, savingsLedger: '15749976' } }, tables).content;
    await withEmptyTarget(async (target) => {
      expect(await refusalLeavingTarget(target, () => restoreBackup(target, wrongCount))).toBe(
        "The restored rows do not match the backup's manifest (expenses: 1 loaded, 2 in the manifest); nothing was restored.",
      );
      expect(await refusalLeavingTarget(target, () => restoreBackup(target, wrongTotal))).toMatch('The restored ledgers do not add up');
      // The load is all or nothing: the good file still restores into the same target afterwards.
      await restoreBackup(target, readFileSync(backupFile));
      expect((await tableContents(target.db)).savings_transactions).toHaveLength(9);
    });
  });

  it('refuses a target that holds users or ledger rows, writing nothing', async () => {
    const source = ctx.app.kobo.database;
    await expectNoRowsWritten(source.db, async () => {
      await expect(restoreBackup(source, readFileSync(backupFile))).rejects.toThrow(
        'The target database is not empty (users, expenses, savings_transactions, loan_transactions, audit_log hold rows); restore only into a new, empty database.',
      );
    });
  });

  it('leaves only the finished file: it is written beside its name and renamed into place', () => {
    expect(readdirSync(folder)).toEqual(['seeded.kobo-backup']);
    expect(readFileSync(backupFile).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });
});
