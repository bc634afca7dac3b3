import { sql } from 'drizzle-orm';
import {
  asKobo,
  availableOf,
  calendarDate,
  earlyWithdrawalPenalty,
  hasMatured,
  isInWindow,
  nextPayoutDate,
  sharesHeld,
  type IsoDate,
  type MemberProductAccountView,
  type SavingsProduct,
} from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { readSnapshot } from '../../db/read-snapshot.ts';
import { heldKoboSql } from '../ledger/lien-sql.ts';
import { findHolder, type SavingsDeps } from '../ledger/savings-accounts.ts';
import { findProduct, liveProducts } from './product-catalog.ts';
import { targetsPaidOut } from '../savings-products/payout-runs.ts';

type HeldAccount = { accountId: string; balanceKobo: number; heldKobo: number; maturesOn: IsoDate | null };

/**
 * What may leave a product's account today (issue 29), before any product rule's refusal:
 * - ordinary: the balance less what loans and pending requests hold (as /api/savings/me says);
 * - shares: nothing while a member;
 * - target: in the window, the balance less holds; outside it, that less the early-withdrawal
 *   penalty on it where the product allows early withdrawal, else nothing;
 * - fixed: nothing before maturity, then the balance less holds.
 */
export function productAvailableKobo(product: SavingsProduct, account: Omit<HeldAccount, 'accountId'>, today: IsoDate): number {
  const free = availableOf({ balanceKobo: account.balanceKobo, heldKobo: account.heldKobo });
  switch (product.kind) {
    case 'ordinary':
      return free;
    case 'shares':
      return 0;
    case 'target':
      if (isInWindow(product, today)) return free;
      return product.earlyWithdrawal ? free - earlyWithdrawalPenalty(product, free) : 0;
    case 'fixed':
      return account.maturesOn !== null && hasMatured({ maturesOn: account.maturesOn }, today) ? free : 0;
  }
}

/**
 * A member's accounts, one per live product (issue 29): each balance and available balance, the
 * next target pay-out day, shares held against the minimum, a fixed deposit's maturity. A product
 * the member never paid into shows ₦0 and no account id; reading opens no account. A retired
 * product still holding the member's money is listed too.
 */
export async function memberProductAccounts(deps: SavingsDeps, userId: string): Promise<{ accounts: MemberProductAccountView[] }> {
  return readSnapshot(deps.db, async (tx) => {
    const holder = await findHolder(tx, { userId }); // 'No savings account found' for no one, or an admin
    const today = calendarDate(deps.now(), deps.timeZone);
    const held = await queryRows<{ product_id: string; id: string; balance_kobo: string | number; held_kobo: string | number; matures_on: string | null }>(
      tx,
      sql`select a.product_id, a.id, a.balance_kobo, ${heldKoboSql(sql`a.id`)} as held_kobo, a.matures_on::text as matures_on
          from savings_accounts a where a.user_id = ${holder.userId}`,
    );
    const byProduct = new Map(
      held.map((row) => [
        row.product_id,
        { accountId: row.id, balanceKobo: koboFromDb(row.balance_kobo), heldKobo: koboFromDb(row.held_kobo), maturesOn: row.matures_on as IsoDate | null },
      ]),
    );
    const products = await liveProducts(tx);
    const retiredHeld = held.filter((row) => !products.some((product) => product.id === row.product_id) && koboFromDb(row.balance_kobo) > 0);
    for (const row of retiredHeld) products.push(await findProduct(tx, row.product_id));
    const paidOut = await targetsPaidOut(tx, Number(today.slice(0, 4)));
    const standing = await queryRows<{ product_id: string; amount_kobo: string | number }>(
      tx,
      sql`select product_id, amount_kobo from standing_contributions where user_id = ${holder.userId}`,
    );
    const standingOf = new Map(standing.map((row) => [row.product_id, koboFromDb(row.amount_kobo)]));
    return {
      accounts: products.map((product) => ({
        ...accountView(product, byProduct.get(product.id) ?? null, today, paidOut.has(product.id)),
        standingContributionKobo: asKobo(standingOf.get(product.id) ?? 0),
      })),
    };
  });
}

/** `paidOutThisYear`: this year's pay-out is made, so the next is next year's (even on the pay-out day itself). */
function accountView(product: SavingsProduct, account: HeldAccount | null, today: IsoDate, paidOutThisYear: boolean): Omit<MemberProductAccountView, 'standingContributionKobo'> {
  const balanceKobo = account?.balanceKobo ?? 0;
  return {
    accountId: account?.accountId ?? null,
    productId: product.id,
    productName: product.name,
    kind: product.kind,
    balanceKobo: asKobo(balanceKobo),
    availableKobo: asKobo(account ? productAvailableKobo(product, account, today) : 0),
    nextPayoutOn: product.kind === 'target' ? nextPayoutDate(product, paidOutThisYear ? `${Number(today.slice(0, 4)) + 1}-01-01` as IsoDate : today) : null,
    sharesHeld: product.kind === 'shares' ? sharesHeld(balanceKobo, product) : null,
    minimumHoldingKobo: product.kind === 'shares' && product.minimumHoldingKobo !== null ? asKobo(product.minimumHoldingKobo) : null,
    maturesOn: product.kind === 'fixed' && account?.maturesOn && balanceKobo > 0 ? account.maturesOn : null,
  };
}

/** GET /api/savings/me/products: the caller's own accounts. */
export async function myProductAccounts(deps: SavingsDeps, actor: Actor) {
  return memberProductAccounts(deps, actor.id);
}

/** GET /api/savings/accounts/:ref/products: a holder's accounts by staff ID or user id, for an officer or the auditor. */
export async function holderProductAccounts(deps: SavingsDeps, ref: string) {
  const holder = await findHolder(deps.db, { ref });
  return memberProductAccounts(deps, holder.userId);
}
