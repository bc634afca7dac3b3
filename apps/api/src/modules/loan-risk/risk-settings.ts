import { eq } from 'drizzle-orm';
import { DEFAULT_LOAN_RISK_SETTINGS, loanRiskSettingsSchema, type LoanRiskSettings } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';

const KEY = 'loans.risk_settings';

/** The scheme's classification thresholds and provision rates (issue 33): COOPERATIVE.md's scale until an officer changes it. */
export async function readRiskSettings(db: Database | Transaction): Promise<LoanRiskSettings> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY));
  if (!row) return { ...DEFAULT_LOAN_RISK_SETTINGS };
  try {
    const parsed = loanRiskSettingsSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : { ...DEFAULT_LOAN_RISK_SETTINGS };
  } catch {
    return { ...DEFAULT_LOAN_RISK_SETTINGS };
  }
}

/** Saves the scale with one audit entry (before and after); an unchanged save writes nothing. */
export async function saveRiskSettings(deps: { db: Database; now: () => Date }, actor: Actor, settings: LoanRiskSettings): Promise<LoanRiskSettings> {
  return deps.db.transaction(async (tx) => {
    await tx.select().from(appSettings).where(eq(appSettings.key, KEY)).for('update');
    const before = await readRiskSettings(tx);
    if ((Object.keys(before) as (keyof LoanRiskSettings)[]).every((key) => before[key] === settings[key])) return before;
    const value = JSON.stringify(settings);
    await tx.insert(appSettings).values({ key: KEY, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
    await recordAudit(tx, {
      kind: 'loan_risk.settings_changed',
      actor,
      target: { type: 'settings', id: KEY, label: 'Loan classification and provision' },
      before: { ...before },
      after: { ...settings },
      at: deps.now(),
    });
    return { ...settings };
  });
}
