import { inArray } from 'drizzle-orm';
import { MAX_AMOUNT_KOBO, type ExitSettings } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';

const NOTICE_DAYS = 'exits.notice_days';
const FEE_KOBO = 'exits.fee_kobo';
const PRO_RATA = 'exits.pro_rata';
const KEYS = [NOTICE_DAYS, FEE_KOBO, PRO_RATA];
/** Thirty days' notice (the common by-law), no exit fee, no interest to the exit date until an officer says otherwise. */
const DEFAULTS: ExitSettings = { noticeDays: 30, exitFeeKobo: 0, proRata: false };
const MAX_NOTICE_DAYS = 365;

function whole(value: string | undefined, fallback: number, max: number): number {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isSafeInteger(parsed) && parsed >= 0 && parsed <= max ? parsed : fallback;
}

/** The scheme's exit settings (issue 32): the notice period, a flat exit fee, and whether interest is paid pro rata. */
export async function readExitSettings(db: Database | Transaction): Promise<ExitSettings> {
  const rows = await db.select().from(appSettings).where(inArray(appSettings.key, KEYS));
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const proRata = value(PRO_RATA);
  return {
    noticeDays: whole(value(NOTICE_DAYS), DEFAULTS.noticeDays, MAX_NOTICE_DAYS),
    exitFeeKobo: whole(value(FEE_KOBO), DEFAULTS.exitFeeKobo, MAX_AMOUNT_KOBO),
    proRata: proRata === undefined ? DEFAULTS.proRata : proRata === 'true',
  };
}

/** Saves the three settings with one audit entry (before and after); an unchanged save writes nothing. */
export async function saveExitSettings(deps: { db: Database; now: () => Date }, actor: Actor, settings: ExitSettings): Promise<ExitSettings> {
  return deps.db.transaction(async (tx) => {
    await tx.select().from(appSettings).where(inArray(appSettings.key, KEYS)).for('update');
    const before = await readExitSettings(tx);
    if ((Object.keys(DEFAULTS) as (keyof ExitSettings)[]).every((key) => before[key] === settings[key])) return before;
    const values = [
      { key: NOTICE_DAYS, value: String(settings.noticeDays) },
      { key: FEE_KOBO, value: String(settings.exitFeeKobo) },
      { key: PRO_RATA, value: settings.proRata ? 'true' : 'false' },
    ];
    for (const row of values) await tx.insert(appSettings).values(row).onConflictDoUpdate({ target: appSettings.key, set: { value: row.value } });
    await recordAudit(tx, {
      kind: 'exits.settings_changed',
      actor,
      target: { type: 'settings', id: 'exits', label: 'Member exits' },
      before: { ...before },
      after: { ...settings },
      at: deps.now(),
    });
    return { ...settings };
  });
}
