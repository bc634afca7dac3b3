import { sql } from 'drizzle-orm';
import { calendarDate, formatRate, maturityInterest, targetWindow, termMonthsOf, type IsoDate, type PayoutDestination, type SavingsPayoutRun } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';
import { heldKoboSql } from '../ledger/lien-sql.ts';
import { holderRoleSql } from '../ledger/ledger-sql.ts';
import { openDay } from '../ledger/open-day.ts';
import { FIXED_MATURITY_RUN, TARGET_PAYOUT_RUN } from '../savings-products/payout-runs.ts';
import { moveBalances, writeStampedRows, type NewRow } from '../savings/product-ledger.ts';

export type PayoutDeps = { db: Database; now: () => Date; timeZone: string };

/** Who the postings are recorded as made by: the admin who asked for the run, or the schedule. */
export type PayoutRunner = { id: string | null; email: string };
export const SCHEDULED_RUNNER: PayoutRunner = { id: null, email: 'Kobo schedule' };

export { FIXED_MATURITY_RUN, TARGET_PAYOUT_RUN };

type TargetProductRow = {
  id: string;
  name: string;
  window_opens: string | null;
  window_closes: string | null;
  payout_on: string | null;
  payout_to: PayoutDestination | null;
  created_on: IsoDate;
};

/**
 * The day's pay-outs and maturities (issue 29): every target product whose pay-out day has come
 * this year moves each member's balance to their ordinary savings (or pays it out, as the product
 * says), once per product per year; every fixed deposit that has matured gets its interest and
 * moves, principal and interest, to ordinary savings, once per deposit. Each product's run claims
 * its scheduled_runs rows and posts in one transaction (as monthly-statements.ts does), so two
 * instances, or a tick and an admin's call, never pay twice, and a run that fails leaves nothing
 * claimed for the next tick to retry. Money is valued on the day the run happens (the first open
 * day from it): a server down on the pay-out day pays on its first check after.
 */
export async function runProductPayouts(deps: PayoutDeps, runner: PayoutRunner = SCHEDULED_RUNNER): Promise<SavingsPayoutRun[]> {
  const today = calendarDate(deps.now(), deps.timeZone);
  const runs: SavingsPayoutRun[] = [];
  const targets = await queryRows<TargetProductRow>(
    deps.db,
    sql`select id, name, window_opens, window_closes, payout_on, payout_to, (created_at at time zone ${deps.timeZone})::date::text as created_on
        from savings_products where kind = 'target' and payout_on is not null order by name`,
  );
  for (const product of targets) {
    const run = await payOutTarget(deps, runner, product, today);
    if (run) runs.push(run);
  }
  const fixed = await queryRows<{ id: string; name: string }>(
    deps.db,
    sql`select distinct p.id, p.name from savings_products p join savings_accounts a on a.product_id = p.id
        where p.kind = 'fixed' and a.matures_on <= ${today}::date and a.principal_kobo is not null order by p.name`,
  );
  for (const product of fixed) {
    const run = await matureDeposits(deps, runner, product, today);
    if (run) runs.push(run);
  }
  return runs;
}

async function payOutTarget(deps: PayoutDeps, runner: PayoutRunner, product: TargetProductRow, today: IsoDate): Promise<SavingsPayoutRun | null> {
  const year = Number(today.slice(0, 4));
  let payoutDay: IsoDate;
  try {
    payoutDay = targetWindow({ name: product.name, windowOpens: product.window_opens, windowCloses: product.window_closes, payoutOn: product.payout_on }, year).payoutOn;
  } catch {
    return null; // A target product saved without its days has no pay-out to make.
  }
  // A product made after this year's pay-out day first pays out next year: its money was saved for that one.
  if (today < payoutDay || product.created_on > payoutDay) return null;
  const destination = product.payout_to ?? 'ordinary';
  const period = `${product.id}:${year}`;
  return deps.db.transaction(async (tx) => {
    if (!(await claim(tx, TARGET_PAYOUT_RUN, [period], deps.now())).length) return null;
    const at = deps.now();
    const valueDate = await openDay(tx, 'scheme', today);
    const accounts = await queryRows<{ id: string }>(tx, sql`select id from savings_accounts where product_id = ${product.id} and balance_kobo > 0 order by id`);
    const description = `${product.name} pay-out ${year}`;
    const moved = await moveOut(tx, { accountIds: accounts.map((account) => account.id), destination, description, runner, at, valueDate, interestOf: () => 0 });
    const run: SavingsPayoutRun = {
      productId: product.id,
      productName: product.name,
      kind: 'target',
      period: String(year),
      valueDate,
      destination,
      accounts: moved.accounts,
      movedKobo: koboFromDb(moved.movedKobo),
      interestKobo: koboFromDb(0),
    };
    await finish(tx, TARGET_PAYOUT_RUN, [period], { ...run, skipped: moved.skipped }, at);
    return run;
  });
}

