import { sql } from 'drizzle-orm';
import { queryRows, type Transaction } from '../../db/client.ts';
import type { ExpenseSnapshot } from './audit-acts.ts';

type SnapshotRow = {
  id: string;
  user_id: string | null;
  user_email: string | null;
  amount_kobo: string;
  spent_on: string;
  category_id: string;
  category_name: string | null;
  description: string | null;
  title: string | null;
  payment_method: string;
};

/**
 * An expense's values for the audit log, read inside the act's transaction. `lock` takes the row
 * lock first, so the "before" of an edit is the row the edit replaces.
 */
export async function expenseSnapshot(tx: Transaction, id: string, options: { lock?: boolean } = {}): Promise<ExpenseSnapshot | null> {
  if (options.lock) await tx.execute(sql`select 1 from expenses where id = ${id} for update`);
  const [row] = await queryRows<SnapshotRow>(
    tx,
    sql`select e.id, e.user_id, e.user_email, e.amount_kobo::text as amount_kobo, e.spent_on::text as spent_on,
          e.category_id, c.name as category_name, e.description, e.title, e.payment_method
        from expenses e left join categories c on c.id = e.category_id
        where e.id = ${id}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    userEmail: row.user_email,
    amountKobo: Number(row.amount_kobo),
    spentOn: row.spent_on,
    categoryId: row.category_id,
    categoryName: row.category_name,
    description: row.description,
    title: row.title,
    paymentMethod: row.payment_method,
  };
}
