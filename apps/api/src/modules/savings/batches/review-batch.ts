import { sql } from 'drizzle-orm';
import {
  asKobo,
  batchRowAmount,
  batchRowType,
  holdsSavings,
  MESSAGES,
  parseStaffId,
  type BatchRowInput,
  type ReviewedRow,
  type Role,
} from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../../db/client.ts';

type Person = {
  id: string;
  name: string;
  email: string;
  staff_id: string | null;
  role: Role;
  active: boolean;
  account_id: string | null;
  balance_kobo: string | number | null;
};

/**
 * Reviews a batch's rows (issue 11): each row is ready or refused with the reason on the row, in
 * this order: type, amount, who (unknown, not a holder, deactivated), the same person on another
 * row, and a withdrawal above the balance. One query finds every person named, by staff ID or
 * email, so 10,000 rows are one round trip. With `lock`, inside the posting's transaction, the
 * people's rows are locked FOR SHARE as a single posting locks them: a role change or deletion in
 * flight either lands first and refuses the row, or waits for the batch.
 */
export async function reviewRows(db: Database | Transaction, rows: readonly BatchRowInput[], options: { lock?: boolean } = {}): Promise<ReviewedRow[]> {
  const staffIds = new Set<string>();
  const emails = new Set<string>();
  for (const row of rows) {
    const staffId = parseStaffId(row.ref.toUpperCase());
    if (staffId !== null) staffIds.add(row.ref.toUpperCase());
    else emails.add(row.ref.toLowerCase());
  }
  const people = await queryRows<Person>(
    db,
    sql`select u.id, u.name, u.email, u.staff_id, u.role, u.active, a.id as account_id, a.balance_kobo
        from users u
        left join savings_accounts a on a.user_id = u.id
        where u.staff_id in (select value from jsonb_array_elements_text(${JSON.stringify([...staffIds])}::jsonb))
           or lower(u.email) in (select value from jsonb_array_elements_text(${JSON.stringify([...emails])}::jsonb))
        ${options.lock ? sql`for share of u` : sql``}`,
  );
  const byStaffId = new Map(people.filter((person) => person.staff_id).map((person) => [person.staff_id as string, person]));
  const byEmail = new Map(people.map((person) => [person.email.toLowerCase(), person]));
  const personOf = (row: BatchRowInput) => byStaffId.get(row.ref.toUpperCase()) ?? byEmail.get(row.ref.toLowerCase()) ?? null;
  // A person on two otherwise good rows: both are refused, for the treasurer to keep the right one.
  const goodRowsPerPerson = new Map<string, number>();
  for (const row of rows) {
    const person = personOf(row);
    if (!person || batchRowType(row.type) === null || !('kobo' in batchRowAmount(row.amount))) continue;
    goodRowsPerPerson.set(person.id, (goodRowsPerPerson.get(person.id) ?? 0) + 1);
  }

  return rows.map((row, index) => {
    const person = personOf(row);
    const type = batchRowType(row.type);
    const amount = batchRowAmount(row.amount);
    const amountKobo = 'kobo' in amount ? amount.kobo : null;
    const balanceKobo = person ? asKobo(Number(person.balance_kobo ?? 0)) : null;
    const reason =
      type === null
        ? MESSAGES.chooseTransactionType
        : 'problem' in amount
          ? amount.problem
          : !person
            ? MESSAGES.rowUnknownPerson
            : !holdsSavings(person.role)
              ? MESSAGES.rowNotHolder
              : !person.active
                ? MESSAGES.rowInactive
                : (goodRowsPerPerson.get(person.id) ?? 0) > 1
                  ? MESSAGES.rowDuplicate
                  : type === 'withdrawal' && (amountKobo ?? 0) > (balanceKobo ?? 0)
                    ? MESSAGES.rowOverdraws
                    : null;
    return {
      line: index + 1,
      ref: row.ref,
      amountText: String(row.amount),
      type,
      amountKobo,
      description: row.description ?? null,
      userId: person?.id ?? null,
      name: person?.name ?? null,
      staffId: person?.staff_id ?? null,
      balanceKobo,
      status: reason === null ? 'ready' : 'refused',
      reason,
    } satisfies ReviewedRow;
  });
}
