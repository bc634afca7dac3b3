import { sql } from 'drizzle-orm';
import { AppError, GENERIC_LAYOUT_ID, isUuid } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows } from '../../db/client.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { readPayrollLayout } from './layout-store.ts';
import { audit } from './save-payroll-layout.ts';

/** DELETE /api/payroll/layouts/:id: a saved layout goes (issued advices keep their lines; a layout only shapes a download). */
export async function deletePayrollLayout(deps: SavingsDeps, actor: Actor, id: string): Promise<void> {
  if (id === GENERIC_LAYOUT_ID) throw new AppError('PAYROLL_LAYOUT_BUILT_IN');
  if (!isUuid(id)) throw new AppError('PAYROLL_LAYOUT_NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    const [locked] = await queryRows<{ id: string }>(tx, sql`select id from payroll_layouts where id = ${id} for update`);
    if (!locked) throw new AppError('PAYROLL_LAYOUT_NOT_FOUND');
    const layout = await readPayrollLayout(tx, id, []);
    await tx.execute(sql`delete from payroll_layouts where id = ${id}`);
    await audit(tx, deps, actor, 'payroll.layout_deleted', layout, layout);
  });
}
