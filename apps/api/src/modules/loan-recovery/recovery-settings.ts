import { eq } from 'drizzle-orm';
import { DEFAULT_LOAN_DEFAULT_DAYS, MAX_LOAN_DEFAULT_DAYS, type LoanRecoverySettings } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';

const DEFAULT_DAYS = 'loans.default_days';

/** The days in arrears from which a loan is in default (issue 33): 90 until an officer says otherwise. */
export async function readRecoverySettings(db: Database | Transaction): Promise<LoanRecoverySettings> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, DEFAULT_DAYS));
  const parsed = Number(row?.value);
  const valid = row !== undefined && Number.isSafeInteger(parsed) && parsed >= 1 && parsed <= MAX_LOAN_DEFAULT_DAYS;
  return { defaultDays: valid ? parsed : DEFAULT_LOAN_DEFAULT_DAYS };
}

/** Saves the setting with an audit entry (before and after); an unchanged save writes nothing. */
export async function saveRecoverySettings(deps: { db: Database; now: () => Date }, actor: Actor, settings: LoanRecoverySettings): Promise<LoanRecoverySettings> {
  return deps.db.transaction(async (tx) => {
    await tx.select().from(appSettings).where(eq(appSettings.key, DEFAULT_DAYS)).for('update');
    const before = await readRecoverySettings(tx);
    if (before.defaultDays === settings.defaultDays) return before;
    const value = String(settings.defaultDays);
    await tx.insert(appSettings).values({ key: DEFAULT_DAYS, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
    await recordAudit(tx, {
      kind: 'loan_recovery.settings_changed',
      actor,
      target: { type: 'settings', id: DEFAULT_DAYS, label: 'Days in arrears before a loan is in default' },
      before: { ...before },
      after: { ...settings },
      at: deps.now(),
    });
    return { ...settings };
  });
}
