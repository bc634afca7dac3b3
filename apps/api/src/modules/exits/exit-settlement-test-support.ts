import { sql } from 'drizzle-orm';
import { loanSchedule, type Kobo } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';

/**
 * Issue 32's settlement tests set up what earlier issues' operations store (their rules are tested
 * beside them): a running loan as disbursement leaves it, an accepted guarantee, an exit at notice,
 * nominees. The exit's own steps then go through the API.
 */

/** An active flat loan on the member's ordinary account, disbursed on `disbursedOn` with no fee: its schedule falls due from the next month's end. */
export async function activeLoan(db: Database, input: { userId: string; productId: string; principalKobo: number; disbursedOn: string; annualRateBp?: number; months?: number }): Promise<string> {
  const months = input.months ?? 12;
  const annualRateBp = input.annualRateBp ?? 1200;
  return db.transaction(async (tx) => {
    const [loan] = await queryRows<{ id: string; account_id: string }>(
      tx,
      sql`insert into loans (account_id, product_id, product_name, method, annual_rate_bp, savings_multiple, overpayment, principal_kobo, fee_kobo, months, purpose, status,
                             applied_by_id, applied_at, decided_at, disbursed_at, disbursed_value_date, disbursed_by_id, fee_outstanding_kobo)
          select a.id, ${input.productId}::uuid, 'Exit test loan', 'flat', ${annualRateBp}, 200, 'reduce_term', ${input.principalKobo}, 0, ${months}, 'Rent', 'active',
                 ${input.userId}, ${`${input.disbursedOn}T09:00:00+01:00`}, ${`${input.disbursedOn}T09:00:00+01:00`}, ${`${input.disbursedOn}T09:00:00+01:00`}, ${input.disbursedOn}::date, 'treasurer', 0
          from savings_accounts a where a.user_id = ${input.userId} and a.product_id = ${ORDINARY_SAVINGS_PRODUCT_ID}::uuid
          returning id::text, account_id::text`,
    );
    if (!loan) throw new Error('no ordinary account for the borrower');
    const schedule = loanSchedule({ principal: input.principalKobo as Kobo, annualRateBp, months, method: 'flat' }, input.disbursedOn.slice(0, 7));
    const rows = JSON.stringify(schedule.instalments.map((row) => ({ number: row.number, due_date: row.dueDate, principal: row.principal, interest: row.interest })));
    await tx.execute(sql`
      insert into loan_instalments (loan_id, number, due_date, principal_kobo, interest_kobo)
      select ${loan.id}::uuid, r.number, r.due_date, r.principal, r.interest from json_to_recordset(${rows}::json) as r(number int, due_date date, principal bigint, interest bigint)`);
    await tx.execute(sql`
      insert into loan_transactions (loan_id, type, amount_kobo, value_date, created_by_id, created_by_email, created_at)
      values (${loan.id}::uuid, 'disbursement', ${input.principalKobo}, ${input.disbursedOn}::date, 'treasurer', 'treasurer@example.com', ${`${input.disbursedOn}T09:00:00+01:00`})`);
    return loan.id;
  });
}

/** An accepted guarantee of `loanId` by the member's ordinary savings. */
export async function guarantee(db: Database, loanId: string, guarantorUserId: string, amountKobo: number): Promise<void> {
  await db.execute(sql`
    insert into loan_guarantors (loan_id, account_id, amount_kobo, status, answered_at)
    select ${loanId}::uuid, a.id, ${amountKobo}, 'accepted', now() from savings_accounts a
    where a.user_id = ${guarantorUserId} and a.product_id = ${ORDINARY_SAVINGS_PRODUCT_ID}::uuid`);
}

/** An exit at notice, given on `noticeDate` by `givenById`, settleable from `earliest`. */
export async function exitAtNotice(
  db: Database,
  input: { userId: string; holderName: string; reason?: string; noticeDate?: string; earliest?: string; givenById?: string },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into member_exits (user_id, holder_name, reason, notice_date, leaving_date, earliest_settlement_date, given_by_id, given_by_name)
        values (${input.userId}, ${input.holderName}, ${input.reason ?? 'retirement'}, ${input.noticeDate ?? '2026-10-15'}::date, ${input.earliest ?? '2026-11-14'}::date,
                ${input.earliest ?? '2026-11-14'}::date, ${input.givenById ?? 'officer-who-took-notice'}, 'Notice Officer')
        returning id::text`,
  );
  return row!.id;
}

export async function recordNominees(db: Database, userId: string, nominees: { name: string; relationship: string; phone: string; shareBp: number }[]): Promise<void> {
  for (const [index, nominee] of nominees.entries()) {
    await db.execute(sql`
      insert into member_nominees (user_id, position, name, relationship, phone, share_bp, updated_by_id)
      values (${userId}, ${index + 1}, ${nominee.name}, ${nominee.relationship}, ${nominee.phone}, ${nominee.shareBp}, 'officer')`);
  }
}

/** The lines of one entry, by account code, debits positive. */
export async function entryLinesOf(db: Database, entryId: string): Promise<{ code: string; subledger: boolean; kobo: number }[]> {
  const rows = await queryRows<{ code: string; subledger: boolean; amount_kobo: string }>(
    db,
    sql`select a.code, l.subledger_id is not null as subledger, l.amount_kobo::text from journal_lines l join ledger_accounts a on a.id = l.account_id
        where l.entry_id = ${entryId} order by l.line_no`,
  );
  return rows.map((row) => ({ code: row.code, subledger: row.subledger, kobo: Number(row.amount_kobo) }));
}

export async function balancesOf(db: Database, userId: string): Promise<{ product: string; kobo: number; closed: boolean }[]> {
  const rows = await queryRows<{ name: string; balance_kobo: string; closed: boolean }>(
    db,
    sql`select p.name, a.balance_kobo::text, a.closed_at is not null as closed from savings_accounts a join savings_products p on p.id = a.product_id
        where a.user_id = ${userId} order by p.kind, p.name`,
  );
  return rows.map((row) => ({ product: row.name, kobo: Number(row.balance_kobo), closed: row.closed }));
}
