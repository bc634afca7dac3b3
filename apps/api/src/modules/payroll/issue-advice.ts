import { sql } from 'drizzle-orm';
import type { AdviceDetail } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows } from '../../db/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { adviceMonth, lockDraftAdvice, readAdviceDetail } from './advice-month.ts';

/**
 * POST /api/payroll/advices/:month/issue (issue 30): the draft becomes what payroll was told, kept
 * as issued (changes and preparing again are refused from now on), and only now downloads.
 */
export async function issueAdvice(deps: SavingsDeps, actor: Actor, monthText: string): Promise<AdviceDetail> {
  const month = adviceMonth(monthText);
  await deps.db.transaction(async (tx) => {
    const { id } = await lockDraftAdvice(tx, month);
    const at = deps.now();
    await tx.execute(sql`update payroll_advices set status = 'issued', issued_by_id = ${actor.id}, issued_by_name = ${actor.name}, issued_at = ${at.toISOString()}::timestamptz where id = ${id}`);
    const [totals] = await queryRows<{ member_count: number; total_kobo: string | number }>(tx, sql`select member_count, total_kobo from payroll_advices where id = ${id}`);
    await recordAudit(tx, {
      kind: 'payroll.advice_issued',
      actor,
      target: { type: 'payroll_advice', id, label: `Deduction advice ${month}` },
      after: { month, memberCount: totals?.member_count ?? 0, totalKobo: Number(totals?.total_kobo ?? 0) },
      at,
    });
  });
  return readAdviceDetail(deps.db, month);
}
