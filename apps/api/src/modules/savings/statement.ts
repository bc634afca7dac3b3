import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { koboFromDb } from '../../db/kobo.ts';
import { asKobo, ORDINARY_SAVINGS_PRODUCT_ID, signedAmountKobo, type IsoDate, type SavingsStatement } from '@kobo/core';
import type { z } from 'zod';
import { savingsAccounts, savingsProducts, savingsTransactions } from '../../db/schema.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Transaction } from '../../db/client.ts';
import { findAccountView, findHolder, selectLedgerRows, toTransactionView, unopenedAccountView, type Holder, type SavingsDeps } from '../ledger/savings-accounts.ts';
import { signedAmountSql } from '../ledger/ledger-sql.ts';
import { holderForRequest } from '../ledger/holder-for-request.ts';
import { readSnapshot } from '../../db/read-snapshot.ts';
import { findProduct } from './product-catalog.ts';
import type { productStatementSchema } from './product-schemas.ts';

/** A statement, of one product (ordinary savings unless named) or of all the member's products (issue 29). */
export type ProductStatement = z.infer<typeof productStatementSchema>;

/** `product`: null or ordinary savings' id for the statement as it always was, a product's id for that product's, 'all' for the combined one. */
type StatementInput = { from: IsoDate; to: IsoDate; product?: string | null };

/**
 * A statement for value dates `from`..`to` (issue 11): the opening balance (everything valued before
 * the first day), every transaction of the period oldest first with the balance after it, and the
 * closing balance. Staff and regular users get their own; admins any account.
 */
export async function getStatement(
  deps: SavingsDeps,
  actor: Actor,
  input: { userId: string | null } & StatementInput,
): Promise<ProductStatement> {
  return statementOf(deps, holderForRequest(actor, input.userId, 'view_own_savings', 'view_staff_savings'), input);
}

/** One holder's statement, whoever asks: the caller has decided they may see it (a route; the monthly mail). */
export async function statementOf(deps: Pick<SavingsDeps, 'db'>, userId: string, input: StatementInput): Promise<ProductStatement> {
  const product = input.product ?? ORDINARY_SAVINGS_PRODUCT_ID;
  // Named before the snapshot: an unknown product is refused as such, whoever holds what.
  const named = product === 'all' || product === ORDINARY_SAVINGS_PRODUCT_ID ? null : await findProduct(deps.db, product);
  // One snapshot, so the opening balance, the rows and the account agree (read-snapshot.ts).
  return readSnapshot(deps.db, async (tx) => {
    const holder = await findHolder(tx, { userId });
    if (product === 'all') return combinedStatement(tx, holder, input);
    if (!named) return accountStatement(tx, holder, holder.accountId, input);
    const [account] = await tx
      .select({ id: savingsAccounts.id })
      .from(savingsAccounts)
      .where(and(eq(savingsAccounts.userId, holder.userId), eq(savingsAccounts.productId, named.id)));
    return { ...(await accountStatement(tx, holder, account?.id ?? null, input)), product: { id: named.id, name: named.name } };
  });
}

/** One account's statement; a product never paid into has a statement of nothing at zero (reading opens no account, issue 10). */
async function accountStatement(tx: Transaction, holder: Holder, accountId: string | null, input: StatementInput): Promise<SavingsStatement> {
  if (!accountId) {
    return { account: unopenedAccountView(holder), from: input.from, to: input.to, openingBalanceKobo: asKobo(0), closingBalanceKobo: asKobo(0), rows: [] };
  }
  const [opening] = await tx
    .select({ total: sql<string>`coalesce(sum(${signedAmountSql}), 0)` })
    .from(savingsTransactions)
    .where(and(eq(savingsTransactions.accountId, accountId), lt(savingsTransactions.valueDate, input.from)));
  const rows = await selectLedgerRows(tx)
    .where(and(eq(savingsTransactions.accountId, accountId), gte(savingsTransactions.valueDate, input.from), lte(savingsTransactions.valueDate, input.to)))
    .orderBy(asc(savingsTransactions.valueDate), asc(savingsTransactions.seq));
  const openingBalanceKobo = koboFromDb(opening?.total);
  let balance: number = openingBalanceKobo;
  const statementRows = rows.map(({ row, reversedById }) => {
    balance += signedAmountKobo(row.type, row.amountKobo);
    return { ...toTransactionView(row, reversedById), balanceAfterKobo: asKobo(balance) };
  });
  return {
    account: await findAccountView(tx, accountId),
    from: input.from,
    to: input.to,
    openingBalanceKobo,
    closingBalanceKobo: asKobo(balance),
    rows: statementRows,
  };
}

/**
 * The combined statement (issue 29): every product's rows, ordered by value date (then posting
 * order), each naming its product; the opening, running and closing balances are the member's
 * total across products. A move between two of their own products shows both legs, netting to
 * nothing. The account shown is their ordinary savings.
 */
async function combinedStatement(tx: Transaction, holder: Holder, input: StatementInput): Promise<ProductStatement> {
  const accounts = await tx
    .select({ id: savingsAccounts.id, productId: savingsAccounts.productId, productName: savingsProducts.name })
    .from(savingsAccounts)
    .innerJoin(savingsProducts, eq(savingsProducts.id, savingsAccounts.productId))
    .where(eq(savingsAccounts.userId, holder.userId));
  const account = holder.accountId ? await findAccountView(tx, holder.accountId) : unopenedAccountView(holder);
  if (accounts.length === 0) {
    return { account, from: input.from, to: input.to, openingBalanceKobo: asKobo(0), closingBalanceKobo: asKobo(0), rows: [] };
  }
  const ids = accounts.map((one) => one.id);
  const productOf = new Map(accounts.map((one) => [one.id, { productId: one.productId, productName: one.productName }]));
  const [opening] = await tx
    .select({ total: sql<string>`coalesce(sum(${signedAmountSql}), 0)` })
    .from(savingsTransactions)
    .where(and(inArray(savingsTransactions.accountId, ids), lt(savingsTransactions.valueDate, input.from)));
  const rows = await selectLedgerRows(tx)
    .where(and(inArray(savingsTransactions.accountId, ids), gte(savingsTransactions.valueDate, input.from), lte(savingsTransactions.valueDate, input.to)))
    .orderBy(asc(savingsTransactions.valueDate), asc(savingsTransactions.seq));
  const openingBalanceKobo = koboFromDb(opening?.total);
  let balance: number = openingBalanceKobo;
  const statementRows = rows.map(({ row, reversedById }) => {
    balance += signedAmountKobo(row.type, row.amountKobo);
    return { ...toTransactionView(row, reversedById), balanceAfterKobo: asKobo(balance), ...productOf.get(row.accountId) };
  });
  return { account, from: input.from, to: input.to, openingBalanceKobo, closingBalanceKobo: asKobo(balance), rows: statementRows };
}
