import { defaultRunValueDate, type IsoDate, type ParsedBatchDraft } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { resolvePostingValueDate } from '../ledger/value-date.ts';

/** A run's value date: the one given (never in the future), else the month's payday or today. */
export async function resolveRunValueDate(deps: SavingsDeps, actor: Actor, draft: Pick<ParsedBatchDraft, 'month' | 'valueDate'>, db: Database | Transaction = deps.db): Promise<IsoDate> {
  return resolvePostingValueDate(deps, actor, draft.valueDate ?? defaultRunValueDate(draft.month, deps.now(), deps.timeZone), db);
}
