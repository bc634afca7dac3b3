import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  AppError,
  guaranteeShares,
  guarantorsNeededMessage,
  loanFee,
  loanLimitProblem,
  MESSAGES,
  type Kobo,
  type HandOverLink,
  type LoanApplication,
  type LoanView,
  type MailNotice,
} from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Transaction } from '../../db/client.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { mailNotice } from '../../mail/mail-notice.ts';
import { guaranteeRequestMail } from '../../mail/guarantee-request-mail.ts';
import { loanGuarantors, loanProducts, loans, savingsAccounts, users } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { holderForRequest } from '../ledger/holder-for-request.ts';
import { leavingAmong } from '../ledger/member-leaving.ts';
import type { LoanDeps } from './loan-deps.ts';
import { eligibleGuarantorSql } from './guarantor-eligibility.ts';
import { alreadyBorrowedSql } from '../ledger/lien-sql.ts';
import { loanViews } from './loan-views.ts';
import { productRules } from './product-views.ts';
import { isOrdinaryAccount, ordinaryAccountOf } from '../ledger/ledger-sql.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { securitySavingsSql } from './security-savings.ts';
import { topUpCredit } from './top-up.ts';

/**
 * A holder applies (or an officer applies for them): within the product's limits for their
 * savings, with exactly the guarantors the product asks for, each an active savings holder other
 * than the borrower, each guaranteeing an equal share. The loan copies the product's terms.
 * `mail` tells of the guarantors' requests: without a mail server they are only kept, and the
 * applicant gets each guarantor's link to hand over (issue 26, docs/decisions/037).
 */
