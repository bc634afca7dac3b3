import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, type ExpenseView } from '@kobo/core';
import { users } from '../../db/schema.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { addCategory, insertExpense } from './expense-fixtures.ts';

let ctx: TestContext;
let admin: SignedInClient;
let manager: SignedInClient;
let user: SignedInClient;
let otherUser: SignedInClient;
let staff: SignedInClient;
let clock = new Date('2026-11-23T10:00:00Z');
beforeAll(async () => {
  ctx = await createTestContext({}, () => clock);
  admin = await ctx.signedIn('admin');
  manager = await ctx.signedIn('manager');
  user = await ctx.signedIn('user');
  otherUser = await ctx.signedIn('user');
  staff = await ctx.signedIn('staff');
});
afterAll(async () => ctx?.close());

let categoryCount = 0;
async function freshCategory(): Promise<string> {
  categoryCount += 1;
  return addCategory(admin, `Expense test item ${categoryCount}`, { color: '#FF6B6B', icon: 'FaUtensils' });
}

describe('adding an expense', () => {
  it("records it for the caller and answers 'Expense added successfully!'", async () => {
    const categoryId = await freshCategory();
    const response = await user.post('/api/expenses', { categoryId, amount: '1,250.50', description: 'Printer ink', date: '2026-11-22' });
    expect(response.statusCode).toBe(201);
    const { expense, message } = response.json() as { expense: ExpenseView; message: string };
    expect(message).toBe(MESSAGES.expenseAdded);
    expect(expense).toMatchObject({
      amountKobo: 125_050,
      date: '2026-11-22',
      description: 'Printer ink',
      title: null,
      paymentMethod: 'Cash',
      userId: user.userId,
      createdBy: { id: user.userId, name: 'Test user', email: user.email },
      category: { id: categoryId, color: '#FF6B6B', icon: 'FaUtensils' },
      createdAt: clock.toISOString(),
    });
  });

  it("says 'Please fill in all required fields' when item, amount or date is missing", async () => {
    const categoryId = await freshCategory();
    for (const body of [{ amount: 5, date: '2026-11-23' }, { categoryId, date: '2026-11-23' }, { categoryId, amount: 5 }, { categoryId, amount: '', date: '' }]) {
      const response = await user.post('/api/expenses', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(MESSAGES.fillRequiredFields);
    }
  });

  it('refuses a negative, over-precise or too large amount, a non-date and an unknown item', async () => {
    const categoryId = await freshCategory();
    const cases = [
      [{ categoryId, amount: -1, date: '2026-11-23' }, MESSAGES.invalidExpenseAmount],
      [{ categoryId, amount: '10.001', date: '2026-11-23' }, MESSAGES.invalidExpenseAmount],
      [{ categoryId, amount: '1000000000000.01', date: '2026-11-23' }, MESSAGES.expenseAmountTooLarge],
      [{ categoryId, amount: 1, date: '2026-02-29' }, MESSAGES.invalidDate],
      [{ categoryId: '00000000-0000-4000-8000-000000000000', amount: 1, date: '2026-11-23' }, MESSAGES.categoryNotFound],
      [{ categoryId: 'fuel', amount: 1, date: '2026-11-23' }, MESSAGES.categoryNotFound],
    ] as const;
    for (const [body, message] of cases) {
      const response = await user.post('/api/expenses', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const listed = await admin.get(`/api/expenses?time=all&category=${categoryId}`);
    expect(listed.json().count).toBe(0);
  });

  it('accepts an amount of 0 and the cap itself', async () => {
    const categoryId = await freshCategory();
    expect((await user.post('/api/expenses', { categoryId, amount: 0, date: '2026-11-23' })).statusCode).toBe(201);
    const cap = await user.post('/api/expenses', { categoryId, amount: '1000000000000', date: '2026-11-23' });
    expect(cap.json().expense.amountKobo).toBe(100_000_000_000_000);
  });

  it('is refused to staff', async () => {
    const categoryId = await freshCategory();
    expect((await staff.post('/api/expenses', { categoryId, amount: 1, date: '2026-11-23' })).statusCode).toBe(403);
  });
});

describe('the expense list', () => {
  it('shows users their own and admins and managers everyone’s, with who created each', async () => {
    const categoryId = await freshCategory();
    await user.post('/api/expenses', { categoryId, amount: 10, date: '2026-11-23' });
    await otherUser.post('/api/expenses', { categoryId, amount: 20, date: '2026-11-23' });
    const mine = (await user.get(`/api/expenses?category=${categoryId}`)).json();
    expect(mine.items.map((item: ExpenseView) => item.amountKobo)).toEqual([1000]);
    expect(mine).toMatchObject({ totalKobo: 1000, count: 1 });
    for (const viewer of [admin, manager]) {
      const all = (await viewer.get(`/api/expenses?category=${categoryId}`)).json();
      expect(all).toMatchObject({ totalKobo: 3000, count: 2 });
      expect(all.items.map((item: ExpenseView) => item.createdBy?.email).toSorted()).toEqual([user.email, otherUser.email].toSorted());
    }
  });

  it('keeps a deleted author’s expenses with createdBy null (Unknown User)', async () => {
    const categoryId = await freshCategory();
    const leaver = await ctx.signedIn('user');
    await leaver.post('/api/expenses', { categoryId, amount: 7, date: '2026-11-23' });
    await ctx.app.kobo.database.db.delete(users).where(eq(users.id, leaver.userId));
    const [item] = (await admin.get(`/api/expenses?category=${categoryId}`)).json().items as ExpenseView[];
    expect(item).toMatchObject({ amountKobo: 700, userId: null, createdBy: null });
  });

  it('pages newest first with a cursor, and totals the whole filtered set', async () => {
    const categoryId = await freshCategory();
    const db = ctx.app.kobo.database.db;
    for (let index = 0; index < 7; index++) {
      // Two rows share each created_at instant: the id breaks the tie without losing or repeating one.
      const createdAt = new Date(Date.UTC(2026, 10, 23, 9, 0, Math.floor(index / 2)));
      await insertExpense(db, { categoryId, userId: user.userId, amountKobo: 100 * (index + 1), spentOn: '2026-11-23', createdAt });
    }
    const seen: ExpenseView[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/api/expenses?time=today&category=${categoryId}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await user.get(query)).json();
      expect(page).toMatchObject({ totalKobo: 2800, count: 7 });
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen.map((item) => item.id)).size).toBe(7);
    const createdAts = seen.map((item) => item.createdAt);
    expect(createdAts).toEqual(createdAts.toSorted().toReversed());
  });

  it('refuses a page size over 100 and a forged cursor', async () => {
    expect((await admin.get('/api/expenses?limit=101')).statusCode).toBe(400);
    expect((await admin.get('/api/expenses?cursor=bm9wZQ')).statusCode).toBe(400);
    expect((await admin.get('/api/expenses?category=fuel')).statusCode).toBe(400);
    expect((await admin.get('/api/expenses?time=decade')).statusCode).toBe(400);
  });

  it('is refused to staff', async () => {
    expect((await staff.get('/api/expenses')).statusCode).toBe(403);
  });
});

describe('one expense, editing and deleting', () => {
  it('shows a user only their own', async () => {
    const categoryId = await freshCategory();
    const id = (await otherUser.post('/api/expenses', { categoryId, amount: 3, date: '2026-11-23' })).json().expense.id;
    expect((await user.get(`/api/expenses/${id}`)).statusCode).toBe(404);
    expect((await manager.get(`/api/expenses/${id}`)).json().expense.id).toBe(id);
  });

  it('lets users edit their own, and admins and managers any', async () => {
    const categoryId = await freshCategory();
    const otherCategory = await freshCategory();
    const id = (await user.post('/api/expenses', { categoryId, amount: 3, date: '2026-11-23' })).json().expense.id;
    clock = new Date('2026-11-23T11:00:00Z');
    const edited = await user.request('PUT', `/api/expenses/${id}`, { categoryId: otherCategory, amount: '4.50', date: '2026-11-21', description: 'Taxi' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: MESSAGES.expenseUpdated,
      expense: { amountKobo: 450, date: '2026-11-21', description: 'Taxi', category: { id: otherCategory }, updatedAt: clock.toISOString() },
    });
    expect((await otherUser.request('PUT', `/api/expenses/${id}`, { categoryId, amount: 1, date: '2026-11-23' })).statusCode).toBe(404);
    expect((await manager.request('PUT', `/api/expenses/${id}`, { categoryId, amount: 1, date: '2026-11-23' })).statusCode).toBe(200);
    expect((await admin.request('PUT', `/api/expenses/${id}`, { categoryId, amount: 2, date: '2026-11-23' })).json().expense.amountKobo).toBe(200);
    const invalid = await admin.request('PUT', `/api/expenses/${id}`, { categoryId, date: '2026-11-23' });
    expect(invalid.json().message).toBe(MESSAGES.fillRequiredFields);
    expect((await staff.request('PUT', `/api/expenses/${id}`, { categoryId, amount: 1, date: '2026-11-23' })).statusCode).toBe(403);
  });

  it("lets only admins delete: others get 'Only administrators can delete expenses'", async () => {
    const categoryId = await freshCategory();
    const id = (await user.post('/api/expenses', { categoryId, amount: 3, date: '2026-11-23' })).json().expense.id;
    for (const caller of [manager, user, staff]) {
      const refused = await caller.request('DELETE', `/api/expenses/${id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'EXPENSE_DELETE_FORBIDDEN', message: MESSAGES.onlyAdminsDeleteExpenses });
    }
    const deleted = await admin.request('DELETE', `/api/expenses/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: MESSAGES.expenseDeleted });
    expect((await admin.request('DELETE', `/api/expenses/${id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/expenses/${id}`)).statusCode).toBe(404);
  });
});

describe("the organisation's calendar", () => {
  it('answers the time zone and today there, for the form’s default date, to anyone signed in', async () => {
    // 23:30 UTC is already 00:30 the next day in Lagos (UTC+1).
    clock = new Date('2026-11-23T23:30:00Z');
    for (const caller of [admin, user, staff]) {
      const response = await caller.get('/api/calendar');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ timeZone: 'Africa/Lagos', today: '2026-11-24' });
    }
    clock = new Date('2026-11-23T22:59:00Z');
    expect((await user.get('/api/calendar')).json().today).toBe('2026-11-23');
    expect((await ctx.client().get('/api/calendar')).statusCode).toBe(401);
  });
});
