import { sql } from 'drizzle-orm';
import { approvalLeaves, type LoanRecoveryListItem, type LoanRecoveryView } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { heldKoboSql } from '../ledger/lien-sql.ts';

type AccountRow = { id: string; balance_kobo: string; held_kobo: string };

/**
 * Issue 34: beside each share of a proposed recovery, the guarantor's savings balance now and the
 * available balance once the share is taken, every account read in ONE statement (lien-sql.ts's
 * one "held"). Approval takes the share from the balance and lowers the guarantee's hold by as
 * much (approve-recovery.ts's lowerHolds), just as approving a withdrawal takes its amount and
 * releases its hold, so the withdrawal's approvalLeaves works it out: no second formula. A decided
 * recovery, or a guarantor whose account is gone, has no standing.
 */
export async function withShareStandings(db: Database, recoveries: LoanRecoveryView[]): Promise<LoanRecoveryListItem[]> {
  const accountIds = [...new Set(recoveries.filter((recovery) => recovery.status === 'proposed').flatMap((recovery) => recovery.shares.map((share) => share.accountId)))];
  const rows =
    accountIds.length === 0
      ? []
      : await queryRows<AccountRow>(
          db,
          sql`select a.id::text, a.balance_kobo::text, ${heldKoboSql(sql`a.id`)}::text as held_kobo
              from savings_accounts a
              where a.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(accountIds)}::jsonb))`,
        );
  const accounts = new Map(rows.map((row) => [row.id, { balanceKobo: koboFromDb(row.balance_kobo), heldKobo: koboFromDb(row.held_kobo) }]));
  return recoveries.map((recovery) => ({
    ...recovery,
    shares: recovery.shares.map((share) => {
      const account = recovery.status === 'proposed' ? accounts.get(share.accountId) : undefined;
      if (!account) return { ...share, standing: null };
      const leaves = approvalLeaves({ type: 'withdrawal', amountKobo: share.amountKobo }, account);
      return { ...share, standing: { balanceKobo: leaves.balanceKobo, availableAfterKobo: leaves.availableAfterKobo } };
    }),
  }));
}
