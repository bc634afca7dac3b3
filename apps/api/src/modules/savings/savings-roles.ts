import { AppError, MESSAGES } from '@kobo/core';
import type { Actor } from '../../plugins/authentication.ts';

/**
 * Who may do what with savings (DECISIONS 8). Admins act on any non-admin account; a regular user
 * and a staff member see their own; a regular user also posts on their own; managers see nothing
 * and are told so in the spec's words.
 */
export function assertHasOwnSavings(actor: Actor): void {
  if (actor.role !== 'user' && actor.role !== 'staff') throw new AppError('SAVINGS_NOT_AUTHORIZED');
}

/** The holder a deposit or withdrawal is for: an admin names one, a regular user posts on their own. */
export function holderForPosting(actor: Actor, requestedUserId: string | null): string {
  if (actor.role === 'admin') {
    if (!requestedUserId) throw new AppError('VALIDATION', { message: MESSAGES.selectStaffMember, field: 'userId' });
    return requestedUserId;
  }
  if (actor.role === 'user') {
    if (requestedUserId && requestedUserId !== actor.id) throw new AppError('FORBIDDEN');
    return actor.id;
  }
  throw new AppError('SAVINGS_NOT_AUTHORIZED');
}

/** The holder a statement is for: an admin names any; a holder gets their own. */
export function holderForReading(actor: Actor, requestedUserId: string | null): string {
  if (actor.role === 'admin') {
    if (!requestedUserId) throw new AppError('VALIDATION', { message: MESSAGES.selectStaffMember, field: 'userId' });
    return requestedUserId;
  }
  assertHasOwnSavings(actor);
  if (requestedUserId && requestedUserId !== actor.id) throw new AppError('FORBIDDEN');
  return actor.id;
}
