import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpenseView } from '@kobo/core';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { insertCategory, insertExpense } from './expense-fixtures.ts';

/**
 * The list's time filters are calendar days in APP_TIMEZONE. Two servers with different
 * APP_TIMEZONE, the same clock and the same data answer differently, while the process's own zone
 * (the same for both) plays no part.
 */
let clock = new Date('2026-03-31T23:30:00Z'); // 00:30 on 1 April in Lagos; 16:30 on 31 March in Los Angeles
const DAYS = ['2026-03-24', '2026-03-25', '2026-03-26', '2026-03-30', '2026-03-31', '2026-04-01', '2026-12-31', '2027-01-01'];

type Server = { ctx: TestContext; user: SignedInClient };
async function server(timeZone: string): Promise<Server> {
  const ctx = await createTestContext({ APP_TIMEZONE: timeZone }, () => clock);
  const user = await ctx.signedIn('user');
  const categoryId = await insertCategory(ctx.app.kobo.database.db, 'Transport');
  for (const [index, spentOn] of DAYS.entries()) {
    await insertExpense(ctx.app.kobo.database.db, { categoryId, userId: user.userId, amountKobo: 100 * (index + 1), spentOn });
  }
  return { ctx, user };
}

let lagos: Server;
let losAngeles: Server;
beforeAll(async () => {
  lagos = await server('Africa/Lagos');
  losAngeles = await server('America/Los_Angeles');
});
afterAll(async () => {
  await lagos?.ctx.close();
  await losAngeles?.ctx.close();
});

async function daysListed(target: Server, time?: string): Promise<string[]> {
  const response = await target.user.get(`/api/expenses${time ? `?time=${time}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as ExpenseView[]).map((item) => item.date).toSorted();
}

describe('the expense list time filters', () => {
  it('default to Today, in the organisation’s zone, across midnight and a month edge', async () => {
    clock = new Date('2026-03-31T23:30:00Z');
    expect(await daysListed(lagos)).toEqual(['2026-04-01']);
    expect(await daysListed(losAngeles)).toEqual(['2026-03-31']);
  });

  it('take Yesterday, This Week (last 7 days) and This Month from that day', async () => {
    clock = new Date('2026-03-31T23:30:00Z');
    expect(await daysListed(lagos, 'yesterday')).toEqual(['2026-03-31']);
    expect(await daysListed(losAngeles, 'yesterday')).toEqual(['2026-03-30']);
    expect(await daysListed(lagos, 'week')).toEqual(['2026-03-26', '2026-03-30', '2026-03-31', '2026-04-01']);
    expect(await daysListed(losAngeles, 'week')).toEqual(['2026-03-25', '2026-03-26', '2026-03-30', '2026-03-31']);
    expect(await daysListed(lagos, 'month')).toEqual(['2026-04-01']);
    expect(await daysListed(losAngeles, 'month')).toEqual(['2026-03-24', '2026-03-25', '2026-03-26', '2026-03-30', '2026-03-31']);
    expect(await daysListed(lagos, 'all')).toEqual(DAYS);
  });

  it('cross the year edge the same way', async () => {
    clock = new Date('2026-12-31T23:30:00Z'); // New Year's Day in Lagos, New Year's Eve in Los Angeles
    expect(await daysListed(lagos)).toEqual(['2027-01-01']);
    expect(await daysListed(lagos, 'yesterday')).toEqual(['2026-12-31']);
    expect(await daysListed(lagos, 'month')).toEqual(['2027-01-01']);
    expect(await daysListed(losAngeles)).toEqual(['2026-12-31']);
    expect(await daysListed(losAngeles, 'month')).toEqual(['2026-12-31']);
    clock = new Date('2026-12-31T22:59:59Z'); // one second before midnight in Lagos
    expect(await daysListed(lagos)).toEqual(['2026-12-31']);
  });
});
