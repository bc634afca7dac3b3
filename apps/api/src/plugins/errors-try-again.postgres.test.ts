import Fastify from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { registerErrorHandling } from './errors.ts';

/**
 * PostgreSQL only (PGlite runs one transaction at a time, so two cannot wait on each other): a real
 * deadlock (40P01) and a real serialization failure (40001), provoked through a probe route that
 * answers through the app's own error handler, are a 503 "try again" with Retry-After: 1, and the
 * transaction the database undid wrote nothing.
 */
let ctx: TestContext;
let first: string;
let second: string;

beforeAll(async () => {
  ctx = await createTestContext();
  first = (await ctx.signedIn('user')).userId;
  second = (await ctx.signedIn('user')).userId;
});
afterAll(async () => {
  await ctx?.close();
});

const TRY_AGAIN_BODY = {
  error: 'TRY_AGAIN',
  message: 'Kobo was busy with another change to the same records, so nothing was saved. Please try again.',
};

/** A promise and the function that settles it: one side of a meeting point between two transactions. */
function signal() {
  let resolveReached: (() => void) | undefined;
  const reached = new Promise<void>((resolve) => (resolveReached = resolve));
  return { reached, settle: () => resolveReached?.() };
}

async function namesOf(ids: string[]): Promise<Record<string, string>> {
  const rows = await ctx.app.kobo.database.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.name]));
}

describe('a transaction PostgreSQL undoes', () => {
  it('a deadlock is answered 503 "try again" with Retry-After: 1, and the undone side wrote nothing', async () => {
    const db = ctx.app.kobo.database.db;
    const locked = { A: signal(), B: signal() };
    const app = Fastify();
    registerErrorHandling(app);
    // Transaction A renames `first` then `second`; B renames them in the opposite order. Each takes
    // its first row, waits until the other holds its own, then asks for the other's: a deadlock.
    app.post<{ Params: { side: 'A' | 'B' } }>('/probe/:side', async (request) => {
      const { side } = request.params;
      const [mine, theirs] = side === 'A' ? [first, second] : [second, first];
      const other = side === 'A' ? locked.B : locked.A;
      await db.transaction(async (tx) => {
        await tx.update(users).set({ name: `Renamed by ${side}` }).where(eq(users.id, mine));
        locked[side].settle();
        await other.reached;
        await tx.update(users).set({ name: `Renamed by ${side}` }).where(eq(users.id, theirs));
      });
      return { side };
    });
    const [a, b] = await Promise.all([app.inject({ method: 'POST', url: '/probe/A' }), app.inject({ method: 'POST', url: '/probe/B' })]);
    await app.close();

    const answers = [a, b].map((response) => response.statusCode).toSorted();
    expect(answers).toEqual([200, 503]);
    const refused = a.statusCode === 503 ? a : b;
    const winner = a.statusCode === 200 ? 'A' : 'B';
    expect(refused.json()).toEqual(TRY_AGAIN_BODY);
    expect(refused.headers['retry-after']).toBe('1');
    // Both rows carry the winner's name: the undone transaction's first rename did not stay.
    expect(await namesOf([first, second])).toEqual({ [first]: `Renamed by ${winner}`, [second]: `Renamed by ${winner}` });
  });

  it('a serialization failure is answered the same way, and the undone transaction wrote nothing', async () => {
    const db = ctx.app.kobo.database.db;
    await db.update(users).set({ name: 'Before' }).where(inArray(users.id, [first, second]));
    const snapshotTaken = signal();
    const changedMeanwhile = signal();
    const app = Fastify();
    registerErrorHandling(app);
    // A repeatable-read transaction renames `second`, reads `first`, and then tries to rename
    // `first`, which another transaction changed and committed after its snapshot: 40001.
    app.post('/probe', async () => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set transaction isolation level repeatable read`);
        await tx.update(users).set({ name: 'Renamed by the probe' }).where(eq(users.id, second));
        await tx.select({ name: users.name }).from(users).where(eq(users.id, first));
        snapshotTaken.settle();
        await changedMeanwhile.reached;
        await tx.update(users).set({ name: 'Renamed by the probe' }).where(eq(users.id, first));
      });
      return {};
    });
    const probe = app.inject({ method: 'POST', url: '/probe' });
    await snapshotTaken.reached;
    await db.update(users).set({ name: 'Renamed meanwhile' }).where(eq(users.id, first));
    changedMeanwhile.settle();
    const response = await probe;
    await app.close();

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(TRY_AGAIN_BODY);
    expect(response.headers['retry-after']).toBe('1');
    expect(await namesOf([first, second])).toEqual({ [first]: 'Renamed meanwhile', [second]: 'Before' });
  });
});
