import { inArray } from 'drizzle-orm';
import { thresholdFromSetting, type ApprovalSettings } from '@kobo/core';
import type { Actor } from '../../../auth/actor.ts';
import type { Database, Transaction } from '../../../db/client.ts';
import { appSettings } from '../../../db/schema.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import type { SavingsDeps } from '../../ledger/savings-accounts.ts';

/** Whole kobo; absent: two-person approval is off (the default, for a one-admin organisation). */
const THRESHOLD = 'savings.two_person_threshold_kobo';
/** 'true' restores the old behaviour: a regular user's own postings move money at once. */
const MEMBER_DIRECT = 'savings.member_postings_direct';

/** The organisation's approval settings (issue 15): off and false until an admin says otherwise. */
export async function readApprovalSettings(db: Database | Transaction): Promise<ApprovalSettings> {
  const rows = await db.select().from(appSettings).where(inArray(appSettings.key, [THRESHOLD, MEMBER_DIRECT]));
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  return { twoPersonThresholdKobo: thresholdFromSetting(value(THRESHOLD)), memberPostingsDirect: value(MEMBER_DIRECT) === 'true' };
}

/** Saves both settings in one transaction with one audit entry (before and after); unchanged saves nothing. */
export async function saveApprovalSettings(deps: SavingsDeps, actor: Actor, settings: ApprovalSettings): Promise<ApprovalSettings> {
  return deps.db.transaction(async (tx) => {
    // Lock the rows there are, so two saves at once are recorded one after the other.
    await tx.select().from(appSettings).where(inArray(appSettings.key, [THRESHOLD, MEMBER_DIRECT])).for('update');
    const before = await readApprovalSettings(tx);
    if (before.twoPersonThresholdKobo === settings.twoPersonThresholdKobo && before.memberPostingsDirect === settings.memberPostingsDirect) return before;
    if (settings.twoPersonThresholdKobo === null) await tx.delete(appSettings).where(inArray(appSettings.key, [THRESHOLD]));
    else await upsert(tx, THRESHOLD, String(settings.twoPersonThresholdKobo));
    await upsert(tx, MEMBER_DIRECT, String(settings.memberPostingsDirect));
    await recordAudit(tx, {
      kind: 'savings.approval_settings_changed',
      actor,
      target: { type: 'settings', id: 'savings.approval', label: 'Approval of savings postings' },
      before: { ...before },
      after: { ...settings },
      at: deps.now(),
    });
    return settings;
  });
}

async function upsert(tx: Transaction, key: string, value: string): Promise<void> {
  await tx.insert(appSettings).values({ key, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
}
