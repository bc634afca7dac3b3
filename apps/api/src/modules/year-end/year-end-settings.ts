import { inArray } from 'drizzle-orm';
import { financialYear, type FinancialYear, type YearEndSettings } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';

const FIRST_MONTH = 'yearend.first_month';
const RESERVE_PERCENT = 'yearend.reserve_percent_bp';
const WITHHOLDING_TAX = 'yearend.withholding_tax_bp';
const KEYS = [FIRST_MONTH, RESERVE_PERCENT, WITHHOLDING_TAX];
/** A January year, a 25% reserve (the common by-law) and no withholding tax until an admin says otherwise. */
const DEFAULTS: YearEndSettings = { firstMonth: 1, reservePercentBp: 2500, withholdingTaxBp: 0 };

function whole(value: string | undefined, fallback: number, max: number, min = 0): number {
  const parsed = Number(value);
  return value !== undefined && Number.isSafeInteger(parsed) && parsed >= min && parsed <= max ? parsed : fallback;
}

/** The scheme's year-end settings (issue 31). */
export async function readYearEndSettings(db: Database | Transaction): Promise<YearEndSettings> {
  const rows = await db.select().from(appSettings).where(inArray(appSettings.key, KEYS));
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  return {
    firstMonth: whole(value(FIRST_MONTH), DEFAULTS.firstMonth, 12, 1),
    reservePercentBp: whole(value(RESERVE_PERCENT), DEFAULTS.reservePercentBp, 10_000),
    withholdingTaxBp: whole(value(WITHHOLDING_TAX), DEFAULTS.withholdingTaxBp, 10_000),
  };
}

/** The financial year named by the calendar year it starts in: 2026 with April first is 1 Apr 2026 to 31 Mar 2027. */
export function yearOf(year: number, firstMonth: number): FinancialYear {
  return financialYear(`${year}-${String(firstMonth).padStart(2, '0')}`);
}

/** Saves the three settings with one audit entry (before and after); unchanged saves nothing. */
export async function saveYearEndSettings(deps: SavingsDeps, actor: Actor, settings: YearEndSettings): Promise<YearEndSettings> {
  return deps.db.transaction(async (tx) => {
    await tx.select().from(appSettings).where(inArray(appSettings.key, KEYS)).for('update');
    const before = await readYearEndSettings(tx);
    if ((Object.keys(DEFAULTS) as (keyof YearEndSettings)[]).every((key) => before[key] === settings[key])) return before;
    const values = [
      { key: FIRST_MONTH, value: String(settings.firstMonth) },
      { key: RESERVE_PERCENT, value: String(settings.reservePercentBp) },
      { key: WITHHOLDING_TAX, value: String(settings.withholdingTaxBp) },
    ];
    for (const row of values) await tx.insert(appSettings).values(row).onConflictDoUpdate({ target: appSettings.key, set: { value: row.value } });
    await recordAudit(tx, {
      kind: 'yearend.settings_changed',
      actor,
      target: { type: 'settings', id: 'yearend', label: 'Year end' },
      before: { ...before },
      after: { ...settings },
      at: deps.now(),
    });
    return { ...settings };
  });
}
