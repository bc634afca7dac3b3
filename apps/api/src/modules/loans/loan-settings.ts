import { eq } from 'drizzle-orm';
import type { LoanSettings } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { LoanDeps } from './loan-deps.ts';

const TWO_PERSON_APPROVAL = 'loans.two_person_approval';

/**
 * The organisation's loan settings. Two-person approval is off until turned on: a small
 * organisation may have one administrator (issue 12).
 */
export async function readLoanSettings(db: Database | Transaction): Promise<LoanSettings> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, TWO_PERSON_APPROVAL));
  return { twoPersonApproval: row?.value === 'true' };
}

export async function saveLoanSettings(deps: LoanDeps, actor: Actor, settings: LoanSettings): Promise<LoanSettings> {
  return deps.db.transaction(async (tx) => {
    const before = await readLoanSettings(tx);
    if (before.twoPersonApproval === settings.twoPersonApproval) return before;
    const value = String(settings.twoPersonApproval);
    await tx.insert(appSettings).values({ key: TWO_PERSON_APPROVAL, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
    await recordAudit(tx, {
      kind: 'loan.settings_changed',
      actor,
      target: { type: 'settings', id: TWO_PERSON_APPROVAL, label: 'Two-person approval of loans' },
      before: { ...before },
      after: { ...settings },
      at: deps.now(),
    });
    return settings;
  });
}
