import { expect } from 'vitest';
import type { Database } from '../../db/client.ts';
import { categories, expenses } from '../../db/schema.ts';
import type { TestClient } from '../../test/test-app.ts';

/** Test support: categories through the API (as a manager or admin would), and expenses straight into the table. */
export async function addCategory(client: TestClient, name: string, extra: { color?: string; icon?: string } = {}): Promise<string> {
  const response = await client.post('/api/categories', { name, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().category.id as string;
}

let categorySequence = 0;
export async function insertCategory(db: Database, name = `Item ${++categorySequence}`): Promise<string> {
  const [row] = await db.insert(categories).values({ name }).returning({ id: categories.id });
  if (!row) throw new Error('no category');
  return row.id;
}

export async function insertExpense(
  db: Database,
  values: { categoryId: string; userId: string | null; amountKobo: number; spentOn: string; createdAt?: Date; title?: string; description?: string; paymentMethod?: string },
): Promise<string> {
  const at = values.createdAt ?? new Date(`${values.spentOn}T12:00:00Z`);
  const [row] = await db
    .insert(expenses)
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning({ id: expenses.id });
  if (!row) throw new Error('no expense');
  return row.id;
}
