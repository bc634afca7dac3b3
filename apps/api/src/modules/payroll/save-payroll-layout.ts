import { sql } from 'drizzle-orm';
import { AppError, GENERIC_LAYOUT_ID, isUuid, type PayrollLayout, type PayrollLayoutInput } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { readPayrollLayout } from './layout-store.ts';
import { checkLayoutInput } from './payroll-layouts.ts';

/** POST /api/payroll/layouts: a payroll provider's layout saved by name (issue 30). */
export async function createPayrollLayout(deps: SavingsDeps, actor: Actor, input: PayrollLayoutInput): Promise<PayrollLayout> {
  await checkLayoutInput(deps.db, input);
  return withNameGuard(() =>
    deps.db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into payroll_layouts (name, shape, format, date_format, number_format, columns, codes)
            values (${input.name}, ${input.shape}, ${input.format}, ${input.dateFormat}, ${input.numberFormat}, ${JSON.stringify(input.columns)}::jsonb, ${JSON.stringify(input.codes)}::jsonb)
            returning id`,
      );
      const layout = await readPayrollLayout(tx, row!.id, []);
      await audit(tx, deps, actor, 'payroll.layout_created', layout, null);
      return layout;
    }),
  );
}

/** PUT /api/payroll/layouts/:id: the whole mapping replaced; the generic layout is built in (409). */
export async function updatePayrollLayout(deps: SavingsDeps, actor: Actor, id: string, input: PayrollLayoutInput): Promise<PayrollLayout> {
  if (id === GENERIC_LAYOUT_ID) throw new AppError('PAYROLL_LAYOUT_BUILT_IN');
  if (!isUuid(id)) throw new AppError('PAYROLL_LAYOUT_NOT_FOUND');
  await checkLayoutInput(deps.db, input);
  return withNameGuard(() =>
    deps.db.transaction(async (tx) => {
      const [locked] = await queryRows<{ id: string }>(tx, sql`select id from payroll_layouts where id = ${id} for update`);
      if (!locked) throw new AppError('PAYROLL_LAYOUT_NOT_FOUND');
      const before = await readPayrollLayout(tx, id, []);
      await tx.execute(sql`
        update payroll_layouts set name = ${input.name}, shape = ${input.shape}, format = ${input.format}, date_format = ${input.dateFormat},
               number_format = ${input.numberFormat}, columns = ${JSON.stringify(input.columns)}::jsonb, codes = ${JSON.stringify(input.codes)}::jsonb, updated_at = ${deps.now().toISOString()}::timestamptz
        where id = ${id}`);
      const layout = await readPayrollLayout(tx, id, []);
      await audit(tx, deps, actor, 'payroll.layout_updated', layout, before);
      return layout;
    }),
  );
}

async function withNameGuard<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error, 'payroll_layouts_name_key')) throw new AppError('PAYROLL_LAYOUT_NAME_TAKEN', { field: 'name' });
    throw error;
  }
}

/** What the audit keeps of a layout: its rules, not its id or times. */
function values(saved: PayrollLayout) {
  return { name: saved.name, shape: saved.shape, format: saved.format, dateFormat: saved.dateFormat, numberFormat: saved.numberFormat, columns: saved.columns, codes: saved.codes };
}

export async function audit(
  tx: Transaction,
  deps: SavingsDeps,
  actor: Actor,
  kind: 'payroll.layout_created' | 'payroll.layout_updated' | 'payroll.layout_deleted',
  layout: PayrollLayout,
  before: PayrollLayout | null,
): Promise<void> {
  await recordAudit(tx, {
    kind,
    actor,
    target: { type: 'payroll_layout', id: layout.id, label: layout.name },
    before: before ? values(before) : null,
    after: kind === 'payroll.layout_deleted' ? null : values(layout),
    at: deps.now(),
  });
}
