import { eq } from 'drizzle-orm';
import type { SignUpSettings } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';

const OPEN_SIGN_UP = 'auth.open_signup';

/**
 * Whether /signup takes new accounts (issue 15, docs/decisions/023-invitations.md). Open until an
 * administrator turns it off, as the spec has it: no row means open.
 */
export async function readSignUpSettings(db: Database | Transaction): Promise<SignUpSettings> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, OPEN_SIGN_UP));
  return { openSignUp: row?.value !== 'false' };
}

export async function saveSignUpSettings(deps: { db: Database; now: () => Date }, actor: Actor, settings: SignUpSettings): Promise<SignUpSettings> {
  return deps.db.transaction(async (tx) => {
    const before = await readSignUpSettings(tx);
    // Asking for the state it already has changes and records nothing (as deactivation does).
    if (before.openSignUp === settings.openSignUp) return before;
    const value = String(settings.openSignUp);
    await tx.insert(appSettings).values({ key: OPEN_SIGN_UP, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
    await recordAudit(tx, {
      kind: 'signup.settings_changed',
      actor,
      target: { type: 'settings', id: OPEN_SIGN_UP, label: 'Open sign-up' },
      before: { ...before },
      after: { ...settings },
      at: deps.now(),
    });
    return settings;
  });
}
