import { eq, sql } from 'drizzle-orm';
import { AppError, isUuid, type GuarantorClaim, type MyGuarantorClaims } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { guarantorClaims } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { LoanRecoveryDeps } from './loan-recovery-deps.ts';
import { claimViews } from './recovery-store.ts';

/** GET /api/account/guarantor-claims: what the holder still owes their guarantors, and what borrowers still owe them. */
export async function readMyClaims(db: Database, userId: string): Promise<MyGuarantorClaims> {
  const mine = sql`(select a.id from savings_accounts a where a.user_id = ${userId})`;
  const [owedByMe, owedToMe] = await Promise.all([
    claimViews(db, sql`c.borrower_account_id in ${mine} and c.repaid_kobo < c.amount_kobo`),
    claimViews(db, sql`c.guarantor_account_id in ${mine} and c.repaid_kobo < c.amount_kobo`),
  ]);
  return { owedByMe, owedToMe };
}

/**
 * An officer records that the borrower repaid a guarantor (all or part of the debt). Only the
 * record: the money passed between the two members outside the scheme's books, or through a
 * savings transfer an officer posts as any other (docs/decisions/055). Never more than is owed;
 * two recordings at once queue on the claim's row.
 */
export async function repayClaim(deps: Pick<LoanRecoveryDeps, 'db' | 'now'>, actor: Actor, id: string, amountKobo: number): Promise<GuarantorClaim> {
  if (!isUuid(id)) throw new AppError('CLAIM_NOT_FOUND');
  return deps.db.transaction(async (tx) => {
    const [claim] = await tx.select().from(guarantorClaims).where(eq(guarantorClaims.id, id)).for('update');
    if (!claim) throw new AppError('CLAIM_NOT_FOUND');
    if (amountKobo > claim.amountKobo - claim.repaidKobo) throw new AppError('CLAIM_REPAYMENT_TOO_MUCH', { field: 'amount' });
    const at = deps.now();
    await tx
      .update(guarantorClaims)
      .set({ repaidKobo: claim.repaidKobo + amountKobo, updatedAt: at })
      .where(eq(guarantorClaims.id, id));
    const [view] = await claimViews(tx, sql`c.id = ${id}`);
    const people = await queryRows<{ user_id: string | null }>(
      tx,
      sql`select user_id from savings_accounts where id in (${claim.borrowerAccountId}, ${claim.guarantorAccountId})`,
    );
    await recordAudit(tx, {
      kind: 'loan_recovery.claim_repaid',
      actor,
      target: { type: 'loan', id: claim.loanId, label: `${view!.borrowerName} → ${view!.guarantorName}` },
      people: people.map((person) => person.user_id),
      before: { claimId: id, repaidKobo: claim.repaidKobo },
      after: { repaidKobo: claim.repaidKobo + amountKobo, amountKobo },
      at,
    });
    return view!;
  });
}
