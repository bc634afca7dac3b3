import { and, eq, sql } from 'drizzle-orm';
import { AppError, GUARANTEE_BINDING_STATUSES, isUuid, type Kobo } from '@kobo/core';
import { queryRows, type Transaction } from '../../db/client.ts';
import { loanGuarantors } from '../../db/schema.ts';
import { ordinaryAccountSql } from '../ledger/ledger-sql.ts';
import { readExitRow, type ExitRow } from './exit-store.ts';

/** Guarantees are released, or a new guarantor asked, only before settlement (issue 32, "Guarantees first"). */
const OPEN_EXIT_STATUSES = new Set(['notice', 'approved']);

export type LeaverGuarantee = {
  exit: ExitRow;
  accountId: string;
  amountKobo: Kobo;
  loanSeq: number;
  productName: string;
  borrowerAccountId: string;
  borrowerUserId: string | null;
  borrowerName: string;
};

/**
 * The exit (locked) and the guarantee its member gives on `loanId`, locked: an accepted guarantee on
 * their ordinary savings account for a loan that still binds a guarantor. Anything else is not
 * found; an exit settled or cancelled is no longer at notice.
 */
export async function lockLeaverGuarantee(tx: Transaction, exitId: string, loanId: string): Promise<LeaverGuarantee> {
  const exit = await readExitRow(tx, exitId, true);
  if (!OPEN_EXIT_STATUSES.has(exit.status)) throw new AppError('EXIT_NOT_NOTICE');
  if (!isUuid(loanId)) throw new AppError('EXIT_GUARANTEE_NOT_FOUND');
  const [row] = await queryRows<{ account_id: string; amount_kobo: string; loan_seq: string; product_name: string; borrower_account_id: string; borrower_user_id: string | null; borrower_name: string }>(
    tx,
    sql`select g.account_id, g.amount_kobo::text, l.seq::text as loan_seq, l.product_name, l.account_id as borrower_account_id,
               ba.user_id as borrower_user_id, coalesce(bu.name, ba.holder_name) as borrower_name
        from savings_accounts a
        join loan_guarantors g on g.account_id = a.id and g.loan_id = ${loanId} and g.status = 'accepted'
        join loans l on l.id = g.loan_id and l.status in ${GUARANTEE_BINDING_STATUSES}
        join savings_accounts ba on ba.id = l.account_id
        left join users bu on bu.id = ba.user_id
        where a.user_id = ${exit.userId} and ${ordinaryAccountSql('a')}
        for update of g`,
  );
  if (!row) throw new AppError('EXIT_GUARANTEE_NOT_FOUND');
  return {
    exit,
    accountId: row.account_id,
    amountKobo: Number(row.amount_kobo) as Kobo,
    loanSeq: Number(row.loan_seq),
    productName: row.product_name,
    borrowerAccountId: row.borrower_account_id,
    borrowerUserId: row.borrower_user_id,
    borrowerName: row.borrower_name,
  };
}

/** The requests still waiting for an answer from members asked to guarantee `loanId` in place of `accountId`. */
export function pendingReplacements(tx: Transaction, loanId: string, accountId: string) {
  return tx
    .select({ accountId: loanGuarantors.accountId })
    .from(loanGuarantors)
    .where(and(eq(loanGuarantors.loanId, loanId), eq(loanGuarantors.replacesAccountId, accountId), eq(loanGuarantors.status, 'pending')));
}