type MaturingRow = { id: string; principal_kobo: string | number; annual_rate_bp: number; matures_on: IsoDate; opened_on: IsoDate };

async function matureDeposits(deps: PayoutDeps, runner: PayoutRunner, product: { id: string; name: string }, today: IsoDate): Promise<SavingsPayoutRun | null> {
  return deps.db.transaction(async (tx) => {
    // The terms on the account keep the principal, rate and maturity; the deposit was opened on the
    // value date of the last money paid in before maturity (an account emptied at maturity may be opened again).
    const due = await queryRows<MaturingRow>(tx, sql`
      select a.id, a.principal_kobo, coalesce(a.annual_rate_bp, p.annual_rate_bp, 0) as annual_rate_bp, a.matures_on::text as matures_on,
             coalesce((select t.value_date from savings_transactions t
                       where t.account_id = a.id and t.type in ('deposit', 'transfer_in') and t.reverses_id is null and t.value_date <= a.matures_on
                       order by t.value_date desc, t.seq desc limit 1),
                      (a.created_at at time zone ${deps.timeZone})::date)::text as opened_on
      from savings_accounts a join savings_products p on p.id = a.product_id
      where a.product_id = ${product.id} and a.matures_on <= ${today}::date and a.principal_kobo is not null
      order by a.id`);
    const periods = due.map((row) => `${row.id}:${row.matures_on}`);
    const won = new Set(await claim(tx, FIXED_MATURITY_RUN, periods, deps.now()));
    const claimed = due.filter((row) => won.has(`${row.id}:${row.matures_on}`));
    if (claimed.length === 0) return null;
    const at = deps.now();
    const valueDate = await openDay(tx, 'scheme', today);
    const terms = new Map(
      claimed.map((row) => [row.id, { principalKobo: Number(row.principal_kobo), openedOn: row.opened_on, maturesOn: row.matures_on, annualRateBp: row.annual_rate_bp }]),
    );
    const moved = await moveOut(tx, {
      accountIds: claimed.map((row) => row.id),
      destination: 'ordinary',
      description: `${product.name} matured`,
      runner,
      at,
      valueDate,
      // A deposit broken before maturity (its balance short of the principal) earns nothing.
      interestOf: (accountId, balanceKobo) => {
        const deposit = terms.get(accountId);
        return deposit && balanceKobo >= deposit.principalKobo ? maturityInterest(deposit) : 0;
      },
      interestDescription: (accountId) => {
        const deposit = terms.get(accountId);
        return deposit ? `Interest at ${formatRate(deposit.annualRateBp)} for ${termMonthsOf(deposit)} months` : 'Interest';
      },
    });
    const run: SavingsPayoutRun = {
      productId: product.id,
      productName: product.name,
      kind: 'fixed',
      period: today,
      valueDate,
      destination: 'ordinary',
      accounts: moved.accounts,
      movedKobo: koboFromDb(moved.movedKobo),
      interestKobo: koboFromDb(moved.interestKobo),
    };
    await finish(tx, FIXED_MATURITY_RUN, [...won], { ...run, skipped: moved.skipped }, at);
    return run;
  });
}

/** Inserts the runs' rows; the periods this call won (an instance that got there first keeps the rest). */
async function claim(tx: Transaction, name: string, periods: string[], at: Date): Promise<string[]> {
  if (periods.length === 0) return [];
  const won = await queryRows<{ period: string }>(tx, sql`
    insert into scheduled_runs (name, period, started_at)
    select ${name}, period, ${at.toISOString()}::timestamptz from jsonb_array_elements_text(${JSON.stringify(periods)}::jsonb) as claimed(period)
    on conflict do nothing returning period`);
  return won.map((row) => row.period);
}

async function finish(tx: Transaction, name: string, periods: string[], result: Record<string, unknown>, at: Date): Promise<void> {
  await tx.execute(sql`
    update scheduled_runs set finished_at = ${at.toISOString()}::timestamptz, result = ${JSON.stringify(result)}::jsonb
    where name = ${name} and period in (select jsonb_array_elements_text(${JSON.stringify(periods)}::jsonb))`);
}

type MoveOptions = {
  accountIds: string[];
  destination: PayoutDestination;
  description: string;
  runner: PayoutRunner;
  at: Date;
  valueDate: IsoDate;
  /** Interest credited to the account first (a matured deposit's), given its balance. */
  interestOf: (accountId: string, balanceKobo: number) => number;
  interestDescription?: (accountId: string) => string;
};

