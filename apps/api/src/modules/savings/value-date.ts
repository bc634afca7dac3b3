import { AppError, calendarDate, can, valueDateProblem, type IsoDate, MESSAGES } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { SavingsDeps } from './savings-accounts.ts';

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
