import { sql } from 'drizzle-orm';
import {
  asKobo,
  defaultRunDescription,
  defaultRunValueDate,
  ORDINARY_SAVINGS_PRODUCT_ID,
  shareContributionFor,
  type IsoDate,
  type Kobo,
  type PayrollMonth,
  type RunCandidate,
  type RunPreparation,
  type SavingsProduct,
} from '@kobo/core';
import { loansDueOf } from '../loans/active-loan-positions.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { holderRoleSql, ordinaryAccountSql } from '../ledger/ledger-sql.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { findEarlierBatch } from './batch-views.ts';
import { readRunProducts, toRunProduct } from './run-products.ts';

type CandidateRow = {
  user_id: string;
  name: string;
  email: string;
  staff_id: string | null;
  account_id: string | null;
  balance_kobo: string | number | null;
  contribution_kobo: string | number | null;
};

type ProductRow = { user_id: string; product_id: string; balance_kobo: string | number | null; standing_kobo: string | number | null };

/**
 * Every active savings holder with their balance, standing contribution and (issue 12) what their
 * active loans have due on the run's value date, by staff ID then name. Issue 29: with each other
 * product of `products` (the run's columns after ordinary savings), the standing contribution, the
 * balance and this month's amount: shares only until the minimum holding is reached.
 */
export async function listRunCandidates(db: Database, valueDate: IsoDate, products: SavingsProduct[] = []): Promise<RunCandidate[]> {
  const rows = await queryRows<CandidateRow>(
    db,
    sql`select u.id as user_id, u.name, u.email, u.staff_id, a.id as account_id, a.balance_kobo, c.amount_kobo as contribution_kobo
        from users u
        left join savings_accounts a on a.user_id = u.id and ${ordinaryAccountSql('a')}
        left join standing_contributions c on c.user_id = u.id and ${ordinaryAccountSql('c')}
        where u.active and ${holderRoleSql(sql`u.role`)}
        order by u.staff_id nulls last, u.name, u.id`,
  );
  // Only loans already disbursed on the value date count, as the run's review takes them.
  const loansDue = await loansDueOf(db, rows.flatMap((row) => row.account_id ?? []), valueDate);
  const dueOf = (accountId: string | null) => (accountId ? (loansDue.get(accountId) ?? 0) : 0);
  const others = products.filter((product) => product.id !== ORDINARY_SAVINGS_PRODUCT_ID);
  const held = new Map<string, ProductRow>();
  if (others.length > 0) {
    const found = await queryRows<ProductRow>(
      db,
      sql`select coalesce(a.user_id, c.user_id) as user_id, coalesce(a.product_id, c.product_id) as product_id, a.balance_kobo, c.amount_kobo as standing_kobo
          from (select * from savings_accounts where product_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(others.map((product) => product.id))}::jsonb))) a
          full join (select * from standing_contributions where product_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(others.map((product) => product.id))}::jsonb))) c
            on c.user_id = a.user_id and c.product_id = a.product_id`,
    );
    for (const row of found) held.set(`${row.user_id} ${row.product_id}`, row);
  }
  return rows.map((row) => ({
    userId: row.user_id,
    name: row.name,
    email: row.email,
    staffId: row.staff_id,
    balanceKobo: asKobo(Number(row.balance_kobo ?? 0)),
    monthlyContributionKobo: asKobo(Number(row.contribution_kobo ?? 0)),
    loanDueKobo: asKobo(dueOf(row.account_id)),
    products: others.map((product) => {
      const found = held.get(`${row.user_id} ${product.id}`);
      const standingKobo = asKobo(Number(found?.standing_kobo ?? 0));
      const balanceKobo = asKobo(Number(found?.balance_kobo ?? 0));
      return { productId: product.id, standingKobo, balanceKobo, amountKobo: runAmountFor(product, standingKobo, balanceKobo) };
    }),
  }));
}

/** This month's amount for a product: the standing contribution, shares only until the minimum is reached. */
function runAmountFor(product: SavingsProduct, standingKobo: Kobo, balanceKobo: Kobo): Kobo {
  return product.kind === 'shares' ? shareContributionFor(standingKobo, balanceKobo, product) : standingKobo;
}

/** The Prepare step: the month's defaults, everyone who may be in the run, and any earlier batch. */
export async function prepareRun(deps: SavingsDeps, month: PayrollMonth): Promise<RunPreparation> {
  const valueDate = defaultRunValueDate(month, deps.now(), deps.timeZone);
  const products = await readRunProducts(deps.db);
  return {
    month,
    valueDate,
    description: defaultRunDescription(month),
    products: products.columns.map(toRunProduct),
    candidates: await listRunCandidates(deps.db, valueDate, products.columns),
    earlierBatch: await findEarlierBatch(deps.db, month, null, deps.timeZone),
  };
}
