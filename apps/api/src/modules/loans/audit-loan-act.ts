import { eq } from 'drizzle-orm';
import type { AuditKind, AuditValues } from '@kobo/core';
import type { Transaction } from '../../db/client.ts';
import { savingsAccounts } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';

/**
 * An officer's act on one loan in the audit log, labelled '<product>: <borrower>' and listed under
 * the borrower: the one shape every loan decision, payout, repayment, reversal and write-off uses.
 */
export async function auditLoanAct(
  tx: Transaction,
  act: {
    kind: AuditKind;
    actor: AuditActor;
    loan: { id: string; productName: string; accountId: string };
    before: AuditValues;
    after: AuditValues;
    at: Date;
  },
): Promise<void> {
  const [holder] = await tx
    .select({ userId: savingsAccounts.userId, name: savingsAccounts.holderName })
    .from(savingsAccounts)
    .where(eq(savingsAccounts.id, act.loan.accountId));
  await recordAudit(tx, {
    kind: act.kind,
    actor: act.actor,
    target: { type: 'loan', id: act.loan.id, label: `${act.loan.productName}: ${holder?.name ?? ''}` },
    people: [holder?.userId ?? null],
    before: act.before,
    after: act.after,
    at: act.at,
  });
}
