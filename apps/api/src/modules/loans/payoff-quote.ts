import { asc, eq, sql } from 'drizzle-orm';
import { AppError, calendarDate, can, MESSAGES, payoffQuote, type IsoDate, type Kobo, type LoanPosition, type PayoffQuote, type PayoffQuoteView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { readSnapshot } from '../../db/read-snapshot.ts';
import { loanInstalments, loans, loanTransactions, savingsAccounts, users } from '../../db/schema.ts';
import type { LoanDeps } from './loan-deps.ts';
import { positionOf } from './loan-views.ts';
import { penaltyOutstandingOf } from '../loan-penalties/penalty-balances.ts';

type Db = Database | Transaction;
type LoanRow = typeof loans.$inferSelect;

/**
 * A running loan's payoff on `day` by core's payoffQuote (issue 33, docs/decisions/052), and where
 * the loan stands: the top-up's disbursement pays it off at exactly this. The caller has checked the
 * loan is active (and, when it posts, holds its row lock). Refuses a day before the loan's last
 * posting: the quote is of the loan as it stands, and a later posting would change it.
 */
export async function payoffOn(db: Db, loan: LoanRow, day: IsoDate, field: string): Promise<{ quote: PayoffQuote; position: LoanPosition }> {
  const [last] = await db
    .select({ valueDate: sql<string | null>`max(${loanTransactions.valueDate})::text` })
    .from(loanTransactions)
    .where(eq(loanTransactions.loanId, loan.id));
  const lastPosting = last?.valueDate ?? loan.disbursedValueDate;
  if (lastPosting && day < lastPosting) throw new AppError('VALIDATION', { message: MESSAGES.payoffQuoteDateInvalid, field });
  const rows = await db.select().from(loanInstalments).where(eq(loanInstalments.loanId, loan.id)).orderBy(asc(loanInstalments.number));
  const position: LoanPosition = { feeOutstanding: loan.feeOutstandingKobo as Kobo, instalments: rows.map(positionOf), overpayment: loan.overpayment, earlyPayment: loan.earlyPayment };
  // Penalties charged and not yet paid or waived (part B's loan_penalty_balances): a payoff pays them too.
  return { quote: payoffQuote(position, day, await penaltyOutstandingOf(db, loan.id)), position };
}


/**
 * `GET /api/loans/:id/payoff-quote?on=`: an officer's or the auditor's for any running loan, the
 * borrower's for their own (another's is "Loan not found", as an unknown id is). A read, in one
 * snapshot; it writes nothing.
 */
export async function readPayoffQuote(deps: LoanDeps, actor: Actor, loanId: string, query: { on?: string | undefined }): Promise<PayoffQuoteView> {
  const day = (query.on ?? calendarDate(deps.now(), deps.timeZone)) as IsoDate;
  return readSnapshot(deps.db, async (tx) => {
    const [row] = await tx
      .select({ loan: loans, userId: savingsAccounts.userId, holderName: savingsAccounts.holderName, staffId: savingsAccounts.staffId, userName: users.name })
      .from(loans)
      .innerJoin(savingsAccounts, eq(savingsAccounts.id, loans.accountId))
      .leftJoin(users, eq(users.id, savingsAccounts.userId))
      .where(eq(loans.id, loanId));
    if (!row || (!can(actor.role, 'view_staff_savings') && row.userId !== actor.id)) throw new AppError('LOAN_NOT_FOUND');
    if (row.loan.status !== 'active') throw new AppError('LOAN_NOT_ACTIVE');
    const { quote } = await payoffOn(tx, row.loan, day, 'on');
    return {
      loanId,
      productName: row.loan.productName,
      kind: row.loan.kind,
      borrowerName: row.userName ?? row.holderName,
      staffId: row.staffId,
      on: day,
      validUntil: quote.validUntil,
      principalKobo: quote.principalKobo,
      interestKobo: quote.interestKobo,
      feeKobo: quote.feeKobo,
      penaltyKobo: quote.penaltyKobo,
      totalKobo: quote.totalKobo,
    };
  });
}
