import { AppError, beforeBooksStartMessage, calendarDate, can, valueDateProblem, type IsoDate, MESSAGES } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { SavingsDeps } from './savings-accounts.ts';
import { readBooksStart } from './books-start.ts';

/**
 * The value date a posting gets (issue 11): today in APP_TIMEZONE unless an officer names an
 * earlier day; never a day in the future. A holder's own posting is always today's.
 */
export function resolveValueDate(deps: SavingsDeps, actor: Actor, requested: IsoDate | null): IsoDate {
  const today = calendarDate(deps.now(), deps.timeZone);
  if (!requested) return today;
  const problem = valueDateProblem(requested, deps.now(), deps.timeZone);
  if (problem === MESSAGES.valueDateInFuture) throw new AppError('VALUE_DATE_IN_FUTURE', { field: 'valueDate' });
  if (problem) throw new AppError('VALIDATION', { message: problem, field: 'valueDate' });
  if (requested !== today && !can(actor.role, 'manage_staff_savings')) {
    throw new AppError('VALUE_DATE_OFFICERS_ONLY', { field: 'valueDate' });
  }
  return requested;
}

/**
 * A savings posting's value date: resolveValueDate's rules, and (issue 26) never before the books'
 * start date in Settings, so 1 January 1900 is refused beside the field. Today's postings, the
 * hot path, read no setting. Inside a transaction, pass it as `db` (PGlite has one connection).
 */
export async function resolvePostingValueDate(deps: SavingsDeps, actor: Actor, requested: IsoDate | null, db: Database | Transaction = deps.db): Promise<IsoDate> {
  const valueDate = resolveValueDate(deps, actor, requested);
  if (valueDate === calendarDate(deps.now(), deps.timeZone)) return valueDate;
  const { booksStart } = await readBooksStart(db, deps);
  if (valueDate < booksStart) throw new AppError('VALUE_DATE_BEFORE_BOOKS_START', { message: beforeBooksStartMessage(booksStart), field: 'valueDate' });
  return valueDate;
}