export async function applyForLoan(deps: LoanDeps, actor: Actor, application: LoanApplication): Promise<{ loan: LoanView; mail: MailNotice }> {
  const holderId = holderForRequest(actor, application.userId, 'view_own_savings');
  const { loanId, links } = await deps.db.transaction(async (tx) => {
    const [product] = await tx.select().from(loanProducts).where(eq(loanProducts.id, application.productId));
    if (!product || product.retiredAt !== null) throw new AppError('LOAN_PRODUCT_NOT_FOUND', { field: 'productId' });
    // Locked first, in its own statement, so two applications at once are judged one after the other:
    // the second reads what is already borrowed in a later snapshot, which sees the first.
    await tx.select({ id: savingsAccounts.id }).from(savingsAccounts).where(ordinaryAccountOf(holderId)).for('no key update');
    const [account] = await tx
      .select({
        id: savingsAccounts.id,
        holderName: savingsAccounts.holderName,
        // Issue 29: the savings the product names (ordinary savings plus shares unless it says otherwise).
        securityKobo: sql<string>`${securitySavingsSql(holderId, product.securityProductIds ?? null)}`,
        alreadyBorrowed: sql<string>`${alreadyBorrowedSql(sql`${savingsAccounts.id}`)}`,
      })
      .from(savingsAccounts)
      .where(ordinaryAccountOf(holderId));
    if (!account) throw new AppError('NO_SAVINGS_ACCOUNT');
    // Issue 32: from notice on, a leaving member takes no new loan and guarantees none.
    if ((await leavingAmong(tx, [holderId])).size > 0) throw new AppError('EXIT_MEMBER_LEAVING');
    const rules = productRules(product);
    // Issue 33: a top-up is judged as if new, the running loan it pays off counting as repaid.
    const topUpCredited = application.topsUpLoanId ? await topUpCredit(tx, account.id, application.topsUpLoanId) : 0;
    const problem = loanLimitProblem(
      rules,
      { amount: application.amountKobo, months: application.months },
      koboFromDb(account.securityKobo),
      Number(account.alreadyBorrowed) - topUpCredited,
    );
    if (problem) throw new AppError('LOAN_OUTSIDE_LIMITS', { message: problem, field: application.months > rules.maxMonths ? 'months' : 'amount' });

    // Issue 33: a murabaha sells an item the scheme buys; the amount is its cost price.
    if (product.kind === 'murabaha' && application.item === null) throw new AppError('VALIDATION', { message: MESSAGES.murabahaItemRequired, field: 'item' });
    const guarantorIds = application.guarantorIds;
    if (guarantorIds.length !== rules.guarantorsRequired) {
      throw new AppError('VALIDATION', { message: guarantorsNeededMessage(rules.guarantorsRequired), field: 'guarantors' });
    }
    if (guarantorIds.includes(holderId)) throw new AppError('VALIDATION', { message: MESSAGES.guarantorIsBorrower, field: 'guarantors' });
    if ((await leavingAmong(tx, guarantorIds)).size > 0) throw new AppError('EXIT_MEMBER_LEAVING', { field: 'guarantors' });
    const guarantorAccounts =
      guarantorIds.length === 0
        ? []
        : await tx
            .select({ id: savingsAccounts.id, userId: savingsAccounts.userId })
            .from(savingsAccounts)
            .innerJoin(users, eq(users.id, savingsAccounts.userId))
            .where(and(inArray(users.id, guarantorIds), isOrdinaryAccount, eligibleGuarantorSql()));
    if (guarantorAccounts.length !== guarantorIds.length) throw new AppError('GUARANTOR_INVALID', { field: 'guarantors' });

    const at = deps.now();
    const [loan] = await tx
      .insert(loans)
      .values({
        accountId: account.id,
        productId: product.id,
        productName: product.name,
        method: product.method,
        annualRateBp: product.annualRateBp,
        kind: product.kind,
        markupBp: product.markupBp,
        item: product.kind === 'murabaha' ? application.item : null,
        savingsMultiple: product.savingsMultiple,
        overpayment: product.overpayment,
        earlyPayment: product.earlyPayment,
        principalKobo: application.amountKobo,
        topsUpLoanId: application.topsUpLoanId,
        feeKobo: loanFee(rules.fee, application.amountKobo),
        months: application.months,
        purpose: application.purpose,
        status: guarantorIds.length > 0 ? 'awaiting_guarantors' : 'awaiting_approval',
        appliedById: actor.id,
        appliedAt: at,
      })
      .returning({ id: loans.id });
    if (!loan) throw new Error('inserting a loan returned no row');
    // In the order chosen, so the shares follow the applicant's list.
    const ordered = guarantorIds.map((id) => guarantorAccounts.find((row) => row.userId === id)?.id as string);
    const shares = guaranteeShares(application.amountKobo, Math.max(1, ordered.length));
    if (ordered.length > 0) {
      await tx.insert(loanGuarantors).values(ordered.map((accountId, index) => ({ loanId: loan.id, accountId, amountKobo: shares[index] as Kobo })));
    }
    const guarantorLinks = await mailGuarantors(tx, deps, { loanId: loan.id, productName: product.name, principalKobo: application.amountKobo, months: application.months });
    await recordAudit(tx, {
      kind: 'loan.applied',
      actor,
      target: { type: 'loan', id: loan.id, label: `${product.name}: ${account.holderName}` },
      people: [holderId, ...guarantorIds],
      before: null,
      after: { principalKobo: application.amountKobo, months: application.months, productId: product.id, guarantors: guarantorIds, topsUpLoanId: application.topsUpLoanId, ...(product.kind === 'murabaha' ? { item: application.item } : {}) },
      at,
    });
    return { loanId: loan.id, links: guarantorLinks };
  });
  deps.outbox.nudge();
  const [view] = await loanViews(deps.db, [loanId], deps.now(), deps.timeZone);
  return { loan: view as LoanView, mail: mailNotice(deps.outbox, links) };
}

/**
 * Each guarantor is asked by email too, queued with the application so it goes exactly when it
 * commits. Returns each mail's link (their savings page, where they answer; no secret in it).
 */
async function mailGuarantors(tx: Transaction, deps: LoanDeps, loan: { loanId: string; productName: string; principalKobo: Kobo; months: number }): Promise<HandOverLink[]> {
  const [view] = await loanViews(tx, [loan.loanId], deps.now(), deps.timeZone);
  if (!view || view.guarantors.length === 0) return [];
  const people = await tx
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(users)
    .where(inArray(users.id, view.guarantors.flatMap((guarantor) => guarantor.userId ?? [])));
  const links: HandOverLink[] = [];
  for (const guarantor of view.guarantors) {
    const person = people.find((candidate) => candidate.id === guarantor.userId);
    if (!person) continue;
    // Staff see their savings at /staff-savings, a regular user at /savings (SPEC 2).
    const link = `${deps.appUrl}${person.role === 'staff' ? '/staff-savings' : '/savings'}`;
    await enqueueMail(tx, 'loan.guarantee_request', guaranteeRequestMail({ guarantor: person, borrower: view.borrower, ...loan, shareKobo: guarantor.amountKobo, link }));
    links.push({ name: person.name, email: person.email, link });
  }
  return links;
}
