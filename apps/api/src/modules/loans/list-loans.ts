import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { LoanStatus, LoanView } from '@kobo/core';
import { loans, savingsAccounts } from '../../db/schema.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanViews } from './loan-views.ts';

/** The most a list answers at once; the filters narrow it. */
export const MAX_LOAN_LIST = 200;
/** The most an export writes: every loan a scheme of thousands has made. */
export const MAX_LOAN_EXPORT = 50_000;

/** The officers' list, newest first: by status, searched by the borrower's name or staff ID. */
export async function listLoans(
  deps: LoanDeps,
  query: { status?: LoanStatus | undefined; q?: string | undefined },
  limit = MAX_LOAN_LIST,
): Promise<LoanView[]> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(loans.status, query.status));
  if (query.q) {
    const pattern = `%${query.q.replaceAll(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(or(ilike(savingsAccounts.holderName, pattern), ilike(savingsAccounts.staffId, pattern)) as SQL);
  }
  const rows = await deps.db
    .select({ id: loans.id })
    .from(loans)
    .innerJoin(savingsAccounts, eq(savingsAccounts.id, loans.accountId))
    .where(and(...conditions))
    .orderBy(desc(loans.seq))
    .limit(limit);
  return loanViews(deps.db, rows.map((row) => row.id), deps.now(), deps.timeZone);
}
