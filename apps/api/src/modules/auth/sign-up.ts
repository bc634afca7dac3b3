import { AppError } from '@kobo/core';
import { toPublicUser } from '../../auth/public-user.ts';
import { createAccount } from './create-account.ts';
import type { AuthDeps } from './auth-deps.ts';
import { getSetupInfo } from './setup-info.ts';
import { readSignUpSettings } from './sign-up-settings.ts';
import { startSession, type SignedIn } from './sign-in.ts';

/**
 * Sign up (SPEC 5): the first account becomes the administrator (DECISIONS 5); after it, only while
 * open sign-up is on (docs/decisions/023-invitations.md).
 */
export async function signUp(
  deps: AuthDeps,
  input: { name: string; email: string; password: string },
  headers: Headers,
): Promise<SignedIn> {
  // Refused before the slow password hash; decided again under the account-creation lock, where
  // it is final: a sign-up racing the first one on an empty database must not slip in with it.
  if (!(await getSetupInfo(deps.db)).openSignUp) throw new AppError('SIGN_UP_CLOSED');
  const user = await createAccount(deps.db, { ...input, role: 'first-admin-else-user' }, async (tx, _userId, created) => {
    if (created.role !== 'admin' && !(await readSignUpSettings(tx)).openSignUp) throw new AppError('SIGN_UP_CLOSED');
  });
  const setCookies = await startSession(deps.auth, input.email, input.password, headers);
  return { user: toPublicUser(user), setCookies };
}
