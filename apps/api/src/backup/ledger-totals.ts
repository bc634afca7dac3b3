import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Transaction } from '../db/client.ts';
import { signedAmountSql } from '../modules/ledger/ledger-sql.ts';
import { quoted } from './catalog.ts';

/**
 * The figures a restore must reproduce exactly: every table's row count and the ledgers' totals.
 * Sums are kept as decimal text (bigint sums pass 2^53 long before any organisation's ledger does,
 * but nothing here needs to round to find out).
 */
export type LedgerTotals = {
  /** Sum of savings_accounts.balance_kobo. */
  savingsBalances: string;
  /** Sum of the savings ledger's signed amounts (in minus out): equals the balances when consistent. */
  savingsLedger: string;
  /** Sum of loan_transactions.amount_kobo per type (disbursement, fee, repayment). */
  loanLedger: Record<string, string>;
};

export async function countRows(db: Database | Transaction, tables: string[]): Promise<Record<string, number>> {
  if (tables.length === 0) return {};
  const select = tables.map((name) => `(select count(*) from ${quoted(name)})::text as ${quoted(name)}`).join(', ');
  const [row] = await queryRows<Record<string, string>>(db, sql.raw(`select ${select}`));
  return Object.fromEntries(tables.map((name) => [name, Number(row?.[name] ?? 0)]));
}

/** The ledgers' totals; a table missing at an older migration level counts as empty. */
export async function ledgerTotals(db: Database | Transaction, tables: string[]): Promise<LedgerTotals> {
  const has = new Set(tables);
  const [savings] = has.has('savings_accounts') && has.has('savings_transactions')
    ? await queryRows<{ balances: string; ledger: string }>(db, sql`
        select (select coalesce(sum(balance_kobo), 0)::text from savings_accounts) as balances,
               (select coalesce(sum(${signedAmountSql}), 0)::text from savings_transactions) as ledger`)
    : [{ balances: '0', ledger: '0' }];
  const loans = has.has('loan_transactions')
    ? await queryRows<{ type: string; total: string }>(db, sql`
        select type, sum(amount_kobo)::text as total from loan_transactions group by type order by type`)
    : [];
  return {
    savingsBalances: savings?.balances ?? '0',
    savingsLedger: savings?.ledger ?? '0',
    loanLedger: Object.fromEntries(loans.map(({ type, total }) => [type, total])),
  };
}
