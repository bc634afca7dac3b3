import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { changeRole, deactivate, deleteUser, reactivate } from './users-test-support.ts';

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot show a race (STACK.md).
// Two admins each try to remove the other at the same moment; one must remain (DECISIONS 7).
const ROUNDS = 8;

let ctx: TestContext;
let first: SignedInClient;
let second: SignedInClient;
beforeEach(async () => {
  ctx = await createTestContext();
  first = await ctx.signedIn('admin');
  second = await ctx.signedIn('admin');
});
afterEach(async () => ctx?.close());

async function activeAdmins(): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(ctx.app.kobo.database.db, sql`select id from users where role = 'admin' and active`);
  return rows.map((row) => row.id);
}

/**
 * The loser of a race is refused in one of three ways, all correct: by the rule (409), or, when the
 * winner's commit came before the loser's request was read, as no longer an admin (403) or no
 * longer signed in (401: deactivation and deletion end sessions).
 */
const LOSING = [401, 403, 409];

/** Runs both requests at once; returns the statuses in (first, second) order. */
async function race(one: () => Promise<{ statusCode: number; body: string }>, other: () => Promise<{ statusCode: number; body: string }>) {
  const [a, b] = await Promise.all([one(), other()]);
  for (const response of [a, b]) if (response.statusCode >= 500) throw new Error(response.body);
  return [a.statusCode, b.statusCode];
}

function expectOneWinner(statuses: number[]) {
  const [winning, losing] = statuses.toSorted();
  expect(winning).toBe(200);
  expect(LOSING).toContain(losing);
}

describe('two admins removing each other at once', () => {
  it('demoting: one wins, one admin remains', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const statuses = await race(
        () => changeRole(first, second.userId, 'user'),
        () => changeRole(second, first.userId, 'user'),
      );
      expectOneWinner(statuses);
      const remaining = await activeAdmins();
      expect(remaining).toHaveLength(1);
      // The one left restores the other for the next round.
      const winner = remaining[0] === first.userId ? first : second;
      const loser = winner === first ? second : first;
      expect((await changeRole(winner, loser.userId, 'admin')).statusCode).toBe(200);
    }
  });

  it('deactivating: one wins, and one active admin remains', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const statuses = await race(
        () => deactivate(first, second.userId),
        () => deactivate(second, first.userId),
      );
      expectOneWinner(statuses);
      const remaining = await activeAdmins();
      expect(remaining).toHaveLength(1);
      const winner = remaining[0] === first.userId ? first : second;
      const loser = winner === first ? second : first;
      expect((await reactivate(winner, loser.userId)).statusCode).toBe(200);
      // Deactivation ended the loser's sessions: sign them in again.
      const signedIn = await loser.post('/api/auth/sign-in', { email: loser.email, password: loser.password });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
    }
  });

  it('deleting: one wins, and the winner is still an admin', async () => {
    const statuses = await race(
      () => deleteUser(first, second.userId),
      () => deleteUser(second, first.userId),
    );
    expectOneWinner(statuses);
    expect(await activeAdmins()).toHaveLength(1);
  });

  it('one demoting the other while that one deletes their own account: the first remains', async () => {
    const statuses = await race(
      () => changeRole(first, second.userId, 'manager'),
      () => second.request('DELETE', '/api/account', { confirm: true }),
    );
    // Either order is fine (demoted then leaving as a manager, or gone before the demotion: 404);
    // what must hold is that the first admin remains.
    expect(statuses[1]).toBe(204);
    expect([200, 404]).toContain(statuses[0]);
    expect(await activeAdmins()).toEqual([first.userId]);
  });

  it('many admins demoting one another at once never leave none', async () => {
    const more = [first, second, await ctx.signedIn('admin'), await ctx.signedIn('admin')];
    const responses = await Promise.all(
      more.flatMap((actor) => more.filter((target) => target !== actor).map((target) => changeRole(actor, target.userId, 'user'))),
    );
    expect(responses.filter((response) => response.statusCode >= 500)).toEqual([]);
    expect(await activeAdmins()).toHaveLength(1);
  });
});
