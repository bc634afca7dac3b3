import { AppError, can, MESSAGES, type Permission } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';

/**
 * Whose savings a request acts on, once for every savings service (DECISIONS 8). The gate has
 * already let the caller through on `officer` or on `own` (post_own_savings, view_own_savings);
 * this decides the object: a savings officer names any holder, a holder acts on their own account
 * only. A read names its reading permission as `officer` (view_staff_savings: the auditor too, issue 27).
 */
export function holderForRequest(
  actor: Actor,
  requestedUserId: string | null,
  own: Permission,
  officer: Permission = 'manage_staff_savings',
): string {
  if (can(actor.role, officer)) {
    if (!requestedUserId) throw new AppError('VALIDATION', { message: MESSAGES.selectStaffMember, field: 'userId' });
    return requestedUserId;
  }
  if (!can(actor.role, own)) throw new AppError('SAVINGS_NOT_AUTHORIZED');
  if (requestedUserId && requestedUserId !== actor.id) throw new AppError('FORBIDDEN');
  return actor.id;
}
