import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let baseUrl: string;
let admin: SignedInClient;
let user: SignedInClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin');
  user = await ctx.signedIn('user');
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => ctx?.close());

function cookieOf(client: SignedInClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Reads a server-sent event stream until `predicate` holds for what has arrived. */
async function openStream(client: SignedInClient) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, { headers: { cookie: cookieOf(client) }, signal: controller.signal });
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let received = '';
  return {
    response,
    received: () => received,
    async until(predicate: (text: string) => boolean) {
      const deadline = Date.now() + 10_000;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`timed out; received: ${received}`);
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`stream ended; received: ${received}`);
        received += decoder.decode(chunk.value, { stream: true });
      }
    },
    close: () => controller.abort(),
  };
}

describe('live changes over server-sent events', () => {
  it('tells every signed-in browser when categories or expenses change, after the change commits', async () => {
    const stream = await openStream(user);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    await stream.until((text) => text.includes('event: ready'));

    const category = await admin.post('/api/categories', { name: 'Live item' });
    await stream.until((text) => text.includes('data: {"type":"categories"}'));

    await user.post('/api/expenses', { categoryId: category.json().category.id, amount: 5, date: '2026-11-23' });
    await stream.until((text) => text.includes('data: {"type":"expenses"}'));

    // A refused write sends nothing: the duplicate's NOTIFY rolled back with its insert.
    const before = stream.received().split('"categories"').length;
    expect((await admin.post('/api/categories', { name: 'LIVE ITEM' })).statusCode).toBe(409);
    await admin.post('/api/categories', { name: 'Second live item' });
    await stream.until((text) => text.split('"categories"').length === before + 1);
    stream.close();
  });

  it('refuses a visitor', async () => {
    const response = await fetch(`${baseUrl}/api/events`);
    expect(response.status).toBe(401);
  });

  it('ends a stream at its lifetime so the browser reconnects', async () => {
    const response = await fetch(`${baseUrl}/api/events?maxSeconds=0`, { headers: { cookie: cookieOf(user) } });
    expect(await response.text()).toBe('retry: 3000\nevent: ready\ndata: {}\n\n');
  });
});
