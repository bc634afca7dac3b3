import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { openAccount } from '../ledger/savings-accounts.ts';

/**
 * Savings products and their accounts set up in SQL, as the products' own operations store them
 * (their rules are tested beside those operations): a control account under the scheme's book, a
 * product, a member's account in it and deposits into it (the journal's trigger books each one).
 */
export async function newControlAccount(db: Database, code: string, name: string, kind: 'liability' | 'equity' = 'liability'): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into ledger_accounts (book, code, name, kind, subledger) values ('scheme', ${code}, ${name}, ${kind}, 'member_savings') returning id`,
  );
  return row!.id;
}

export type ProductSetup = {
  name: string;
  kind: 'shares' | 'target' | 'fixed';
  code: string;
  sharePriceKobo?: number | null;
  minimumHoldingKobo?: number | null;
  windowOpens?: string | null;
  windowCloses?: string | null;
  payoutOn?: string | null;
  payoutTo?: 'ordinary' | 'out' | null;
  annualRateBp?: number | null;
  termMonths?: number | null;
};

export async function newProduct(db: Database, setup: ProductSetup): Promise<string> {
  const control = await newControlAccount(db, setup.code, setup.name, setup.kind === 'shares' ? 'equity' : 'liability');
  const [row] = await queryRows<{ id: string }>(
    db,
    // Made at the start of the year, before any pay-out day the tests' clocks reach.
    sql`insert into savings_products (name, kind, control_account_id, share_price_kobo, minimum_holding_kobo, window_opens, window_closes, payout_on, payout_to, annual_rate_bp, term_months, created_at)
        values (${setup.name}, ${setup.kind}, ${control}, ${setup.sharePriceKobo ?? null}, ${setup.minimumHoldingKobo ?? null}, ${setup.windowOpens ?? null},
                ${setup.windowCloses ?? null}, ${setup.payoutOn ?? null}, ${setup.payoutTo ?? null}, ${setup.annualRateBp ?? null}, ${setup.termMonths ?? null}, '2026-01-05T09:00:00+01:00')
        returning id`,
  );
  return row!.id;
}

/** The member's account in a product (opened if need be), `kobo` deposited into it on `valueDate`. */
export async function depositInto(db: Database, userId: string, productId: string, kobo: number, valueDate = '2026-11-20'): Promise<string> {
  return db.transaction(async (tx) => {
    const accountId = await openAccount(tx, userId, productId);
    await tx.execute(sql`
      insert into savings_transactions (account_id, type, amount_kobo, created_by_email, value_date)
      values (${accountId}, 'deposit', ${kobo}, 'treasurer@example.com', ${valueDate}::date)`);
    await tx.execute(sql`update savings_accounts set balance_kobo = balance_kobo + ${kobo} where id = ${accountId}`);
    return accountId;
  });
}

export async function accountBalance(db: Database, userId: string, productId: string): Promise<number | null> {
  const [row] = await queryRows<{ balance_kobo: string }>(
    db,
    sql`select balance_kobo::text from savings_accounts where user_id = ${userId} and product_id = ${productId}`,
  );
  return row ? Number(row.balance_kobo) : null;
}