/**
 * Moves each account's balance, less what requests awaiting approval hold of it (theirs to decide),
 * plus any interest, to the member's ordinary savings (a transfer: two rows sharing a transfer id)
 * or out (a withdrawal). All rows go in one statement and all balances change in one more, under
 * the accounts' row locks taken in id order, so a posting in flight on any of them waits or is
 * waited for. A member whose user record is gone, or who no longer holds savings, has no ordinary
 * savings to receive it: their balance stays where it is (counted as skipped).
 */
async function moveOut(tx: Transaction, options: MoveOptions) {
  const none = { accounts: 0, movedKobo: 0, interestKobo: 0, skipped: 0 };
  if (options.accountIds.length === 0) return none;
  const ids = sql`(select (jsonb_array_elements_text(${JSON.stringify(options.accountIds)}::jsonb))::uuid)`;
  const toOrdinary = options.destination === 'ordinary';
  if (toOrdinary) {
    // The holders first (as openAccount does): a role change or deletion in flight is seen or waits.
    await tx.execute(sql`select u.id from users u join savings_accounts a on a.user_id = u.id where a.id in ${ids} order by u.id for share of u`);
    await tx.execute(sql`
      insert into savings_accounts (user_id, holder_name, staff_id, product_id)
      select u.id, u.name, u.staff_id, ${ORDINARY_SAVINGS_PRODUCT_ID}::uuid
      from savings_accounts a join users u on u.id = a.user_id
      where a.id in ${ids} and ${holderRoleSql(sql`u.role`)}
      on conflict (user_id, product_id) do nothing`);
  }
  await tx.execute(sql`
    select s.id from savings_accounts s
    where s.id in ${ids}
       or (${toOrdinary}::boolean and s.product_id = ${ORDINARY_SAVINGS_PRODUCT_ID}::uuid and s.user_id in (select a.user_id from savings_accounts a where a.id in ${ids}))
    order by s.id for update`);
  // A member reads a move between their own products as from or to the product (as own transfers name it).
  const accounts = await queryRows<{ id: string; balance_kobo: string | number; held_kobo: string | number; product_name: string; ordinary_name: string; ordinary_id: string | null }>(tx, sql`
    select t.id, t.balance_kobo, ${heldKoboSql(sql`t.id`)} as held_kobo,
           (select p.name from savings_products p where p.id = t.product_id) as product_name,
           (select p.name from savings_products p where p.id = ${ORDINARY_SAVINGS_PRODUCT_ID}::uuid) as ordinary_name,
           case when ${holderRoleSql(sql`u.role`)} then o.id end as ordinary_id
    from savings_accounts t
    left join users u on u.id = t.user_id
    left join savings_accounts o on o.user_id = t.user_id and o.product_id = ${ORDINARY_SAVINGS_PRODUCT_ID}::uuid
    where t.id in ${ids}
    order by t.id`);

  const rows: NewRow[] = [];
  const deltas = new Map<string, number>();
  const add = (accountId: string, kobo: number) => deltas.set(accountId, (deltas.get(accountId) ?? 0) + kobo);
  const moved = { ...none };
  for (const account of accounts) {
    if (toOrdinary && !account.ordinary_id) {
      moved.skipped += 1;
      continue;
    }
    const balance = Number(account.balance_kobo);
    const interest = options.interestOf(account.id, balance);
    const amount = balance + interest - Number(account.held_kobo);
    if (amount <= 0) continue;
    const shared = { description: options.description };
    if (interest > 0) {
      rows.push({ accountId: account.id, type: 'interest', amountKobo: interest, description: options.interestDescription?.(account.id) ?? 'Interest' });
      add(account.id, interest);
    }
    if (toOrdinary && account.ordinary_id) {
      const transferId = crypto.randomUUID();
      rows.push({ ...shared, accountId: account.id, type: 'transfer_out', amountKobo: amount, transferId, counterpartyAccountId: account.ordinary_id, counterpartyName: account.ordinary_name });
      rows.push({ ...shared, accountId: account.ordinary_id, type: 'transfer_in', amountKobo: amount, transferId, counterpartyAccountId: account.id, counterpartyName: account.product_name });
      add(account.ordinary_id, amount);
    } else {
      rows.push({ accountId: account.id, type: 'withdrawal', amountKobo: amount, description: options.description });
    }
    add(account.id, -amount);
    moved.accounts += 1;
    moved.movedKobo += amount;
    moved.interestKobo += interest;
  }
  if (rows.length === 0) return moved;
  const { runner, at, valueDate } = options;
  // The ledger's builders, as every product posting writes: the rows in one statement, the balances in one more.
  await writeStampedRows(tx, { createdById: runner.id, createdByEmail: runner.email, processedByEmail: runner.email, at, valueDate }, rows);
  await moveBalances(tx, deltas, at);
  return moved;
}
