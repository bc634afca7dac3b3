import { eq } from 'drizzle-orm';
import { receiptThresholdFromSetting, type ReceiptSettings } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';

/** Whole kobo; absent: no expense needs a receipt (the default). */
const REQUIRED_ABOVE = 'expenses.receipt_required_above_kobo';

export async function readReceiptSettings(db: Database | Transaction): Promise<ReceiptSettings> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, REQUIRED_ABOVE));
  return { requiredAboveKobo: receiptThresholdFromSetting(row?.value) };
}

/** Saved with one audit entry (before and after); an unchanged save records nothing. */
export async function saveReceiptSettings(deps: { db: Database; now: () => Date }, actor: Actor, settings: ReceiptSettings): Promise<ReceiptSettings> {
  return deps.db.transaction(async (tx) => {
    await tx.select().from(appSettings).where(eq(appSettings.key, REQUIRED_ABOVE)).for('update');
    const before = await readReceiptSettings(tx);
    if (before.requiredAboveKobo === settings.requiredAboveKobo) return before;
    if (settings.requiredAboveKobo === null) await tx.delete(appSettings).where(eq(appSettings.key, REQUIRED_ABOVE));
    else {
      const value = String(settings.requiredAboveKobo);
      await tx.insert(appSettings).values({ key: REQUIRED_ABOVE, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
    }
    await recordAudit(tx, {
      kind: 'receipts.settings_changed',
      actor,
      target: { type: 'settings', id: REQUIRED_ABOVE, label: 'Receipt required above' },
      before: { ...before },
      after: { ...settings },
      at: deps.now(),
    });
    return settings;
  });
}
