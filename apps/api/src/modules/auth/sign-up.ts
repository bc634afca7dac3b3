import { toPublicUser } from '../../auth/public-user.ts';
import { createAccount } from './create-account.ts';
import type { AuthDeps } from './auth-deps.ts';
import { startSession, type SignedIn } from './sign-in.ts';

export async function signUp(
  deps: AuthDeps,
  input: { name: string; email: string; password: string },
  headers: Headers,
): Promise<SignedIn> {
  const user = await createAccount(deps.db, { ...input, role: 'first-admin-else-user' });
  const setCookies = await startSession(deps.auth, input.email, input.password, headers);
  return { user: toPublicUser(user), setCookies };
}
