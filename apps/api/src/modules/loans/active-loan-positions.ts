import { asc, sql } from 'drizzle-orm';
import type { EarlyPaymentRule, Kobo, LoanPosition, OverpaymentRule } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { loanInstalments } from '../../db/schema.ts';
import { positionOf } from './loan-views.ts';

/** An active loan where it stands, for allocating a repayment. */
export type ActiveLoan = { loanId: string; accountId: string; disbursedOn: string; position: LoanPosition };

type LoanRow = { loan_id: string; account_id: string; disbursed_on: string; fee_outstanding_kobo: string | number; overpayment: OverpaymentRule; early_payment: EarlyPaymentRule };
type InstalmentRow = typeof loanInstalments.$inferSelect;

/**
 * Every active loan of the given accounts, oldest first per account, with its instalments: two
 * flat queries however many members a run names (grouped here: building JSON per loan in the
 * database cost seconds for 10,000 loans; npm run bench:loans). With `lock`, the loans' rows are
 * locked FOR UPDATE in id order first (as a single repayment locks its loan), so what is read is
 * what the posting allocates.
 */
export async function activeLoansOf(db: Database | Transaction, accountIds: readonly string[], options: { lock?: boolean } = {}): Promise<Map<string, ActiveLoan[]>> {
  const ids = JSON.stringify([...new Set(accountIds)]);
  const byAccount = new Map<string, ActiveLoan[]>();
  if (accountIds.length === 0) return byAccount;
  const accounts = sql`(select value::uuid from jsonb_array_elements_text(${ids}::jsonb))`;
  if (options.lock) {
    await db.execute(sql`select id from loans where status = 'active' and account_id in ${accounts} order by id for update`);
  }
  const loans = await queryRows<LoanRow>(
    db,
    sql`select l.id as loan_id, l.account_id, l.disbursed_value_date::text as disbursed_on, l.fee_outstanding_kobo, l.overpayment, l.early_payment
        from loans l
        where l.status = 'active' and l.account_id in ${accounts}
        order by l.seq`,
  );
  if (loans.length === 0) return byAccount;
  const instalments = await db
    .select()
    .from(loanInstalments)
    .where(sql`${loanInstalments.loanId} in (select l.id from loans l where l.status = 'active' and l.account_id in ${accounts})`)
    .orderBy(asc(loanInstalments.loanId), asc(loanInstalments.number));
  const byLoan = new Map<string, InstalmentRow[]>();
  for (const row of instalments) {
    const list = byLoan.get(row.loanId) ?? [];
    list.push(row);
    byLoan.set(row.loanId, list);
  }
  for (const row of loans) {
    const loan: ActiveLoan = {
      loanId: row.loan_id,
      accountId: row.account_id,
      disbursedOn: row.disbursed_on,
      position: { feeOutstanding: Number(row.fee_outstanding_kobo) as Kobo, overpayment: row.overpayment,
        earlyPayment: row.early_payment,
        instalments: (byLoan.get(row.loan_id) ?? []).map(positionOf) },
    };
    const list = byAccount.get(row.account_id) ?? [];
    list.push(loan);
    byAccount.set(row.account_id, list);
  }
  return byAccount;
}
