import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SavingsHolderListItem } from '@kobo/core';
import { addStaff, deposit, openSavingsContext, post } from '../modules/savings/savings-test-support.ts';
import { findLedgerDrift } from '../modules/ledger/ledger-drift.ts';
import type { SignedInClient, TestContext } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { restoreBackup } from './restore-backup.ts';
import { takeBackup } from './take-backup.ts';

let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened));

const folder = mkdtempSync(join(tmpdir(), 'kobo-backup-race-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('a backup taken while postings run', () => {
  it('restores to a consistent ledger: every balance equals its postings, the counts match the manifest', async () => {
    const holders: SavingsHolderListItem[] = [];
    for (let index = 0; index < 5; index += 1) {
      const holder = await addStaff(admin, { name: `Racing Holder ${index}` });
      await deposit(admin, holder.userId, '1,000');
      holders.push(holder);
    }
    const progress = { finished: 0 };
    const postings = Array.from({ length: 50 }, (_, index) =>
      post(admin, { userId: holders[index % 5]?.userId, type: index % 2 === 0 ? 'deposit' : 'withdrawal', amount: '10' }).then((answer) => {
        progress.finished += 1;
        return answer;
      }),
    );
    // Start the backup once the postings are under way, so it runs among them.
    while (progress.finished === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const file = join(folder, 'racing.kobo-backup');
    const [taken, ...answers] = await Promise.all([takeBackup(ctx.app.kobo.database, { out: file }), ...postings]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 50 }, () => 201));

    const inFile = taken.manifest.rowCounts.savings_transactions ?? 0;
    expect(inFile).toBeGreaterThanOrEqual(5 + 1);
    expect(inFile).toBeLessThanOrEqual(5 + 50);
    expect(taken.manifest.totals.savingsBalances).toBe(taken.manifest.totals.savingsLedger);

    const target = await openTestDatabase();
    try {
      const manifest = await restoreBackup(target.handle, readFileSync(file));
      expect(manifest.rowCounts.savings_transactions).toBe(inFile);
      expect(await findLedgerDrift(target.handle.db)).toEqual([]);
    } finally {
      await target.drop();
    }
  });
});
