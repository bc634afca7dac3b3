import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { contributionKey, ORDINARY_SAVINGS_PRODUCT_ID, type AllocationOrder } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import type { TestClient } from '../../test/test-app.ts';

/**
 * The remittance's tests stand on an issued advice written in SQL, as prepare-advice.ts stores one
 * (its rules are tested beside it): the advice row and a line per member with its deductions.
 */
export type AdvisedLine = { userId: string; staffId: string | null; name: string; deductions: Record<string, number>; heldReason?: string | null };

export const ORDINARY = contributionKey(ORDINARY_SAVINGS_PRODUCT_ID);

export async function issuedAdvice(
  db: Database,
  preparedById: string,
  month: string,
  valueDate: string,
  lines: readonly AdvisedLine[],
  options: { status?: 'draft' | 'issued'; order?: AllocationOrder } = {},
): Promise<string> {
  const status = options.status ?? 'issued';
  const counted = lines.filter((line) => !line.heldReason);
  const total = (line: AdvisedLine) => Object.values(line.deductions).reduce((sum, kobo) => sum + kobo, 0);
  const [advice] = await queryRows<{ id: string }>(
    db,
    sql`insert into payroll_advices (month, value_date, status, rededuct_arrears, allocation_order, member_count, total_kobo, prepared_by_id, issued_by_id, issued_by_name, issued_at)
        values (${month}, ${valueDate}, ${status}, true, ${options.order ?? 'loans_first'}, ${counted.length}, ${counted.reduce((sum, line) => sum + total(line), 0)}, ${preparedById},
                ${status === 'issued' ? preparedById : null}, ${status === 'issued' ? 'Test Treasurer' : null}, ${status === 'issued' ? new Date().toISOString() : null})
        returning id`,
  );
  const input = lines.map((line) => ({ user_id: line.userId, staff_id: line.staffId, name: line.name, deductions: line.deductions, total_kobo: total(line), held_reason: line.heldReason ?? null }));
  await db.execute(sql`
    insert into payroll_advice_lines (advice_id, user_id, staff_id, name, deductions, total_kobo, held_reason)
    select ${advice!.id}, l.user_id, l.staff_id, l.name, l.deductions, l.total_kobo, l.held_reason
    from json_to_recordset(${JSON.stringify(input)}::json) as l(user_id text, staff_id text, name text, deductions jsonb, total_kobo bigint, held_reason text)`);
  return advice!.id;
}

/** A keyed line: one amount paying the member's deductions in the scheme's order. */
export function keyed(ref: string, amount: string) {
  return { ref, parts: [{ keys: [], amount }] };
}

export function match(client: TestClient, month: string, body: Record<string, unknown>) {
  return client.post(`/api/payroll/advices/${month}/remittance/match`, { source: 'keyed', ...body });
}

export function postRemittance(client: TestClient, month: string, body: Record<string, unknown>, idempotencyKey?: string) {
  return client.post(`/api/payroll/advices/${month}/remittance`, { source: 'keyed', ...body }, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
}

export function uploadRemittance(client: TestClient, month: string, bytes: Buffer, layout = 'generic', name = 'remittance.xlsx') {
  return client.request('POST', `/api/payroll/advices/${month}/remittance/file?layout=${layout}`, bytes, { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) });
}

/** Keyed lines matched and posted, the bank amount the remitted total: the posted remittance. */
export async function postKeyed(client: TestClient, month: string, lines: unknown[]) {
  const matched = await match(client, month, { lines });
  expect(matched.statusCode, matched.body).toBe(200);
  const posted = await postRemittance(client, month, { lines, bankAmountKobo: matched.json().totals.remittedKobo });
  expect(posted.statusCode, posted.body).toBe(201);
  return posted.json();
}

export type ArrearsRow = { user_id: string; product_id: string; month: string; amount_kobo: string; outstanding_kobo: string };

export async function arrearsOf(db: Database, userId: string): Promise<{ productId: string; month: string; amountKobo: number; outstandingKobo: number }[]> {
  const rows = await queryRows<ArrearsRow>(
    db,
    sql`select product_id, month, amount_kobo::text, outstanding_kobo::text from contribution_arrears where user_id = ${userId} order by month, product_id`,
  );
  return rows.map((row) => ({ productId: row.product_id, month: row.month, amountKobo: Number(row.amount_kobo), outstandingKobo: Number(row.outstanding_kobo) }));
}
