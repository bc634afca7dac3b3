import { sql } from 'drizzle-orm';
import { AppError, MESSAGES, parseDeductionKey, type AdviceDetail, type AdviceLineChange } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows } from '../../db/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { readRunProducts } from '../batches/run-products.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { adviceMonth, lockDraftAdvice, readAdviceDetail, refreshAdviceTotals } from './advice-month.ts';

type LineRow = { deductions: Record<string, number>; held_reason: string | null; name: string };

/**
 * PUT /api/payroll/advices/:month/lines/:userId (issue 30): while the advice is a draft, an officer
 * replaces a line's figures (a zero drops the deduction; the line is marked changed) and/or holds
 * the member out with a reason (null puts them back). The advice's count and total follow.
 */
export async function changeAdviceLine(deps: SavingsDeps, actor: Actor, monthText: string, userId: string, change: AdviceLineChange): Promise<AdviceDetail> {
  const month = adviceMonth(monthText);
  if (typeof change.heldReason === 'string' && change.heldReason.trim() === '') {
    throw new AppError('VALIDATION', { message: MESSAGES.holdReasonRequired, field: 'heldReason' });
  }
  const deductions = change.deductions === undefined ? undefined : Object.fromEntries(Object.entries(change.deductions).filter(([, kobo]) => kobo > 0));
  if (deductions) {
    const live = new Set((await readRunProducts(deps.db)).columns.map((product) => product.id));
    const isLive = (key: string) => {
      const productId = parseDeductionKey(key)?.productId;
      return productId === null || (productId !== undefined && live.has(productId));
    };
    if (!Object.keys(deductions).every(isLive)) throw new AppError('VALIDATION', { message: MESSAGES.payrollDeductionUnknownProduct, field: 'deductions' });
  }
  await deps.db.transaction(async (tx) => {
    const { id } = await lockDraftAdvice(tx, month);
    const [line] = await queryRows<LineRow>(tx, sql`select deductions, held_reason, name from payroll_advice_lines where advice_id = ${id} and user_id = ${userId} for update`);
    if (!line) throw new AppError('PAYROLL_MEMBER_NOT_IN_ADVICE');
    const after = { deductions: deductions ?? line.deductions, heldReason: change.heldReason === undefined ? line.held_reason : change.heldReason };
    const total = Object.values(after.deductions).reduce((sum, kobo) => sum + Number(kobo), 0);
    await tx.execute(sql`
      update payroll_advice_lines set deductions = ${JSON.stringify(after.deductions)}::jsonb, total_kobo = ${total}, held_reason = ${after.heldReason},
             changed = changed or ${deductions !== undefined}
      where advice_id = ${id} and user_id = ${userId}`);
    await refreshAdviceTotals(tx, id);
    await recordAudit(tx, {
      kind: 'payroll.advice_line_changed',
      actor,
      target: { type: 'payroll_advice', id, label: `Deduction advice ${month}: ${line.name}` },
      people: [userId],
      before: { deductions: line.deductions, heldReason: line.held_reason },
      after,
      at: deps.now(),
    });
  });
  return readAdviceDetail(deps.db, month);
}
