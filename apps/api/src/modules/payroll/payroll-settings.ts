import { inArray } from 'drizzle-orm';
import { ALLOCATION_ORDERS, type AllocationOrder, type PayrollSettings } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';

/** 'false' stops adding contribution arrears to the next month's advice; absent or 'true': re-deducted. */
const REDEDUCT_ARREARS = 'payroll.rededuct_arrears';
/** 'loans_first' (absent: the common by-law) or 'savings_first'. */
const ALLOCATION_ORDER = 'payroll.allocation_order';
const KEYS = [REDEDUCT_ARREARS, ALLOCATION_ORDER];

/** The scheme's payroll settings (issue 30): arrears re-deducted and loans paid first until an admin says otherwise. */
export async function readPayrollSettings(db: Database | Transaction): Promise<PayrollSettings> {
  const rows = await db.select().from(appSettings).where(inArray(appSettings.key, KEYS));
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const order = value(ALLOCATION_ORDER);
  return {
    redeductArrears: value(REDEDUCT_ARREARS) !== 'false',
    allocationOrder: ALLOCATION_ORDERS.includes(order as AllocationOrder) ? (order as AllocationOrder) : 'loans_first',
  };
}

/** Saves both settings in one transaction with one audit entry (before and after); unchanged saves nothing. */
export async function savePayrollSettings(deps: SavingsDeps, actor: Actor, settings: PayrollSettings): Promise<PayrollSettings> {
  return deps.db.transaction(async (tx) => {
    // Lock the rows there are, so two saves at once are recorded one after the other.
    await tx.select().from(appSettings).where(inArray(appSettings.key, KEYS)).for('update');
    const before = await readPayrollSettings(tx);
    if (before.redeductArrears === settings.redeductArrears && before.allocationOrder === settings.allocationOrder) return before;
    await upsert(tx, REDEDUCT_ARREARS, String(settings.redeductArrears));
    await upsert(tx, ALLOCATION_ORDER, settings.allocationOrder);
    await recordAudit(tx, {
      kind: 'payroll.settings_changed',
      actor,
      target: { type: 'settings', id: 'payroll', label: 'Payroll deductions' },
      before: { ...before },
      after: { ...settings },
      at: deps.now(),
    });
    return { redeductArrears: settings.redeductArrears, allocationOrder: settings.allocationOrder };
  });
}

async function upsert(tx: Transaction, key: string, value: string): Promise<void> {
  await tx.insert(appSettings).values({ key, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
}
