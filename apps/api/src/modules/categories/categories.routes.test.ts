import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_ICONS, MESSAGES } from '@kobo/core';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { addCategory, insertExpense } from '../expenses/expense-fixtures.ts';

let ctx: TestContext;
let admin: SignedInClient;
let manager: SignedInClient;
let user: SignedInClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin');
  manager = await ctx.signedIn('manager');
  user = await ctx.signedIn('user');
});
afterAll(async () => ctx?.close());

describe('adding a category', () => {
  it('takes the default colour #4ECDC4 and icon FaQuestion', async () => {
    const response = await manager.post('/api/categories', { name: '  Fuel  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json().category).toMatchObject({ name: 'Fuel', color: '#4ECDC4', icon: 'FaQuestion', hasExpenses: false });
  });

  it('accepts each of the 13 icons and a chosen colour', async () => {
    for (const [index, icon] of CATEGORY_ICONS.entries()) {
      const response = await admin.post('/api/categories', { name: `Icon ${index}`, icon, color: '#ff6b6b' });
      expect(response.statusCode, icon).toBe(201);
      expect(response.json().category).toMatchObject({ icon, color: '#FF6B6B' });
    }
    expect(CATEGORY_ICONS).toHaveLength(13);
  });

  it("says 'Item name is required' for an empty name", async () => {
    const response = await admin.post('/api/categories', { name: '   ', color: '#000000' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message: MESSAGES.itemNameRequired, field: 'name' });
  });

  it('refuses a duplicate name whatever its case, organisation-wide', async () => {
    await addCategory(admin, 'Stationery');
    const response = await manager.post('/api/categories', { name: 'STATIONERY' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'CATEGORY_NAME_TAKEN', message: MESSAGES.itemNameExists, field: 'name' });
  });

  it('lets only one of two simultaneous adds of the same name win', async () => {
    const responses = await Promise.all([
      admin.post('/api/categories', { name: 'Generator diesel' }),
      manager.post('/api/categories', { name: 'GENERATOR DIESEL' }),
      manager.post('/api/categories', { name: 'generator diesel' }),
    ]);
    expect(responses.map((response) => response.statusCode).toSorted()).toEqual([201, 409, 409]);
  });

  it('is refused to users (403)', async () => {
    expect((await user.post('/api/categories', { name: 'Mine' })).statusCode).toBe(403);
  });
});

async function categoryNames(url: string): Promise<string[]> {
  return (await user.get(url)).json().categories.map((category: { name: string }) => category.name);
}

describe('the category list', () => {
  it('is one list for everyone, searchable, by name or newest first', async () => {
    await addCategory(admin, 'Qx alpha water');
    await addCategory(admin, 'QX Zebra paint');
    expect(await categoryNames('/api/categories?search=qx')).toEqual(['Qx alpha water', 'QX Zebra paint']);
    expect(await categoryNames('/api/categories?search=qx&sort=newest')).toEqual(['QX Zebra paint', 'Qx alpha water']);
    const all = (await manager.get('/api/categories')).json().categories.map((category: { name: string }) => category.name);
    expect(all).toEqual(all.toSorted((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it('treats % and _ in a search as plain characters', async () => {
    await addCategory(admin, '100% juice');
    const found = (await admin.get('/api/categories?search=%25')).json().categories;
    expect(found.map((category: { name: string }) => category.name)).toEqual(['100% juice']);
  });
});

describe('deleting a category', () => {
  it('deletes one that no expense uses', async () => {
    const id = await addCategory(manager, 'Short-lived');
    expect((await manager.request('DELETE', `/api/categories/${id}`)).statusCode).toBe(204);
    const names = (await admin.get('/api/categories')).json().categories.map((category: { name: string }) => category.name);
    expect(names).not.toContain('Short-lived');
    expect((await manager.request('DELETE', `/api/categories/${id}`)).statusCode).toBe(404);
  });

  it("refuses one in use with 'Cannot delete item because it has expenses attached.'", async () => {
    const id = await addCategory(admin, 'In use');
    await insertExpense(ctx.app.kobo.database.db, { categoryId: id, userId: user.userId, amountKobo: 100, spentOn: '2026-11-01' });
    const listed = (await admin.get('/api/categories?search=In%20use')).json().categories[0];
    expect(listed.hasExpenses).toBe(true);
    const response = await admin.request('DELETE', `/api/categories/${id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'CATEGORY_IN_USE', message: MESSAGES.categoryInUse });
  });

  it('cannot lose an expense added while it is being deleted (the foreign key holds)', async () => {
    const id = await addCategory(admin, 'Race');
    const [deleted, created] = await Promise.all([
      admin.request('DELETE', `/api/categories/${id}`),
      user.post('/api/expenses', { categoryId: id, amount: 5, date: '2026-11-01' }),
    ]);
    // Either the delete won (and the expense was refused) or the expense won (and the delete was refused).
    const outcome = [deleted.statusCode, created.statusCode];
    expect([[204, 400], [409, 201]]).toContainEqual(outcome);
    const refusal = created.statusCode === 400 ? created.json().message : deleted.json().message;
    expect(refusal).toBe(created.statusCode === 400 ? MESSAGES.categoryNotFound : MESSAGES.categoryInUse);
  });

  it('is refused to users and answers 404 for an id that is not one', async () => {
    const id = await addCategory(admin, 'Kept');
    expect((await user.request('DELETE', `/api/categories/${id}`)).statusCode).toBe(403);
    expect((await admin.request('DELETE', '/api/categories/not-a-uuid')).statusCode).toBe(404);
  });
});
