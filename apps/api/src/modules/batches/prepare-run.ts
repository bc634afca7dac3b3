import { sql } from 'drizzle-orm';
import { amountDue, asKobo, defaultRunDescription, defaultRunValueDate, type IsoDate, type PayrollMonth, type RunCandidate, type RunPreparation } from '@kobo/core';
import { activeLoansOf } from '../loans/active-loan-positions.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { holderRoleSql, ordinaryAccountSql } from '../ledger/ledger-sql.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { findEarlierBatch } from './batch-views.ts';

type CandidateRow = {
  user_id: string;
  name: string;
  email: string;
  staff_id: string | null;
  account_id: string | null;
  balance_kobo: string | number | null;
  contribution_kobo: string | number | null;
};

/**
 * Every active savings holder with their balance, standing contribution and (issue 12) what their
 * active loans have due on the run's value date, by staff ID then name.
 */
export async function listRunCandidates(db: Database, valueDate: IsoDate): Promise<RunCandidate[]> {
  const rows = await queryRows<CandidateRow>(
    db,
    sql`select u.id as user_id, u.name, u.email, u.staff_id, a.id as account_id, a.balance_kobo, c.amount_kobo as contribution_kobo
        from users u
        left join savings_accounts a on a.user_id = u.id and ${ordinaryAccountSql('a')}
        left join standing_contributions c on c.user_id = u.id and ${ordinaryAccountSql('c')}
        where u.active and ${holderRoleSql(sql`u.role`)}
        order by u.staff_id nulls last, u.name, u.id`,
  );
  const loans = await activeLoansOf(db, rows.flatMap((row) => row.account_id ?? []));
  const dueOf = (accountId: string | null) =>
    (accountId ? (loans.get(accountId) ?? []) : [])
      .filter((loan) => loan.disbursedOn <= valueDate)
      .reduce((sum, loan) => sum + amountDue(loan.position, valueDate), 0);
  return rows.map((row) => ({
    userId: row.user_id,
    name: row.name,
    email: row.email,
    staffId: row.staff_id,
    balanceKobo: asKobo(Number(row.balance_kobo ?? 0)),
    monthlyContributionKobo: asKobo(Number(row.contribution_kobo ?? 0)),
    loanDueKobo: asKobo(dueOf(row.account_id)),
  }));
}

/** The Prepare step: the month's defaults, everyone who may be in the run, and any earlier batch. */
export async function prepareRun(deps: SavingsDeps, month: PayrollMonth): Promise<RunPreparation> {
  const valueDate = defaultRunValueDate(month, deps.now(), deps.timeZone);
  return {
    month,
    valueDate,
    description: defaultRunDescription(month),
    candidates: await listRunCandidates(deps.db, valueDate),
    earlierBatch: await findEarlierBatch(deps.db, month, null, deps.timeZone),
  };
}
