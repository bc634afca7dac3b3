import { desc, eq } from 'drizzle-orm';
import type { MyLoans } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { loanGuarantors, loans, savingsAccounts } from '../../db/schema.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanViews } from './loan-views.ts';

/** A holder's own loans and the guarantees asked of them, newest first. */
export async function readMyLoans(deps: LoanDeps, actor: Actor): Promise<MyLoans> {
  const [account] = await deps.db.select({ id: savingsAccounts.id }).from(savingsAccounts).where(eq(savingsAccounts.userId, actor.id));
  if (!account) return { loans: [], guaranteeRequests: [] };
  const own = await deps.db.select({ id: loans.id }).from(loans).where(eq(loans.accountId, account.id)).orderBy(desc(loans.seq));
  const asked = await deps.db
    .select({ id: loans.id })
    .from(loanGuarantors)
    .innerJoin(loans, eq(loans.id, loanGuarantors.loanId))
    .where(eq(loanGuarantors.accountId, account.id))
    .orderBy(desc(loans.seq));
  const now = deps.now();
  return {
    loans: await loanViews(deps.db, own.map((row) => row.id), now, deps.timeZone),
    guaranteeRequests: await loanViews(deps.db, asked.map((row) => row.id), now, deps.timeZone),
  };
}
