import { APIError } from 'better-auth/api';
import { AppError } from '@kobo/core';
import { admitCheck, type AuthDeps } from '../auth/auth-deps.ts';
import { settlePasswordChecks, throttleKeys, type AdmittedCheck } from '../auth/sign-in-throttle.ts';

/**
 * A current password typed on /profile counts like a sign-in (docs/decisions/014-throttles.md):
 * in the same windows, per client address and per account, so that someone at an unlocked
 * browser cannot guess the owner's password here faster than on the sign-in form, and each
 * form's failures count toward the other's limit. As on sign-in, only a wrong password stays
 * counted; `check` throws CURRENT_PASSWORD_WRONG for one.
 */
export async function countedPasswordCheck<T>(
  deps: AuthDeps,
  who: { email: string; clientAddress: string },
  check: () => Promise<T>,
): Promise<T> {
  const byAddress = await admitCheck(deps, throttleKeys.signInAddress(who.clientAddress), deps.throttle.signInPerAddress);
  if (!byAddress) throw new AppError('TOO_MANY_ATTEMPTS', { field: 'currentPassword' });
  const admitted: AdmittedCheck[] = [byAddress];
  let failed = false;
  try {
    const byAccount = await admitCheck(deps, throttleKeys.signInAccount(who.email), deps.throttle.signInPerAccount);
    if (!byAccount) throw new AppError('TOO_MANY_ATTEMPTS', { field: 'currentPassword' });
    admitted.push(byAccount);
    return await check();
  } catch (error) {
    failed = error instanceof AppError && error.code === 'CURRENT_PASSWORD_WRONG';
    throw error;
  } finally {
    await settlePasswordChecks(deps.db, admitted, failed);
  }
}

/** Better Auth's answer to a wrong password (changePassword, verifyPassword), as the form's refusal on its field. */
export function currentPasswordRefusal(error: unknown): unknown {
  if (error instanceof APIError && error.body?.code === 'INVALID_PASSWORD') return new AppError('CURRENT_PASSWORD_WRONG', { field: 'currentPassword' });
  return error;
}
