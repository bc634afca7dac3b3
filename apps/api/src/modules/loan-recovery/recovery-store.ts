import { sql } from 'drizzle-orm';
import { AppError, isUuid, type GuarantorClaim, type LoanRecoveryView, type RecoveryShare } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { loanRecoveries } from '../../db/schema.ts';

export type RecoveryRow = typeof loanRecoveries.$inferSelect;
type Db = Database | Transaction;

/** One recovery's row, locked FOR UPDATE when asked (an approval and a decline queue on it). */
export async function readRecoveryRow(tx: Db, id: string, lock: boolean): Promise<RecoveryRow> {
  if (!isUuid(id)) throw new AppError('RECOVERY_NOT_FOUND');
  const query = tx.select().from(loanRecoveries).where(sql`${loanRecoveries.id} = ${id}`);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('RECOVERY_NOT_FOUND');
  return row;
}

/** Recoveries as the screens show them, with the loan's product and the borrower's name; newest first. */
export async function recoveryViews(db: Db, where: ReturnType<typeof sql>, limit = 500): Promise<LoanRecoveryView[]> {
  const rows = await queryRows<{
    id: string;
    loan_id: string;
    product_name: string;
    borrower_name: string;
    status: LoanRecoveryView['status'];
    days_in_arrears: number;
    overdue_kobo: string;
    amount_kobo: string;
    shares: RecoveryShare[];
    proposed_by_id: string;
    proposed_by_name: string;
    proposed_at: string;
    decided_by_name: string | null;
    decided_at: string | null;
    decline_reason: string | null;
    value_date: string | null;
    entry_id: string | null;
  }>(
    db,
    sql`select r.id::text, r.loan_id::text, l.product_name, coalesce(u.name, a.holder_name) as borrower_name, r.status, r.days_in_arrears,
               r.overdue_kobo::text, r.amount_kobo::text, r.shares, r.proposed_by_id, r.proposed_by_name, r.proposed_at, r.decided_by_name, r.decided_at,
               r.decline_reason, r.value_date::text, r.entry_id::text
        from loan_recoveries r join loans l on l.id = r.loan_id join savings_accounts a on a.id = l.account_id left join users u on u.id = a.user_id
        where ${where}
        order by r.proposed_at desc, r.id
        limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    loanId: row.loan_id,
    productName: row.product_name,
    borrowerName: row.borrower_name,
    status: row.status,
    daysInArrears: row.days_in_arrears,
    overdueKobo: koboFromDb(row.overdue_kobo),
    amountKobo: koboFromDb(row.amount_kobo),
    shares: row.shares,
    proposedById: row.proposed_by_id,
    proposedByName: row.proposed_by_name,
    proposedAt: new Date(row.proposed_at).toISOString(),
    decidedByName: row.decided_by_name,
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    declineReason: row.decline_reason,
    valueDate: row.value_date,
    entryId: row.entry_id,
  }));
}

export async function recoveryView(db: Db, id: string): Promise<LoanRecoveryView> {
  const [view] = await recoveryViews(db, sql`r.id = ${id}`);
  if (!view) throw new AppError('RECOVERY_NOT_FOUND');
  return view;
}

/** Borrowers' debts to guarantors, with both names and the loan's product; oldest first. */
export async function claimViews(db: Db, where: ReturnType<typeof sql>): Promise<GuarantorClaim[]> {
  const rows = await queryRows<{
    id: string;
    loan_id: string;
    product_name: string;
    borrower_name: string;
    guarantor_name: string;
    amount_kobo: string;
    repaid_kobo: string;
    created_at: string;
  }>(
    db,
    sql`select c.id::text, c.loan_id::text, l.product_name, coalesce(bu.name, ba.holder_name) as borrower_name, coalesce(gu.name, ga.holder_name) as guarantor_name,
               c.amount_kobo::text, c.repaid_kobo::text, c.created_at
        from guarantor_claims c join loans l on l.id = c.loan_id
        join savings_accounts ba on ba.id = c.borrower_account_id left join users bu on bu.id = ba.user_id
        join savings_accounts ga on ga.id = c.guarantor_account_id left join users gu on gu.id = ga.user_id
        where ${where}
        order by c.created_at, c.amount_kobo desc, c.id`,
  );
  return rows.map((row) => {
    const amountKobo = koboFromDb(row.amount_kobo);
    const repaidKobo = koboFromDb(row.repaid_kobo);
    return {
      id: row.id,
      loanId: row.loan_id,
      productName: row.product_name,
      borrowerName: row.borrower_name,
      guarantorName: row.guarantor_name,
      amountKobo,
      repaidKobo,
      owedKobo: koboFromDb(amountKobo - repaidKobo),
      createdAt: new Date(row.created_at).toISOString(),
    };
  });
}
