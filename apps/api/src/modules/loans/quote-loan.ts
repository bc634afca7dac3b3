import { eq, sql } from 'drizzle-orm';
import { AppError, calendarDate, loanFee, loanLimitProblem, loanSchedule, maxLoanFor, type Kobo, type LoanQuote } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { loanProducts, savingsAccounts } from '../../db/schema.ts';
import { holderForRequest } from '../ledger/holder-for-request.ts';
import type { LoanDeps } from './loan-deps.ts';
import { productRules } from './product-views.ts';
import { alreadyBorrowedSql } from '../ledger/lien-sql.ts';
import { ordinaryAccountOf } from '../ledger/ledger-sql.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { securitySavingsSql } from './security-savings.ts';
import { runningPrincipal } from './top-up.ts';

/**
 * The schedule an application would have, and whether it is within the product's limits for this
 * holder's savings: shown before applying, so nobody applies blind. Reads only.
 */
export async function quoteLoan(
  deps: LoanDeps,
  actor: Actor,
  productId: string,
  request: { amountKobo: Kobo; months: number; userId: string | null; topsUpLoanId?: string | null },
): Promise<LoanQuote> {
  const holderId = holderForRequest(actor, request.userId, 'view_own_savings');
  const [product] = await deps.db.select().from(loanProducts).where(eq(loanProducts.id, productId));
  if (!product || (product.retiredAt !== null && holderId === actor.id)) throw new AppError('LOAN_PRODUCT_NOT_FOUND');
  const [account] = await deps.db
    .select({
      id: savingsAccounts.id,
      securityKobo: sql<string>`${securitySavingsSql(holderId, product.securityProductIds ?? null)}`,
      alreadyBorrowed: sql<string>`${alreadyBorrowedSql(sql`${savingsAccounts.id}`)}`,
    })
    .from(savingsAccounts)
    .where(ordinaryAccountOf(holderId));
  if (!account) throw new AppError('NO_SAVINGS_ACCOUNT');
  const rules = productRules(product);
  // Issue 33: a top-up is judged as if new, the running loan it pays off counting as repaid.
  const alreadyBorrowed = Number(account.alreadyBorrowed) - (request.topsUpLoanId ? await runningPrincipal(deps.db, account.id, request.topsUpLoanId) : 0);
  // Issue 29: the savings the product names (ordinary savings plus shares unless it says otherwise).
  const balance = koboFromDb(account.securityKobo);
  const thisMonth = calendarDate(deps.now(), deps.timeZone).slice(0, 7);
  return {
    productId,
    amountKobo: request.amountKobo,
    months: request.months,
    feeKobo: loanFee(rules.fee, request.amountKobo),
    savingsBalanceKobo: balance,
    maxAmountKobo: maxLoanFor(rules, balance, alreadyBorrowed),
    problem: loanLimitProblem(rules, { amount: request.amountKobo, months: request.months }, balance, alreadyBorrowed),
    schedule: loanSchedule({ principal: request.amountKobo, annualRateBp: rules.annualRateBp, months: request.months, method: rules.method, markupBp: rules.markupBp ?? null }, thisMonth),
  };
}
