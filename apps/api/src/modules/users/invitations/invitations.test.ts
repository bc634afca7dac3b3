import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@kobo/core';
import { redactUrl } from '../../../plugins/request-logging.ts';
import { accounts, invitations, mailOutbox, savingsAccounts } from '../../../db/schema.ts';
import { createTestContext, uniqueEmail, type SignedInClient, type TestContext } from '../../../test/test-app.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { expectNoRowsWritten } from '../../../test/row-counts.ts';
import { auditEntries, deactivate, signInAs } from '../users-test-support.ts';

/**
 * Invitations (issue 15, docs/decisions/023-invitations.md), over HTTP, with the mail received by a
 * real SMTP server on loopback and the clock under the test's control.
 */
const START = new Date('2026-11-24T09:00:00.000Z');
const SEVEN_DAYS_LATER = '2026-12-01T09:00:00.000Z';
let clock = START;

let ctx: TestContext;
let admin: SignedInClient;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ SMTP_URL: smtp.url, APP_URL: 'https://kobo.example' }, () => clock);
  admin = await ctx.signedIn('admin');
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const db = () => ctx.app.kobo.database.db;

function invite(body: Record<string, unknown>) {
  return admin.post('/api/users/invitations', body);
}

async function invited(overrides: { role?: string; name?: string; email?: string; phoneNumber?: string } = {}) {
  const response = await invite({ email: uniqueEmail('invitee'), name: 'Ada Invitee', role: 'user', ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().user as { id: string; email: string; name: string; role: string; staffId: string | null };
}

/** The newest invitation mail to `email`, once the outbox has sent what is due. */
async function invitationMailTo(email: string) {
  await ctx.app.kobo.outbox.drain();
  const mail = smtp.received.findLast((received) => received.to.includes(email));
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** The token in the newest invitation link mailed to `email`. */
async function tokenFor(email: string): Promise<string> {
  const link = /https:\/\/kobo\.example\/invitation\/([A-Za-z0-9_-]+)/.exec((await invitationMailTo(email)).text);
  if (!link?.[1]) throw new Error(`no invitation link in the mail to ${email}`);
  return link[1];
}

function accept(token: string, password = 'chosen-pw1') {
  return ctx.client().post(`/api/invitations/${token}/accept`, { password });
}

async function listed(email: string) {
  const page = (await admin.get(`/api/users?search=${encodeURIComponent(email)}`)).json();
  return page.users[0] as { id: string; invitation: unknown };
}

describe('inviting a person', () => {
  it.each([
    ['an empty body', {}, MESSAGES.addUserEmailRequired, 'email'],
    ['no name', { email: 'a@b.co', name: ' ', role: 'user' }, MESSAGES.addUserNameRequired, 'name'],
    ['no role', { email: 'a@b.co', name: 'Ada', role: '' }, MESSAGES.addUserRoleRequired, 'role'],
    ['a malformed email', { email: 'not-an-email', name: 'Ada', role: 'user' }, MESSAGES.addUserInvalidEmail, 'email'],
    ['an unknown role', { email: 'a@b.co', name: 'Ada', role: 'owner' }, MESSAGES.addUserInvalidRole, 'role'],
    ['a name of 101 characters', { email: 'a@b.co', name: 'A'.repeat(101), role: 'user' }, 'Name must be at most 100 characters', 'name'],
    ['a phone number with letters', { email: 'a@b.co', name: 'Ada', role: 'staff', phoneNumber: 'call me' }, MESSAGES.staffInvalidPhone, 'phoneNumber'],
    ['a phone number that is not text', { email: 'a@b.co', name: 'Ada', role: 'staff', phoneNumber: 8031234567 }, MESSAGES.staffInvalidPhone, 'phoneNumber'],
  ])('refuses %s with the add-user form’s message, and writes nothing', async (_name, body, message, field) => {
    await expectNoRowsWritten(db(), async () => {
      const response = await invite(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION', message, field });
    });
  });

  it('refuses an email that has an account, whatever its case, and writes nothing', async () => {
    const first = await invited();
    await expectNoRowsWritten(db(), async () => {
      const response = await invite({ email: first.email.toUpperCase(), name: 'Someone Else', role: 'user' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'USER_EMAIL_IN_USE', message: MESSAGES.addUserEmailInUse, field: 'email' });
    });
  });

  it('makes a staff member at once, without a password, with a staff ID, savings and phone, and an invitation for 7 days', async () => {
    const email = uniqueEmail('bola');
    const response = await invite({ email: `  ${email.toUpperCase()} `, name: ' Bola Staff ', role: 'staff', phoneNumber: ' +234 803 123 4567 ' });
    expect(response.statusCode, response.body).toBe(201);
    const { user, message, mail } = response.json();
    expect(message).toBe(MESSAGES.invitationSent);
    // A mail server is set: the mail leaves, and its link goes to nobody but the invitee (issue 26).
    expect(mail).toEqual({ delivery: 'sending', links: [] });
    expect(user).toMatchObject({
      email,
      name: 'Bola Staff',
      role: 'staff',
      active: true,
      accessLevel: 'readonly',
      phoneNumber: '+234 803 123 4567',
      invitation: { status: 'pending', expiresAt: SEVEN_DAYS_LATER },
    });
    expect(user.staffId).toMatch(/^STF\d{3,}$/);
    const [savings] = await db().select().from(savingsAccounts).where(eq(savingsAccounts.userId, user.id));
    expect(savings).toMatchObject({ balanceKobo: 0, staffId: user.staffId, holderName: 'Bola Staff' });
    // No credential: they cannot sign in with any password until they choose one.
    expect(await db().select().from(accounts).where(eq(accounts.userId, user.id))).toEqual([]);
    const signIn = await signInAs(ctx.client(), email, 'password1');
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toMatchObject({ message: MESSAGES.wrongPassword });

    expect((await listed(email)).invitation).toEqual({ status: 'pending', expiresAt: SEVEN_DAYS_LATER });
    const [created] = await auditEntries(admin, { kind: 'user.created', userId: user.id });
    expect(created?.after).toMatchObject({ email, role: 'staff', staffId: user.staffId, invited: true, savingsAccountOpened: true });
    const [sent] = await auditEntries(admin, { kind: 'user.invited', userId: user.id });
    expect(sent).toMatchObject({ actor: { id: admin.userId }, before: null, after: { invitationExpiresAt: SEVEN_DAYS_LATER } });
  });

  it('takes the next staff ID from the counter Add user and Add New Staff use', async () => {
    const added = (await admin.post('/api/users', { email: uniqueEmail('added'), name: 'Added Staff', password: 'secret1', role: 'staff' })).json().user;
    const invitedStaff = await invited({ role: 'staff' });
    expect(Number(invitedStaff.staffId?.slice(3))).toBe(Number(added.staffId.slice(3)) + 1);
  });

  it('mails a link that opens the invitation, storing only the SHA-256 of its token', async () => {
    const person = await invited({ name: 'Chika Mailed', role: 'manager' });
    const mail = await invitationMailTo(person.email);
    expect(mail.raw).toContain('Subject: You are invited to Kobo');
    expect(mail.text).toContain('Hello Chika Mailed,');
    expect(mail.text).toContain(`has made you a Kobo account for ${person.email} (role: Manager).`);
    expect(mail.text).toContain('The link works once and expires in 7 days.');
    const token = await tokenFor(person.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await db().select().from(invitations).where(eq(invitations.userId, person.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);
    // Once sent, the queue keeps no working link.
    const queued = await db().select().from(mailOutbox).where(eq(mailOutbox.toEmail, person.email));
    expect(queued.map((row) => row.body)).toEqual(['(sent; the link it held is not kept)']);

    const opened = await ctx.client().get(`/api/invitations/${token}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ name: 'Chika Mailed', email: person.email, role: 'manager' });
  });
});

describe('accepting an invitation', () => {
  it('sets the first password once: the person signs in with it, and the link is then used', async () => {
    const person = await invited({ name: 'Dayo Accepts', role: 'staff' });
    const token = await tokenFor(person.email);

    // Opening the link writes nothing.
    await expectNoRowsWritten(db(), async () => {
      expect((await ctx.client().get(`/api/invitations/${token}`)).statusCode).toBe(200);
    });
    const tooShort = await accept(token, '12345');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({ message: MESSAGES.passwordTooShort, field: 'password' });

    const accepted = await accept(token, 'dayo-secret1');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ email: person.email, message: MESSAGES.invitationAccepted });
    const signIn = await signInAs(ctx.client(), person.email, 'dayo-secret1');
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().user).toMatchObject({ id: person.id, role: 'staff' });
    expect((await listed(person.email)).invitation).toBeNull();

    const [entry] = await auditEntries(admin, { kind: 'user.invitation_accepted', userId: person.id });
    expect(entry).toMatchObject({ actor: { id: person.id, email: person.email }, target: { type: 'user', id: person.id }, after: { passwordSet: true } });
    expect(JSON.stringify(entry)).not.toContain('dayo-secret1');

    // The link works once.
    await expectNoRowsWritten(db(), async () => {
      const again = await accept(token, 'other-secret1');
      expect(again.statusCode).toBe(410);
      expect(again.json()).toMatchObject({ error: 'INVITATION_USED', message: MESSAGES.invitationUsed });
      const reopened = await ctx.client().get(`/api/invitations/${token}`);
      expect(reopened.statusCode).toBe(410);
    });
    expect((await signInAs(ctx.client(), person.email, 'other-secret1')).statusCode).toBe(401);
  });

  it('lets one of five accepts at the same moment win; the others are told the link is used', async () => {
    const person = await invited();
    const token = await tokenFor(person.email);
    const passwords = ['race-secret1', 'race-secret2', 'race-secret3', 'race-secret4', 'race-secret5'];
    const answers = await Promise.all(passwords.map((password) => accept(token, password)));
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([200, 410, 410, 410, 410]);
    expect(answers.filter((answer) => answer.statusCode === 410).map((answer) => answer.json().error)).toEqual(Array(4).fill('INVITATION_USED'));
    expect(await db().select().from(accounts).where(eq(accounts.userId, person.id))).toHaveLength(1);
    const winner = passwords[answers.findIndex((answer) => answer.statusCode === 200)] ?? '';
    expect((await signInAs(ctx.client(), person.email, winner)).statusCode).toBe(200);
    for (const loser of passwords.filter((password) => password !== winner)) {
      expect((await signInAs(ctx.client(), person.email, loser)).statusCode).toBe(401);
    }
    expect(await auditEntries(admin, { kind: 'user.invitation_accepted', userId: person.id })).toHaveLength(1);
  });

  it('works until 7 days after it was sent, and from then on is gone and changes nothing', async () => {
    const person = await invited();
    const token = await tokenFor(person.email);
    try {
      clock = new Date(new Date(SEVEN_DAYS_LATER).getTime() - 1);
      expect((await ctx.client().get(`/api/invitations/${token}`)).statusCode).toBe(200);
      clock = new Date(SEVEN_DAYS_LATER);
      await expectNoRowsWritten(db(), async () => {
        const opened = await ctx.client().get(`/api/invitations/${token}`);
        expect(opened.statusCode).toBe(410);
        expect(opened.json()).toMatchObject({ error: 'INVITATION_EXPIRED', message: MESSAGES.invitationExpired });
        const accepted = await accept(token);
        expect(accepted.statusCode).toBe(410);
        expect(accepted.json()).toMatchObject({ error: 'INVITATION_EXPIRED' });
      });
      expect((await listed(person.email)).invitation).toEqual({ status: 'expired', expiresAt: SEVEN_DAYS_LATER });
    } finally {
      clock = START;
    }
  });

  it('is refused to a deactivated person, as their sign-in would be', async () => {
    const person = await invited();
    const token = await tokenFor(person.email);
    expect((await deactivate(admin, person.id)).statusCode).toBe(200);
    await expectNoRowsWritten(db(), async () => {
      const opened = await ctx.client().get(`/api/invitations/${token}`);
      expect(opened.statusCode).toBe(403);
      expect(opened.json()).toMatchObject({ error: 'ACCOUNT_DISABLED', message: MESSAGES.accountDisabled });
      expect((await accept(token)).statusCode).toBe(403);
    });
  });

  it('is used up once the person set a password another way (Forgot password)', async () => {
    const person = await invited();
    const token = await tokenFor(person.email);
    expect((await ctx.client().post('/api/auth/forgot-password', { email: person.email })).statusCode).toBe(200);
    const resetMail = smtp.received.findLast((mail) => mail.to.includes(person.email) && mail.text.includes('/reset-password?token='));
    const resetToken = /reset-password\?token=([^\s]+)/.exec(resetMail?.text ?? '')?.[1] ?? '';
    const reset = await ctx.client().post('/api/auth/reset-password', { token: decodeURIComponent(resetToken), password: 'reset-secret1', confirmPassword: 'reset-secret1' });
    expect(reset.statusCode, reset.body).toBe(200);

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(410);
    expect(accepted.json()).toMatchObject({ error: 'INVITATION_USED' });
    expect((await listed(person.email)).invitation).toBeNull();
    expect((await signInAs(ctx.client(), person.email, 'reset-secret1')).statusCode).toBe(200);
  });
});

describe('resending and withdrawing', () => {
  it('resends a new link for 7 more days; the earlier link stops working', async () => {
    const person = await invited({ name: 'Emeka Resent' });
    const first = await tokenFor(person.email);
    try {
      clock = new Date('2026-11-26T12:30:00.000Z');
      const resent = await admin.post(`/api/users/${person.id}/invitation`);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json()).toEqual({ invitation: { status: 'pending', expiresAt: '2026-12-03T12:30:00.000Z' }, message: MESSAGES.invitationResent, mail: { delivery: 'sending', links: [] } });
      const second = await tokenFor(person.email);
      expect(second).not.toBe(first);

      const old = await ctx.client().get(`/api/invitations/${first}`);
      expect(old.statusCode).toBe(410);
      expect(old.json()).toMatchObject({ error: 'INVITATION_WITHDRAWN', message: MESSAGES.invitationWithdrawnOrReplaced });
      expect((await accept(first)).statusCode).toBe(410);
      const [entry] = await auditEntries(admin, { kind: 'user.invited', userId: person.id });
      expect(entry).toMatchObject({ before: { invitationExpiresAt: SEVEN_DAYS_LATER }, after: { invitationExpiresAt: '2026-12-03T12:30:00.000Z' } });
      expect((await accept(second, 'emeka-secret1')).statusCode).toBe(200);
    } finally {
      clock = START;
    }
  });

  it('resends an expired invitation', async () => {
    const person = await invited();
    try {
      clock = new Date('2026-12-10T09:00:00.000Z');
      expect((await listed(person.email)).invitation).toEqual({ status: 'expired', expiresAt: SEVEN_DAYS_LATER });
      expect((await admin.post(`/api/users/${person.id}/invitation`)).statusCode).toBe(200);
      expect((await accept(await tokenFor(person.email))).statusCode).toBe(200);
    } finally {
      clock = START;
    }
  });

  it('withdraws the open invitation: its link stops working, the person stays without a password; a second withdraw records nothing', async () => {
    const person = await invited();
    const token = await tokenFor(person.email);
    const withdrawn = await admin.request('DELETE', `/api/users/${person.id}/invitation`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({ invitation: { status: 'withdrawn', expiresAt: null }, message: MESSAGES.invitationWithdrawn });
    expect((await ctx.client().get(`/api/invitations/${token}`)).statusCode).toBe(410);
    expect((await accept(token)).statusCode).toBe(410);
    expect((await listed(person.email)).invitation).toEqual({ status: 'withdrawn', expiresAt: null });
    const [entry] = await auditEntries(admin, { kind: 'user.invitation_withdrawn', userId: person.id });
    expect(entry).toMatchObject({ actor: { id: admin.userId }, before: { invitationExpiresAt: SEVEN_DAYS_LATER }, after: null });

    await expectNoRowsWritten(db(), async () => {
      expect((await admin.request('DELETE', `/api/users/${person.id}/invitation`)).statusCode).toBe(200);
    });
    // A new invitation after a withdrawal works.
    expect((await admin.post(`/api/users/${person.id}/invitation`)).statusCode).toBe(200);
    expect((await accept(await tokenFor(person.email))).statusCode).toBe(200);
  });

  it('refuses to invite someone who has a password or is deactivated, and an unknown id, writing nothing', async () => {
    const withPassword = (await admin.post('/api/users', { email: uniqueEmail('haspw'), name: 'Has Password', password: 'secret1', role: 'user' })).json().user;
    const inactive = await invited();
    expect((await deactivate(admin, inactive.id)).statusCode).toBe(200);
    await expectNoRowsWritten(db(), async () => {
      const again = await admin.post(`/api/users/${withPassword.id}/invitation`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'ALREADY_HAS_PASSWORD', message: MESSAGES.alreadyHasPassword });
      const toInactive = await admin.post(`/api/users/${inactive.id}/invitation`);
      expect(toInactive.statusCode).toBe(409);
      expect(toInactive.json()).toMatchObject({ error: 'INVITE_INACTIVE_ACCOUNT', message: MESSAGES.inviteInactiveAccount });
      expect((await admin.post('/api/users/00000000-0000-4000-8000-000000000000/invitation')).statusCode).toBe(404);
      expect((await admin.request('DELETE', '/api/users/00000000-0000-4000-8000-000000000000/invitation')).statusCode).toBe(404);
    });
  });

  it('is for administrators only', async () => {
    const person = await invited();
    for (const role of ['manager', 'user', 'staff'] as const) {
      const caller = await ctx.signedIn(role);
      expect((await caller.post('/api/users/invitations', { email: uniqueEmail('x'), name: 'X', role: 'user' })).statusCode).toBe(403);
      expect((await caller.post(`/api/users/${person.id}/invitation`)).statusCode).toBe(403);
      expect((await caller.request('DELETE', `/api/users/${person.id}/invitation`)).statusCode).toBe(403);
    }
    expect((await ctx.client().post('/api/users/invitations', {})).statusCode).toBe(401);
  });
});

describe('a hostile link or body', () => {
  it('answers made-up, altered and oddly spelled tokens with 4xx, and writes nothing', async () => {
    const person = await invited();
    const token = await tokenFor(person.email);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    // A NUL or half a surrogate pair is refused by the input guard (400); anything else of a sane
    // length is no invitation (404).
    const targets: [string, number[]][] = [
      ['not-a-token', [404]],
      [altered, [404]],
      [token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(), [404]],
      [`${token}=`, [404]],
      [`${token}%3D`, [404]],
      [`${token}x`, [404]],
      [`%20${token}`, [404]],
      [`${token}%00`, [400]],
      ['%00', [400]],
      ['%ED%A0%BD', [400, 404]],
      ['%E0%A4%A', [400, 404]],
      // Longer than the router takes for a parameter: 414 URI Too Long, before any handler.
      ['x'.repeat(150), [414]],
      ['x'.repeat(5000), [414]],
      [encodeURIComponent("'; drop table invitations; --"), [404]],
    ];
    await expectNoRowsWritten(db(), async () => {
      for (const [target, statuses] of targets) {
        const opened = await ctx.client().get(`/api/invitations/${target}`);
        expect(statuses, `GET ${target.slice(0, 60)}: ${opened.statusCode}`).toContain(opened.statusCode);
        const accepted = await ctx.client().post(`/api/invitations/${target}/accept`, { password: 'hostile-pw1' });
        expect(statuses, `POST ${target.slice(0, 60)}: ${accepted.statusCode}`).toContain(accepted.statusCode);
      }
    });
    // The real link still works after all that.
    expect((await ctx.client().get(`/api/invitations/${token}`)).statusCode).toBe(200);
  });

  it('refuses a password that is no text, holds a NUL, or is huge, and writes nothing', async () => {
    const person = await invited();
    const token = await tokenFor(person.email);
    await expectNoRowsWritten(db(), async () => {
      for (const body of [{}, { password: 123456789 }, { password: null }, { password: ['secret1'] }, { password: 'secret\u0000x' }, { password: 'x'.repeat(129) }, { password: 'x'.repeat(1_000_000) }]) {
        const answer = await ctx.client().post(`/api/invitations/${token}/accept`, body);
        expect([400, 413], JSON.stringify(body).slice(0, 60)).toContain(answer.statusCode);
      }
    });
    expect((await accept(token)).statusCode).toBe(200);
  });

  it('keeps the token out of the log', async () => {
    const person = await invited();
    const token = await tokenFor(person.email);
    await ctx.client().get(`/api/invitations/${token}`);
    await accept(token);
    expect(ctx.logs.join('\n')).not.toContain(token);
    expect(ctx.logs.join('\n')).toContain('/api/invitations/[redacted]/accept');
    // The web page's address too, which the app shell is served at.
    expect(redactUrl(`/invitation/${token}?from=mail`)).toBe('/invitation/[redacted]?from=mail');
  });
});
