import type { Actor } from '../../auth/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { auditActor, userTarget } from '../users/user-rows.ts';
import type { AccountDeps, Caller } from './account-deps.ts';
import { countedPasswordCheck, currentPasswordRefusal } from './current-password.ts';

/**
 * Change password on /profile (issue 15): Better Auth checks the current password, stores the new
 * hash, ends every session of this person and opens a new one for this browser; the Set-Cookie
 * lines it returns carry that new session, and the route passes them on, so the caller stays signed
 * in while every other device is signed out. The audit entry names the act, never a password.
 *
 * Better Auth writes through its own connection, so the audit entry follows in a transaction of
 * its own, once the change has committed (docs/decisions/022-self-service-accounts.md).
 */
export async function changeOwnPassword(
  deps: AccountDeps,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
  caller: Caller,
): Promise<string[]> {
  const setCookies = await countedPasswordCheck(deps, { email: actor.email, clientAddress: caller.clientAddress }, async () => {
    try {
      const result = await deps.auth.api.changePassword({
        body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
        headers: caller.headers,
        returnHeaders: true,
      });
      return result.headers.getSetCookie();
    } catch (error) {
      throw currentPasswordRefusal(error);
    }
  });
  await deps.db.transaction((tx) =>
    recordAudit(tx, {
      kind: 'user.password_changed',
      actor: auditActor(actor),
      target: userTarget(actor),
      after: { otherSessionsEnded: true },
      at: deps.now(),
    }),
  );
  return setCookies;
}
