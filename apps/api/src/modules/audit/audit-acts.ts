import { sql, type SQL } from 'drizzle-orm';
import type { PostedTransfer } from '@kobo/core';
import type { Transaction } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { recordAudit, type AuditActor } from './record-audit.ts';

/**
 * One-line audit calls for the other modules' services, so each of them gains a single call in
 * its own transaction and the shape of the entries lives here (issue 5).
 */

function actorOf(actor: Actor | AuditActor): AuditActor {
  return { id: actor.id, name: actor.name, email: actor.email };
}

function accountLabel(holder: { holderName: string; staffId: string | null }): string {
  return holder.staffId ? `${holder.holderName} (${holder.staffId})` : holder.holderName;
}

/** accountLabel in SQL, for postings that write their audit entry in the same statement. */
export function accountLabelSql(holderName: SQL, staffId: SQL): SQL {
  return sql`case when ${staffId} is null then ${holderName} else ${holderName} || ' (' || ${staffId} || ')' end`;
}

export async function auditTransfer(tx: Transaction, actor: Actor, transfer: PostedTransfer, at: Date): Promise<void> {
  await recordAudit(tx, {
    kind: 'savings.transfer',
    actor: actorOf(actor),
    target: { type: 'savings_transfer', id: transfer.transferId, label: `${accountLabel(transfer.from)} → ${accountLabel(transfer.to)}` },
    people: [transfer.from.userId, transfer.to.userId],
    before: {
      from: { accountId: transfer.from.accountId, balanceKobo: transfer.from.balanceKobo + transfer.amountKobo },
      to: { accountId: transfer.to.accountId, balanceKobo: transfer.to.balanceKobo - transfer.amountKobo },
    },
    after: {
      from: { accountId: transfer.from.accountId, balanceKobo: transfer.from.balanceKobo },
      to: { accountId: transfer.to.accountId, balanceKobo: transfer.to.balanceKobo },
      amountKobo: transfer.amountKobo,
      description: transfer.out.description,
      valueDate: transfer.out.valueDate,
    },
    at,
  });
}

export async function auditStaffCreated(
  tx: Transaction,
  actor: Actor,
  staff: { userId: string; name: string; email: string; staffId: string; phoneNumber: string | null },
  at: Date,
): Promise<void> {
  await recordAudit(tx, {
    kind: 'staff.created',
    actor: actorOf(actor),
    target: { type: 'user', id: staff.userId, label: `${staff.name} <${staff.email}>` },
    people: [staff.userId],
    after: {
      name: staff.name,
      email: staff.email,
      role: 'staff',
      active: true,
      staffId: staff.staffId,
      phoneNumber: staff.phoneNumber,
      accessLevel: 'readonly',
      savingsAccountOpened: true,
    },
    at,
  });
}

type CategoryValues = { id: string; name: string; color: string; icon: string };

export async function auditCategory(
  tx: Transaction,
  actor: Actor,
  kind: 'category.created' | 'category.deleted',
  category: CategoryValues,
  at?: Date,
): Promise<void> {
  const values = { name: category.name, color: category.color, icon: category.icon };
  await recordAudit(tx, {
    kind,
    actor: actorOf(actor),
    target: { type: 'category', id: category.id, label: category.name },
    before: kind === 'category.deleted' ? values : null,
    after: kind === 'category.created' ? values : null,
    ...(at ? { at } : {}),
  });
}

/** An expense as the audit log keeps it; read with `expenseSnapshot` inside the act's transaction. */
export type ExpenseSnapshot = {
  id: string;
  userId: string | null;
  userEmail: string | null;
  amountKobo: number;
  spentOn: string;
  categoryId: string;
  categoryName: string | null;
  description: string | null;
  title: string | null;
  paymentMethod: string;
};

export async function auditExpense(
  tx: Transaction,
  actor: Actor,
  kind: 'expense.updated' | 'expense.deleted',
  before: ExpenseSnapshot,
  after: ExpenseSnapshot | null,
  at?: Date,
): Promise<void> {
  const { id, ...beforeValues } = before;
  const label = `${before.description ?? before.title ?? 'Expense'} · ${before.spentOn}`;
  await recordAudit(tx, {
    kind,
    actor: actorOf(actor),
    target: { type: 'expense', id, label },
    people: [before.userId],
    before: beforeValues,
    after: after ? (({ id: _id, ...values }) => values)(after) : null,
    ...(at ? { at } : {}),
  });
}

/** Settings → Danger Zone: the person deleted their own account, and their expenses with it. */
export async function auditOwnAccountDeleted(tx: Transaction, actor: Actor, expensesDeleted: number): Promise<void> {
  await recordAudit(tx, {
    kind: 'user.deleted',
    actor: actorOf(actor),
    target: { type: 'user', id: actor.id, label: `${actor.name} <${actor.email}>` },
    people: [actor.id],
    before: {
      name: actor.name,
      email: actor.email,
      role: actor.role,
      active: actor.active,
      staffId: actor.staffId,
      accessLevel: actor.accessLevel,
      ownAccount: true,
      expensesDeleted,
    },
    after: null,
  });
}
