import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError, formatNaira, GUARANTEE_BINDING_STATUSES, type Kobo, type LoanView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows } from '../../db/client.ts';
import { loanGuarantors, loans, savingsAccounts } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanViews } from './loan-views.ts';
import { ordinaryAccountOf } from '../ledger/ledger-sql.ts';
import { leavingAmong } from '../ledger/member-leaving.ts';


/**
 * A guarantor accepts or declines. Accepting is refused when it would take what they guarantee in
 * all past their savings balance; their savings account row is locked first, so two acceptances
 * by one person at the same moment are judged one after the other. When every guarantor has
 * accepted, the application goes to the officers.
 *
 * Issue 32: a request made in a leaving member's place (replaces_account_id) may be answered while
 * the loan binds its guarantors (running, too); accepting it releases the leaver's guarantee
 * ('Replaced by <name>'). A member who has given notice to leave accepts none.
 */
export async function answerGuarantee(deps: LoanDeps, actor: Actor, loanId: string, answer: 'accept' | 'decline'): Promise<LoanView> {
  await deps.db.transaction(async (tx) => {
    const [account] = await tx.select().from(savingsAccounts).where(ordinaryAccountOf(actor.id)).for('update');
    if (!account) throw new AppError('LOAN_NOT_FOUND');
    // Issue 32: a request in a leaver's place locks the leaver's guarantee before its own row, in the
    // order an officer's release takes them (exits/exit-guarantees.ts), so the two never deadlock.
    const [peek] = await tx
      .select({ replaces: loanGuarantors.replacesAccountId })
      .from(loanGuarantors)
      .where(and(eq(loanGuarantors.loanId, loanId), eq(loanGuarantors.accountId, account.id)));
    if (peek?.replaces) {
      await tx
        .select({ loanId: loanGuarantors.loanId })
        .from(loanGuarantors)
        .where(and(eq(loanGuarantors.loanId, loanId), eq(loanGuarantors.accountId, peek.replaces)))
        .for('update');
    }
    const [request] = await tx
      .select({ guarantee: loanGuarantors, loanStatus: loans.status, productName: loans.productName })
      .from(loanGuarantors)
      .innerJoin(loans, eq(loans.id, loanGuarantors.loanId))
      .where(and(eq(loanGuarantors.loanId, loanId), eq(loanGuarantors.accountId, account.id)))
      .for('update');
    if (!request) throw new AppError('LOAN_NOT_FOUND');
    const replacing = request.guarantee.replacesAccountId;
    const loanTakesAnswers = replacing ? (GUARANTEE_BINDING_STATUSES as readonly string[]).includes(request.loanStatus) : request.loanStatus === 'awaiting_guarantors';
    if (!loanTakesAnswers || request.guarantee.status !== 'pending') throw new AppError('GUARANTEE_NOT_OPEN');

    if (answer === 'accept') {
      if ((await leavingAmong(tx, [actor.id])).size > 0) throw new AppError('EXIT_MEMBER_LEAVING');
      const [committed] = await queryRows<{ total: string }>(
        tx,
        sql`select coalesce(sum(g.amount_kobo), 0) as total from ${loanGuarantors} g join ${loans} l on l.id = g.loan_id
            where g.account_id = ${account.id} and g.status = 'accepted' and l.status in ${GUARANTEE_BINDING_STATUSES}`,
      );
      const already = Number(committed?.total ?? 0);
      if (already + request.guarantee.amountKobo > account.balanceKobo) {
        const room = Math.max(0, account.balanceKobo - already) as Kobo;
        throw new AppError('GUARANTEE_OVER_SAVINGS', {
          message: `You can guarantee at most ${formatNaira(room)} more: your savings are ${formatNaira(account.balanceKobo)} and you already guarantee ${formatNaira(already)}`,
        });
      }
    }
    const at = deps.now();
    await tx
      .update(loanGuarantors)
      .set({ status: answer === 'accept' ? 'accepted' : 'declined', answeredAt: at })
      .where(and(eq(loanGuarantors.loanId, loanId), eq(loanGuarantors.accountId, account.id)));
    if (answer === 'accept' && replacing) {
      await tx
        .update(loanGuarantors)
        .set({ status: 'released', releasedReason: `Replaced by ${actor.name}`, releasedAt: at })
        .where(and(eq(loanGuarantors.loanId, loanId), eq(loanGuarantors.accountId, replacing), eq(loanGuarantors.status, 'accepted')));
    }
    if (answer === 'accept' && request.loanStatus === 'awaiting_guarantors') {
      // Requests in a leaver's place do not hold the application back: the leaver's own guarantee stands until one is accepted.
      const pending = await tx
        .select({ accountId: loanGuarantors.accountId })
        .from(loanGuarantors)
        .where(and(eq(loanGuarantors.loanId, loanId), inArray(loanGuarantors.status, ['pending', 'declined']), isNull(loanGuarantors.replacesAccountId)));
      if (pending.length === 0) await tx.update(loans).set({ status: 'awaiting_approval' }).where(eq(loans.id, loanId));
    }
    await recordAudit(tx, {
      kind: answer === 'accept' ? 'loan.guarantee_accepted' : 'loan.guarantee_declined',
      actor,
      target: { type: 'loan', id: loanId, label: `${request.productName}: guarantee by ${account.holderName}` },
      people: [actor.id],
      before: { status: 'pending' },
      after: { status: answer === 'accept' ? 'accepted' : 'declined', amountKobo: request.guarantee.amountKobo, ...(replacing ? { replacesAccountId: replacing } : {}) },
      at,
    });
  });
  const [view] = await loanViews(deps.db, [loanId], deps.now(), deps.timeZone);
  return view as LoanView;
}
