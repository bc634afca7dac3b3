import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { appSettings } from '../../db/schema.ts';
import { createTestContext, uniqueEmail, type TestClient, type TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { auditEntries } from '../users/users-test-support.ts';

/**
 * The sign-up switch (issue 15, docs/decisions/023-invitations.md): open by default, as the spec
 * has it; off, /signup refuses new accounts, except the first on an empty database.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const db = () => ctx.app.kobo.database.db;

function signUp(client: TestClient, email = uniqueEmail('signup')) {
  return client.post('/api/auth/sign-up', { name: 'Ngozi Founder', email, password: 'secret1', confirmPassword: 'secret1' });
}

function setSignUp(client: TestClient, body: unknown) {
  return client.request('PUT', '/api/auth/sign-up-settings', body);
}

describe('the sign-up switch', () => {
  it('lets the first account in even when the setting is off, then refuses the next until an admin turns sign-up on', async () => {
    // Off before anyone exists (a database restored that way): the first account must still be made.
    await db().insert(appSettings).values({ key: 'auth.open_signup', value: 'false' });
    expect((await ctx.client().get('/api/auth/setup')).json()).toEqual({ needsFirstAdmin: true, openSignUp: true });

    const founder = ctx.client();
    const first = await signUp(founder);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().user.role).toBe('admin');
    expect((await ctx.client().get('/api/auth/setup')).json()).toEqual({ needsFirstAdmin: false, openSignUp: false });

    await expectNoRowsWritten(db(), async () => {
      const refused = await signUp(ctx.client());
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'SIGN_UP_CLOSED', message: MESSAGES.signUpClosed });
    });

    const opened = await setSignUp(founder, { openSignUp: true });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ settings: { openSignUp: true }, message: MESSAGES.signUpSettingSaved });
    expect((await ctx.client().get('/api/auth/setup')).json()).toEqual({ needsFirstAdmin: false, openSignUp: true });
    const second = await signUp(ctx.client());
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().user.role).toBe('user');

    const [entry] = await auditEntries(founder, { kind: 'signup.settings_changed' });
    expect(entry).toMatchObject({
      actor: { id: first.json().user.id },
      target: { type: 'settings', id: 'auth.open_signup', label: 'Open sign-up' },
      before: { openSignUp: false },
      after: { openSignUp: true },
    });
  });

  it('turns off and on for an admin, recording only real changes', async () => {
    const admin = await ctx.signedIn('admin');
    expect((await setSignUp(admin, { openSignUp: false })).json()).toEqual({ settings: { openSignUp: false }, message: MESSAGES.signUpSettingSaved });
    expect((await signUp(ctx.client())).statusCode).toBe(403);
    await expectNoRowsWritten(db(), async () => {
      expect((await setSignUp(admin, { openSignUp: false })).statusCode).toBe(200);
    });
    expect((await setSignUp(admin, { openSignUp: true })).statusCode).toBe(200);
    expect((await signUp(ctx.client())).statusCode).toBe(201);
    const entries = await auditEntries(admin, { kind: 'signup.settings_changed', userId: admin.userId });
    expect(entries.map((entry) => entry.after)).toEqual([{ openSignUp: true }, { openSignUp: false }]);
  });

  it('refuses anything but true or false, and callers other than an admin, changing nothing', async () => {
    const admin = await ctx.signedIn('admin');
    const others = [await ctx.signedIn('manager'), await ctx.signedIn('user'), await ctx.signedIn('staff')];
    await expectNoRowsWritten(db(), async () => {
      for (const body of [{}, { openSignUp: 'false' }, { openSignUp: 0 }, { openSignUp: null }, { openSignUp: 'x'.repeat(100_000) }, { openSignUp: 'a\u0000' }]) {
        const answer = await setSignUp(admin, body);
        expect(answer.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      }
      for (const other of others) expect((await setSignUp(other, { openSignUp: false })).statusCode).toBe(403);
      expect((await setSignUp(ctx.client(), { openSignUp: false })).statusCode).toBe(401);
    });
  });
});
