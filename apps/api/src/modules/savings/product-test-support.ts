import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows, type Database } from '../../db/client.ts';
import type { TestClient } from '../../test/test-app.ts';

/**
 * Savings products for the tests of a member's product accounts (issue 29), written in SQL: a
 * control account in the scheme's book (a sub-ledger of members' savings) and the product under it.
 * The admin's own screen and API (helper C's) are tested on their own.
 */
let made = 0;

export type TestProduct = { id: string; name: string; controlAccountId: string };

type ProductRules = {
  name: string;
  kind: 'shares' | 'target' | 'fixed' | 'ordinary';
  sharePriceKobo?: number | null;
  minimumHoldingKobo?: number | null;
  windowOpens?: string | null;
  windowCloses?: string | null;
  payoutOn?: string | null;
  payoutTo?: 'ordinary' | 'out' | null;
  earlyWithdrawal?: boolean;
  penalty?: { kind: 'percent'; basisPoints: number } | { kind: 'fixed'; kobo: number } | null;
  /** The income account penalties go to: null for the mapping savings.penalty_income (fee income). */
  penaltyAccountId?: string | null;
  annualRateBp?: number | null;
  termMonths?: number | null;
};

export async function createTestProduct(db: Database, rules: ProductRules): Promise<TestProduct> {
  made += 1;
  const suffix = `${made}-${Math.random().toString(36).slice(2, 7)}`;
  const name = `${rules.name}`;
  const [control] = await queryRows<{ id: string }>(
    db,
    sql`insert into ledger_accounts (book, code, name, kind, subledger)
        values ('scheme', ${`P${suffix}`.slice(0, 12)}, ${`${rules.name} (members)`}, ${rules.kind === 'shares' ? 'equity' : 'liability'}, 'member_savings')
        returning id`,
  );
  const penalty = rules.penalty ?? null;
  const [product] = await queryRows<{ id: string }>(
    db,
    sql`insert into savings_products
          (name, kind, control_account_id, share_price_kobo, minimum_holding_kobo, window_opens, window_closes, payout_on, payout_to,
           early_withdrawal, penalty_kind, penalty_value, penalty_account_id, annual_rate_bp, term_months)
        values (${name}, ${rules.kind}, ${control!.id}, ${rules.sharePriceKobo ?? null}, ${rules.minimumHoldingKobo ?? null},
                ${rules.windowOpens ?? null}, ${rules.windowCloses ?? null}, ${rules.payoutOn ?? null}, ${rules.payoutTo ?? null},
                ${rules.earlyWithdrawal ?? false}, ${penalty?.kind ?? null},
                ${penalty === null ? null : penalty.kind === 'percent' ? penalty.basisPoints : penalty.kobo},
                ${rules.penaltyAccountId ?? null}, ${rules.annualRateBp ?? null}, ${rules.termMonths ?? null})
        returning id`,
  );
  return { id: product!.id, name, controlAccountId: control!.id };
}

/** COOPERATIVE.md's products, each with its own name so a file may make several. */
export const PRODUCTS = {
  /** ₦1,000 a share, at least ₦25,000. */
  shares: (name = 'Shares'): ProductRules => ({ name, kind: 'shares', sharePriceKobo: 100_000, minimumHoldingKobo: 2_500_000 }),
  /** Withdrawals 1–31 December, paid out to ordinary savings on 15 December; no early withdrawal. */
  christmas: (name = 'Christmas Savings'): ProductRules => ({
    name,
    kind: 'target',
    windowOpens: '12-01',
    windowCloses: '12-31',
    payoutOn: '12-15',
    payoutTo: 'ordinary',
  }),
  /** The same window, early withdrawal allowed at 5% to fee income. */
  christmasEarly: (name = 'Sallah Savings'): ProductRules => ({
    name,
    kind: 'target',
    windowOpens: '12-01',
    windowCloses: '12-31',
    payoutOn: '12-15',
    payoutTo: 'ordinary',
    earlyWithdrawal: true,
    penalty: { kind: 'percent', basisPoints: 500 },
  }),
  /** 12% a year for 6 months unless chosen, broken early at 2% of the principal. */
  fixed: (name = 'Fixed Deposit'): ProductRules => ({ name, kind: 'fixed', annualRateBp: 1_200, termMonths: 6, penalty: { kind: 'percent', basisPoints: 200 } }),
};

export function postToProduct(client: TestClient, body: Record<string, unknown>, idempotencyKey?: string) {
  return client.post('/api/savings/transactions', body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
}

/** The member's accounts, one per live product, as an officer reads them. */
export async function productAccountsOf(client: TestClient, ref: string): Promise<{ productId: string; productName: string; balanceKobo: number; availableKobo: number }[]> {
  const response = await client.get(`/api/savings/accounts/${ref}/products`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().accounts;
}

export async function productBalance(client: TestClient, ref: string, productId: string): Promise<number> {
  const account = (await productAccountsOf(client, ref)).find((one) => one.productId === productId);
  return account?.balanceKobo ?? 0;
}

/** An account's balance in the books, credit balances as positive kobo. */
export async function booksBalance(db: Database, ledgerAccountId: string): Promise<number> {
  const [row] = await queryRows<{ total: string }>(db, sql`select coalesce(-sum(amount_kobo), 0)::text as total from journal_lines where account_id = ${ledgerAccountId}`);
  return Number(row!.total);
}
