import { sql } from 'drizzle-orm';
import { AppError, asKobo, isUuid, type Overdeduction } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

type Db = Database | Transaction;
type Row = {
  id: string;
  month: string;
  ref: string;
  user_id: string | null;
  name: string | null;
  amount_kobo: string | number;
  status: Overdeduction['status'];
  product_id: string | null;
  product_name: string | null;
  reason: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
  created_at: string;
};

const SELECT = sql`select o.id, a.month, o.ref, o.user_id, coalesce(u.name, o.name) as name, o.amount_kobo, o.status, o.product_id, p.name as product_name,
                          o.reason, o.decided_by_name,
                          to_char(o.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as decided_at,
                          to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
                   from payroll_overdeductions o
                   join payroll_remittances r on r.id = o.remittance_id
                   join payroll_advices a on a.id = r.advice_id
                   left join users u on u.id = o.user_id
                   left join savings_products p on p.id = o.product_id`;

function toView(row: Row): Overdeduction {
  return {
    id: row.id,
    month: row.month as Overdeduction['month'],
    ref: row.ref,
    userId: row.user_id,
    name: row.name,
    amountKobo: asKobo(Number(row.amount_kobo)),
    status: row.status,
    productId: row.product_id,
    productName: row.product_name,
    reason: row.reason,
    decidedByName: row.decided_by_name,
    decidedAt: row.decided_at as Overdeduction['decidedAt'],
    createdAt: row.created_at as Overdeduction['createdAt'],
  };
}

/** Over-deductions (issue 30) in one state, oldest month first, then by staff ID. */
export async function listOverdeductions(db: Db, status: Overdeduction['status']): Promise<Overdeduction[]> {
  return (await queryRows<Row>(db, sql`${SELECT} where o.status = ${status} order by a.month, o.ref, o.created_at, o.id`)).map(toView);
}

/** One over-deduction; 404 when there is none (a malformed id too). */
export async function readOverdeduction(db: Db, id: string): Promise<Overdeduction> {
  if (!isUuid(id)) throw new AppError('OVERDEDUCTION_NOT_FOUND');
  const [row] = await queryRows<Row>(db, sql`${SELECT} where o.id = ${id}`);
  if (!row) throw new AppError('OVERDEDUCTION_NOT_FOUND');
  return toView(row);
}

/**
 * Locks a held over-deduction for its decision, in the caller's transaction: 404 when there is
 * none, 409 when it was refunded or applied already (also by a decision that committed while this
 * one waited for the lock).
 */
export async function lockHeldOverdeduction(tx: Transaction, id: string): Promise<Overdeduction> {
  if (!isUuid(id)) throw new AppError('OVERDEDUCTION_NOT_FOUND');
  const [locked] = await queryRows<{ status: string }>(tx, sql`select status from payroll_overdeductions where id = ${id} for update`);
  if (!locked) throw new AppError('OVERDEDUCTION_NOT_FOUND');
  if (locked.status !== 'held') throw new AppError('OVERDEDUCTION_DECIDED');
  return readOverdeduction(tx, id);
}
