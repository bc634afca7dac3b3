import { sql } from 'drizzle-orm';
import { AppError, MESSAGES, isPayrollMonth, type AdviceDetail, type PayrollMonth } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { holderRoleSql } from '../ledger/ledger-sql.ts';
import { readAdvice } from './advice-store.ts';

type Db = Database | Transaction;

/** Payroll cannot find a member without a staff ID: the advice lists them with this reason. */
export const NO_STAFF_ID_REASON = 'No staff ID: payroll cannot deduct without one';

/** A month from a path or body: 'YYYY-MM' within the supported years, else 400 beside 'month'. */
export function adviceMonth(month: string): PayrollMonth {
  if (!isPayrollMonth(month)) throw new AppError('VALIDATION', { message: MESSAGES.chooseMonth, field: 'month' });
  return month;
}

/**
 * Every active savings holder without a staff ID, whatever they would owe: one cheap query, so the
 * advice's screen and the answer to preparing it list the same people (decision 047).
 */
export async function listLeftOut(db: Db): Promise<AdviceDetail['leftOut']> {
  const rows = await queryRows<{ id: string; name: string }>(
    db,
    sql`select u.id, u.name from users u where u.active and u.staff_id is null and ${holderRoleSql(sql`u.role`)} order by u.name, u.id`,
  );
  return rows.map((row) => ({ userId: row.id, name: row.name, reason: NO_STAFF_ID_REASON }));
}

/** The month's advice with who is left out; 404 when the month has none. `lock` as readAdvice's. */
export async function readAdviceDetail(db: Db, month: PayrollMonth, options: { lock?: boolean } = {}): Promise<AdviceDetail> {
  const detail = await readAdvice(db, month, options);
  if (!detail) throw new AppError('PAYROLL_ADVICE_NOT_FOUND');
  return { ...detail, leftOut: await listLeftOut(db) };
}

/** The advice row locked for a change: 404 when none, 409 once issued (it is kept as issued). */
export async function lockDraftAdvice(tx: Transaction, month: PayrollMonth): Promise<{ id: string }> {
  const [advice] = await queryRows<{ id: string; status: string }>(tx, sql`select id, status from payroll_advices where month = ${month} for update`);
  if (!advice) throw new AppError('PAYROLL_ADVICE_NOT_FOUND');
  if (advice.status !== 'draft') throw new AppError('PAYROLL_ADVICE_ISSUED');
  return advice;
}

/** The advice's member count and total over its lines not held out, after a line changed. */
export async function refreshAdviceTotals(tx: Transaction, adviceId: string): Promise<void> {
  await tx.execute(sql`
    update payroll_advices a set member_count = t.member_count, total_kobo = t.total_kobo
    from (select count(*)::int as member_count, coalesce(sum(total_kobo), 0) as total_kobo
          from payroll_advice_lines where advice_id = ${adviceId} and held_reason is null) t
    where a.id = ${adviceId}`);
}
