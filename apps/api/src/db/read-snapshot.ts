import type { Database, Transaction } from './client.ts';

/**
 * Runs `read` in one REPEATABLE READ, READ ONLY transaction: every statement in it sees the
 * database as it was at the first, so figures shown together (a balance, a period's totals and
 * its list) agree with each other however many postings commit meanwhile (issue 26, part 7;
 * docs/decisions/040-read-snapshots.md). A read-only transaction at this level never fails on a
 * serialization conflict, so no retry is needed. On PGlite the transaction holds its single
 * connection, so no posting runs between the read's statements either.
 *
 * Takes the database, not a transaction: inside another transaction this would be a savepoint,
 * which cannot set its own isolation level.
 */
export async function readSnapshot<T>(db: Database, read: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
