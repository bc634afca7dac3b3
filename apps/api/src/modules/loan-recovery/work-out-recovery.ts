import { asc, eq, sql } from 'drizzle-orm';
import { AppError, arrearsOn, isInDefault, isUuid, recoverableKobo, recoveryShares, type IsoDate, type Kobo, type LoanPosition, type RecoveryShare } from '@kobo/core';
import { queryRows, type Transaction } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { loanInstalments, loans } from '../../db/schema.ts';
import { heldKoboSql } from '../ledger/lien-sql.ts';
import { positionOf } from '../loans/loan-views.ts';

export type RecoveryLoan = typeof loans.$inferSelect & { borrowerName: string; borrowerUserId: string | null };

export type WorkedRecovery = {
  loan: RecoveryLoan;
  position: LoanPosition;
  daysInArrears: number;
  overdueKobo: Kobo;
  isInDefault: boolean;
  shares: RecoveryShare[];
};

/**
 * What a recovery of `loanId` would take on `today` (issue 33): the loan's overdue amount and days
 * in arrears (core's arrearsOn, as the arrears list counts them), and each accepted guarantor's
 * share (core's recoveryShares), capped by what their savings can give without touching what other
 * things hold. With `lock`, the loan row is locked FOR UPDATE and the guarantees FOR UPDATE: the
 * caller has already locked the guarantors' accounts (accounts before loans, decision 042's order).
 */
export async function workOutRecovery(tx: Transaction, loanId: string, today: IsoDate, defaultDays: number, options: { lock: boolean }): Promise<WorkedRecovery> {
  if (!isUuid(loanId)) throw new AppError('LOAN_NOT_FOUND');
  const query = tx.select().from(loans).where(eq(loans.id, loanId));
  const [loan] = options.lock ? await query.for('update') : await query;
  if (!loan) throw new AppError('LOAN_NOT_FOUND');
  const [borrower] = await queryRows<{ name: string; user_id: string | null }>(
    tx,
    sql`select coalesce(u.name, a.holder_name) as name, a.user_id from savings_accounts a left join users u on u.id = a.user_id where a.id = ${loan.accountId}`,
  );
  const rows = await tx.select().from(loanInstalments).where(eq(loanInstalments.loanId, loanId)).orderBy(asc(loanInstalments.number));
  const position: LoanPosition = { feeOutstanding: loan.feeOutstandingKobo as Kobo, instalments: rows.map(positionOf), overpayment: loan.overpayment, earlyPayment: loan.earlyPayment };
  const arrears = loan.status === 'active' ? arrearsOn(position, today) : { amountOverdue: 0 as Kobo, daysInArrears: 0 };
  const guarantors = await queryRows<{ account_id: string; user_id: string; name: string; amount_kobo: string; balance_kobo: string; held_kobo: string }>(
    tx,
    sql`select g.account_id::text, a.user_id, coalesce(u.name, a.holder_name) as name, g.amount_kobo::text, a.balance_kobo::text, ${heldKoboSql(sql`a.id`)}::text as held_kobo
        from loan_guarantors g
        join savings_accounts a on a.id = g.account_id and a.closed_at is null and a.user_id is not null
        left join users u on u.id = a.user_id
        where g.loan_id = ${loanId} and g.status = 'accepted'
        order by g.amount_kobo desc, g.account_id
        ${options.lock ? sql`for update of g` : sql``}`,
  );
  const inputs = guarantors.map((row) => {
    const guaranteedKobo = koboFromDb(row.amount_kobo);
    return { guaranteedKobo, recoverableKobo: recoverableKobo({ balanceKobo: koboFromDb(row.balance_kobo), heldKobo: koboFromDb(row.held_kobo), guaranteedKobo }) };
  });
  const amounts = recoveryShares(arrears.amountOverdue, inputs);
  const shares = guarantors.map((row, index) => ({
    accountId: row.account_id,
    userId: row.user_id,
    name: row.name,
    guaranteedKobo: inputs[index]!.guaranteedKobo as Kobo,
    recoverableKobo: inputs[index]!.recoverableKobo,
    proportionalKobo: amounts[index]!.proportionalKobo,
    amountKobo: amounts[index]!.amountKobo,
  }));
  return {
    loan: { ...loan, borrowerName: borrower?.name ?? '', borrowerUserId: borrower?.user_id ?? null },
    position,
    daysInArrears: arrears.daysInArrears,
    overdueKobo: arrears.amountOverdue,
    isInDefault: loan.status === 'active' && isInDefault(arrears.daysInArrears, defaultDays),
    shares,
  };
}

export function totalOf(shares: readonly RecoveryShare[]): Kobo {
  return shares.reduce((sum, share) => sum + share.amountKobo, 0) as Kobo;
}
