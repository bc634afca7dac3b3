import { and, eq } from 'drizzle-orm';
import type { ExitDetail } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { loanGuarantors } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { lockLeaverGuarantee, pendingReplacements } from './exit-guarantees.ts';
import type { ExitDeps } from './exits.routes.ts';
import { readExitDetail } from './read-exit.ts';

/**
 * An officer judges the borrower's own savings enough and releases the leaver's guarantee of one
 * loan, with a reason (issue 32, "Guarantees first"): the guarantee is 'released', so it no longer
 * holds the leaver's savings (lien-sql.ts counts accepted guarantees only). A request to another
 * member still waiting in the leaver's place is withdrawn with it.
 */
export async function releaseGuarantee(deps: ExitDeps, actor: Actor, exitId: string, loanId: string, reason: string): Promise<ExitDetail> {
  await deps.db.transaction(async (tx) => {
    const guarantee = await lockLeaverGuarantee(tx, exitId, loanId);
    const withdrawn = await pendingReplacements(tx, loanId, guarantee.accountId);
    if (withdrawn.length > 0) {
      await tx.delete(loanGuarantors).where(and(eq(loanGuarantors.loanId, loanId), eq(loanGuarantors.replacesAccountId, guarantee.accountId), eq(loanGuarantors.status, 'pending')));
    }
    const at = deps.now();
    await tx
      .update(loanGuarantors)
      .set({ status: 'released', releasedReason: reason, releasedAt: at })
      .where(and(eq(loanGuarantors.loanId, loanId), eq(loanGuarantors.accountId, guarantee.accountId)));
    await recordAudit(tx, {
      kind: 'exit.guarantee_released',
      actor,
      target: { type: 'member_exit', id: exitId, label: `Exit ${guarantee.exit.seq}: ${guarantee.exit.holderName}` },
      people: [guarantee.exit.userId, guarantee.borrowerUserId],
      before: { loanId, status: 'accepted', amountKobo: guarantee.amountKobo },
      after: { loanId, status: 'released', releasedReason: reason, withdrawnRequests: withdrawn.length },
      at,
    });
  });
  return readExitDetail(deps.db, exitId);
}
