import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { createTestContext, uniqueEmail, type SignedInClient, type TestContext } from '../test/test-app.ts';
import { addStaff, deposit } from '../modules/savings/savings-test-support.ts';

/**
 * Issue 26, part 3 (docs/decisions/037-mail-without-a-server.md): without SMTP_URL mail is only
 * written to the outbox folder. The answers say so instead of "sent", hand the admin or officer
 * who acted the link a kept mail held, and Settings › Outgoing mail counts what was kept.
 */
let ctx: TestContext;
let admin: SignedInClient;
const outboxDir = mkdtempSync(join(tmpdir(), 'kobo-kept-mail-'));

beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://kobo.example', OUTBOX_DIR: outboxDir });
  admin = await ctx.signedIn('admin');
});
afterAll(async () => {
  await ctx?.close();
  rmSync(outboxDir, { recursive: true, force: true });
});

/** The outgoing mail screen's answer, once the outbox has written what is due. */
async function outgoingMail() {
  await ctx.app.kobo.outbox.drain();
  const response = await admin.get('/api/mail/outbox?status=queued');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every mail the folder keeps for `email`, oldest first. */
function keptMailsTo(email: string): string[] {
  return readdirSync(outboxDir)
    .toSorted()
    .map((file) => readFileSync(join(outboxDir, file), 'utf8'))
    .filter((text) => text.includes(`To: ${email}`));
}

describe('Settings › Outgoing mail without a mail server', () => {
  it('says no mail server is set and counts the mails kept, not "waiting 0"', async () => {
    expect((await outgoingMail()).mailServer).toEqual({ isSet: false, kept: 0 });
    const email = uniqueEmail('kept');
    expect((await admin.post('/api/users/invitations', { email, name: 'Kemi Kept', role: 'user' })).statusCode).toBe(201);
    const page = await outgoingMail();
    expect(page.counts).toEqual({ queued: 0, failed: 0 });
    expect(page.mailServer).toEqual({ isSet: false, kept: 1 });
  });
});

describe('an invitation without a mail server', () => {
  it('is answered "not sent" with the accept link for the admin, the same link the kept mail holds, and the link works', async () => {
    const email = uniqueEmail('ada');
    const response = await admin.post('/api/users/invitations', { email, name: 'Ada Invitee', role: 'user' });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    expect(answer.message).toBe('No mail server is set, so the invitation was not sent. Give the person this link yourself: it works once and expires in 7 days.');
    expect(answer.message).not.toBe(MESSAGES.invitationSent);
    expect(answer.mail.delivery).toBe('kept');
    expect(answer.mail.links).toHaveLength(1);
    const [handOver] = answer.mail.links;
    expect(handOver.name).toBe('Ada Invitee');
    expect(handOver.email).toBe(email);
    expect(handOver.link).toMatch(/^https:\/\/kobo\.example\/invitation\/[A-Za-z0-9_-]{20,}$/);

    await ctx.app.kobo.outbox.drain();
    expect(keptMailsTo(email)).toHaveLength(1);
    expect(keptMailsTo(email)[0]).toContain(handOver.link);

    const token = handOver.link.split('/').at(-1);
    const accepted = await ctx.client().post(`/api/invitations/${token}/accept`, { password: 'chosen-pw1' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ email, message: MESSAGES.invitationAccepted });
  });

  it('sent again is answered "not sent" with the new link; the one before stops working', async () => {
    const email = uniqueEmail('chi');
    const first = (await admin.post('/api/users/invitations', { email, name: 'Chi Again', role: 'user' })).json();
    const resent = await admin.post(`/api/users/${first.user.id}/invitation`);
    expect(resent.statusCode, resent.body).toBe(200);
    const answer = resent.json();
    expect(answer.message).toBe('No mail server is set, so the new invitation was not sent. Give the person this link yourself: the earlier link no longer works.');
    expect(answer.mail.delivery).toBe('kept');
    const [handOver] = answer.mail.links;
    expect(handOver).toMatchObject({ name: 'Chi Again', email });
    expect(handOver.link).not.toBe(first.mail.links[0].link);
    expect((await ctx.client().get(`/api/invitations/${first.mail.links[0].link.split('/').at(-1)}`)).statusCode).toBe(410);
    expect((await ctx.client().get(`/api/invitations/${handOver.link.split('/').at(-1)}`)).json()).toEqual({ name: 'Chi Again', email, role: 'user' });
  });
});

describe('forgot password without a mail server', () => {
  it('keeps its neutral sentence and gives the member no link', async () => {
    const member = await ctx.signedIn('user');
    const response = await ctx.client().post('/api/auth/forgot-password', { email: member.email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.resetEmailSent });
    expect(response.body).not.toContain('reset-password');
    // The mail is kept on the server, where only whoever runs it reads it.
    expect(keptMailsTo(member.email)[0]).toContain('https://kobo.example/reset-password?token=');
  });
});

describe('a loan application with guarantors, without a mail server', () => {
  it('is answered with the guarantors not emailed and each one’s savings page link', async () => {
    const rules = { method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000', guarantorsRequired: '2' };
    const productId = (await admin.post('/api/loan-products', { ...rules, name: 'Kept Loan' })).json().product.id;
    const borrower = await addStaff(admin, { name: 'Ada Borrower' });
    await deposit(admin, borrower.userId, '100,000');
    const bola = await addStaff(admin, { name: 'Bola Guarantor', email: 'bola.kept@kobo.test' });
    const chi = await ctx.signedIn('user', { email: 'chi.kept@kobo.test' });
    await deposit(admin, bola.userId, '1,000');
    await deposit(admin, chi.userId, '1,000');
    const applied = await admin.post('/api/loans', { productId, amount: '100,000.01', months: '10', purpose: 'Rent', userId: borrower.userId, guarantors: [bola.userId, chi.userId] });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json().loan.status).toBe('awaiting_guarantors');
    expect(applied.json().mail).toEqual({
      delivery: 'kept',
      links: [
        { name: 'Bola Guarantor', email: 'bola.kept@kobo.test', link: 'https://kobo.example/staff-savings' },
        { name: 'Test user', email: 'chi.kept@kobo.test', link: 'https://kobo.example/savings' },
      ],
    });
    expect(MESSAGES.guarantorRequestsKept).toBe('No mail server is set, so the guarantors were not emailed. Give each the link below: they accept or decline on their savings page.');
  });
});

describe('the API document', () => {
  it('declares the new fields on the answers that carry them', async () => {
    const document = (await ctx.client().get('/api/openapi.json')).json();
    const answer = (path: string, method: string, status: string) => document.paths[path][method].responses[status].content['application/json'].schema;
    for (const [path, method, status] of [
      ['/api/users/invitations', 'post', '201'],
      ['/api/users/{id}/invitation', 'post', '200'],
      ['/api/loans', 'post', '201'],
    ] as const) {
      const mail = answer(path, method, status).properties.mail;
      expect(mail.properties.delivery.enum, path).toEqual(['sending', 'kept']);
      expect(mail.properties.links.items.required, path).toEqual(['name', 'email', 'link']);
    }
    expect(answer('/api/mail/outbox', 'get', '200').properties.mailServer.required).toEqual(['isSet', 'kept']);
  });
});
