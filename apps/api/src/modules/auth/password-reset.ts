import { APIError } from 'better-auth/api';
import { AppError } from '@kobo/core';
import type { Auth } from '../../auth/auth.ts';
import { throttleKeys } from './sign-in-throttle.ts';
import { countAttempt, type AuthDeps } from './auth-deps.ts';

/**
 * The same answer whether or not the email has an account (DECISIONS 6). Past the per-email
 * limit the answer stays the same but no mail goes out, so one inbox cannot be flooded and the
 * refusal says nothing about the account. Past the per-address limit the sender is told to wait.
 */
export async function requestPasswordReset(deps: AuthDeps, input: { email: string; clientAddress: string }, headers: Headers): Promise<void> {
  const { throttle } = deps;
  const byAddress = await countAttempt(deps, throttleKeys.resetAddress(input.clientAddress), throttle.resetPerAddress);
  if (!byAddress.isAllowed) throw new AppError('TOO_MANY_RESET_REQUESTS');
  const byEmail = await countAttempt(deps, throttleKeys.resetEmail(input.email), throttle.resetPerEmail);
  if (!byEmail.isAllowed) return;
  await deps.auth.api.requestPasswordReset({ body: { email: input.email, redirectTo: '/reset-password' }, headers });
}

export async function resetPassword(auth: Auth, input: { token: string; password: string }): Promise<void> {
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    if (error instanceof APIError && error.status === 'BAD_REQUEST') throw new AppError('RESET_LINK_INVALID');
    throw error;
  }
}
