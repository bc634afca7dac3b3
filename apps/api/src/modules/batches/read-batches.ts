import { desc, eq, sql } from 'drizzle-orm';
import { AppError, asKobo, isUuid, type BatchDetail, type BatchView } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import { savingsBatches } from '../../db/schema.ts';
import { toBatchView } from './batch-views.ts';

const HISTORY_LIMIT = 200;

/** Batch history, newest first (issue 11): the monthly runs (a year-end run's batch is on its own screen). */
export async function listBatches(db: Database): Promise<{ batches: BatchView[] }> {
  const rows = await db.select().from(savingsBatches).where(eq(savingsBatches.kind, 'payroll')).orderBy(desc(savingsBatches.seq)).limit(HISTORY_LIMIT);
  return { batches: rows.map(toBatchView) };
}

type PostingRow = {
  transaction_id: string;
  user_id: string | null;
  name: string;
  staff_id: string | null;
  type: 'deposit' | 'withdrawal';
  amount_kobo: string | number;
  description: string | null;
  reversed_by_id: string | null;
  product_id: string;
  product_name: string;
};

type RepaymentRow = {
  loan_id: string;
  product_name: string;
  user_id: string | null;
  name: string;
  staff_id: string | null;
  amount_kobo: string | number;
  reversed_by_id: string | null;
};

/** One batch, its savings postings (each with its product, issue 29) and its loan repayments (issue 12), in the order they were sent. */
export async function readBatch(db: Database, id: string): Promise<BatchDetail> {
  if (!isUuid(id)) throw new AppError('BATCH_NOT_FOUND');
  const [batch] = await db.select().from(savingsBatches).where(eq(savingsBatches.id, id));
  if (!batch) throw new AppError('BATCH_NOT_FOUND');
  const rows = await queryRows<PostingRow>(
    db,
    sql`select t.id as transaction_id, a.user_id, coalesce(u.name, a.holder_name) as name, coalesce(u.staff_id, a.staff_id) as staff_id,
               t.type, t.amount_kobo, t.description, r.id as reversed_by_id, p.id as product_id, p.name as product_name
        from savings_transactions t
        join savings_accounts a on a.id = t.account_id
        join savings_products p on p.id = a.product_id
        left join users u on u.id = a.user_id
        left join savings_transactions r on r.reverses_id = t.id
        where t.batch_id = ${id}
        order by t.seq`,
  );
  const repayments = await queryRows<RepaymentRow>(
    db,
    sql`select l.id as loan_id, l.product_name, a.user_id, coalesce(u.name, a.holder_name) as name, coalesce(u.staff_id, a.staff_id) as staff_id, t.amount_kobo,
               r.id as reversed_by_id
        from loan_transactions t
        join loans l on l.id = t.loan_id
        left join loan_transactions r on r.reverses_id = t.id
        join savings_accounts a on a.id = l.account_id
        left join users u on u.id = a.user_id
        where t.batch_id = ${id} and t.type = 'repayment' and t.reverses_id is null
        order by t.seq`,
  );
  return {
    batch: toBatchView(batch),
    repayments: repayments.map((row) => ({
      loanId: row.loan_id,
      productName: row.product_name,
      userId: row.user_id,
      name: row.name,
      staffId: row.staff_id,
      amountKobo: asKobo(Number(row.amount_kobo)),
      reversedById: row.reversed_by_id,
    })),
    postings: rows.map((row) => ({
      transactionId: row.transaction_id,
      userId: row.user_id,
      name: row.name,
      staffId: row.staff_id,
      type: row.type,
      amountKobo: asKobo(Number(row.amount_kobo)),
      description: row.description,
      reversedById: row.reversed_by_id,
      productId: row.product_id,
      productName: row.product_name,
    })),
  };
}
