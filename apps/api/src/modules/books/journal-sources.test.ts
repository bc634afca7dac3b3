import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNAL_SOURCE_LABELS, JOURNAL_SOURCES } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe("the journal's sources", () => {
  it('are the same list in the database, in the answers the books give and on screen', async () => {
    // The database's check constraint, which each migration that adds a source extends.
    const [row] = await queryRows<{ definition: string }>(
      ctx.app.kobo.database.db,
      sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'journal_entries_source_check'`,
    );
    const inDatabase = [...(row?.definition ?? '').matchAll(/'([a-z_]+)'/g)].map((match) => match[1]).toSorted();
    expect(inDatabase).toEqual(
      ['exit', 'expense', 'loan', 'loan_recovery', 'manual', 'opening', 'payroll', 'penalty', 'provision', 'savings', 'savings_batch', 'write_off', 'year_close', 'year_end'],
    );
    expect(JOURNAL_SOURCES.toSorted()).toEqual(inDatabase);
    expect(Object.keys(JOURNAL_SOURCE_LABELS).toSorted()).toEqual(inDatabase);
  });
});
