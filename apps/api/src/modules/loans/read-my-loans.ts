import { desc, eq } from 'drizzle-orm';
import type { MyLoans } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { loanGuarantors, loans, savingsAccounts } from '../../db/schema.ts';
import type { Transaction } from '../../db/client.ts';
import { readSnapshot } from '../../db/read-snapshot.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanViews } from './loan-views.ts';
import { ordinaryAccountOf } from '../ledger/ledger-sql.ts';

/** A holder's own loans and the guarantees asked of them, newest first, from one snapshot (read-snapshot.ts). */
export async function readMyLoans(deps: LoanDeps, actor: Actor): Promise<MyLoans> {
  return readSnapshot(deps.db, (tx) => myLoansIn(tx, deps, actor));
}

async function myLoansIn(tx: Transaction, deps: LoanDeps, actor: Actor): Promise<MyLoans> {
  const [account] = await tx.select({ id: savingsAccounts.id }).from(savingsAccounts).where(ordinaryAccountOf(actor.id));
  if (!account) return { loans: [], guaranteeRequests: [] };
  const own = await tx.select({ id: loans.id }).from(loans).where(eq(loans.accountId, account.id)).orderBy(desc(loans.seq));
  const asked = await tx
    .select({ id: loans.id })
    .from(loanGuarantors)
    .innerJoin(loans, eq(loans.id, loanGuarantors.loanId))
    .where(eq(loanGuarantors.accountId, account.id))
    .orderBy(desc(loans.seq));
  const now = deps.now();
  return {
    loans: await loanViews(tx, own.map((row) => row.id), now, deps.timeZone),
    guaranteeRequests: await loanViews(tx, asked.map((row) => row.id), now, deps.timeZone),
  };
}
