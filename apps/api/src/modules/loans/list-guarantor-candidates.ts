import { and, asc, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { GuarantorCandidate } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { savingsAccounts, users } from '../../db/schema.ts';
import type { LoanDeps } from './loan-deps.ts';
import { eligibleGuarantorSql } from './guarantor-eligibility.ts';
import { ordinaryAccountOf } from '../ledger/ledger-sql.ts';
import { notLeavingSql } from '../ledger/member-leaving.ts';

/** Enough to pick from as one types; a longer name narrows it. */
export const MAX_GUARANTOR_CANDIDATES = 20;

/**
 * Colleagues a holder may name as guarantors, by name or staff ID: active savings holders with an
 * account, never the one asking (nor, for an officer applying on a holder's behalf, that holder),
 * never a member who has given notice to leave (issue 32).
 * Only names and staff IDs: what a colleague already knows, never a balance.
 */
export async function listGuarantorCandidates(
  deps: LoanDeps,
  actor: Actor,
  query: { q?: string | undefined; exceptUserId?: string | undefined },
): Promise<GuarantorCandidate[]> {
  const conditions: (SQL | undefined)[] = [eligibleGuarantorSql(), ne(users.id, actor.id), notLeavingSql(users.id)];
  if (query.exceptUserId) conditions.push(ne(users.id, query.exceptUserId));
  if (query.q) {
    const pattern = `%${query.q.replaceAll(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(or(ilike(users.name, pattern), ilike(users.staffId, pattern)));
  }
  return deps.db
    .select({ userId: users.id, name: users.name, staffId: users.staffId })
    .from(users)
    .innerJoin(savingsAccounts, ordinaryAccountOf(users.id))
    .where(and(...conditions))
    .orderBy(asc(users.name), asc(users.id))
    .limit(MAX_GUARANTOR_CANDIDATES);
}
