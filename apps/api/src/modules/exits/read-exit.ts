import { sql } from 'drizzle-orm';
import { GUARANTEE_BINDING_STATUSES, type ExitDetail, type ExitGuarantee } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { ordinaryAccountSql } from '../ledger/ledger-sql.ts';
import { readExitRow, toExitView } from './exit-store.ts';

type Db = Database | Transaction;

type GuaranteeRow = {
  loan_id: string;
  amount_kobo: string | number;
  status: 'accepted' | 'released';
  released_reason: string | null;
  loan_status: string;
  product_name: string;
  borrower_name: string;
  replacement_name: string | null;
  replacement_status: 'pending' | 'accepted' | null;
};

/** Loans that still bind a guarantor, and the repaid ones (whose guarantees were released by repayment). */
const SHOWN_LOAN_STATUSES = [...GUARANTEE_BINDING_STATUSES, 'repaid'] as const;

function stateOf(row: GuaranteeRow): ExitGuarantee['state'] {
  if (row.status === 'released') return row.replacement_status === 'accepted' ? 'replaced' : 'own_savings';
  if (row.loan_status === 'repaid') return 'repaid';
  return row.replacement_status === 'pending' ? 'replacement_asked' : 'open';
}

/**
 * The guarantees a member gives (issue 32, "Guarantees first"): every accepted or released
 * guarantee on their ordinary savings account for a loan that binds a guarantor or was repaid,
 * with the member asked (or accepted) in their place, oldest loan first.
 */
export async function guaranteesGivenBy(db: Db, userId: string): Promise<ExitGuarantee[]> {
  const rows = await queryRows<GuaranteeRow>(
    db,
    sql`select g.loan_id, g.amount_kobo, g.status, g.released_reason, l.status as loan_status, l.product_name,
               coalesce(bu.name, ba.holder_name) as borrower_name,
               r.name as replacement_name, r.status as replacement_status
        from savings_accounts a
        join loan_guarantors g on g.account_id = a.id and g.status in ('accepted', 'released')
        join loans l on l.id = g.loan_id and l.status in ${SHOWN_LOAN_STATUSES}
        join savings_accounts ba on ba.id = l.account_id
        left join users bu on bu.id = ba.user_id
        left join lateral (
          select coalesce(ru.name, ra.holder_name) as name, n.status
          from loan_guarantors n
          join savings_accounts ra on ra.id = n.account_id
          left join users ru on ru.id = ra.user_id
          where n.loan_id = g.loan_id and n.replaces_account_id = g.account_id and n.status in ('pending', 'accepted')
          order by (n.status = 'accepted') desc, n.answered_at desc nulls last
          limit 1
        ) r on true
        where a.user_id = ${userId} and ${ordinaryAccountSql('a')}
        order by l.seq`,
  );
  return rows.map((row) => ({
    loanId: row.loan_id,
    borrowerName: row.borrower_name,
    productName: row.product_name,
    guaranteedKobo: koboFromDb(row.amount_kobo),
    state: stateOf(row),
    replacementName: row.replacement_name,
    releasedReason: row.released_reason,
  }));
}

/** One exit with the guarantees its member gives (GET /api/exits/:id); EXIT_NOT_FOUND for an unknown or malformed id. */
export async function readExitDetail(db: Db, id: string): Promise<ExitDetail> {
  const row = await readExitRow(db, id);
  return { exit: toExitView(row), guarantees: await guaranteesGivenBy(db, row.userId) };
}
