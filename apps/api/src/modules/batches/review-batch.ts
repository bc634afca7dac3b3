import { sql } from 'drizzle-orm';
import {
  amountDue,
  asKobo,
  balanceBelowZeroOnMessage,
  batchRowAmount,
  batchRowRepayment,
  batchRowType,
  heldAgainstLoanMessage,
  heldRefusal,
  holdsSavings,
  MESSAGES,
  parseStaffId,
  splitRepayment,
  type BatchRowInput,
  type IsoDate,
  type RepaymentPart,
  type ReviewedRow,
  type Role,
} from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { heldKoboSql, pendingHeldKoboSql } from '../ledger/lien-sql.ts';
import { activeLoansOf, type ActiveLoan } from '../loans/active-loan-positions.ts';
import { firstDayBelowZeroSql, ordinaryAccountSql } from '../ledger/ledger-sql.ts';

type Person = {
  id: string;
  name: string;
  email: string;
  staff_id: string | null;
  role: Role;
  active: boolean;
  account_id: string | null;
  balance_kobo: string | number | null;
  held_kobo: string | number | null;
  /** The part of held_kobo that withdrawals and transfers awaiting approval hold (issue 15). */
  pending_kobo: string | number | null;
};

/** What a review knows of each row's member's loans: the split of their repayment, and what is due. */
export type RowLoans = { parts: RepaymentPart[]; loans: ActiveLoan[] } | null;

/**
 * Reviews a batch's rows (issue 11): each row is ready or refused with the reason on the row, in
 * this order: type, amount, loan repayment, who (unknown, not a holder, deactivated), the same
 * person on another row, a withdrawal above the balance or above what loans leave free (issue 12),
 * a withdrawal that would leave the statement below zero on a day from the value date on (issue 26),
 * and a repayment the member's active loans cannot take. Holds judge only money going out: a
 * contribution or a repayment is never refused for them (issue 26), it cures the shortfall.
 * One query finds every person named, by staff ID or email, with what loans hold of them, one more
 * their active loans, and one more (only when there are withdrawals) the day each withdrawal would
 * leave below zero, so 10,000 rows are two or three round trips. With `lock`, inside the posting's transaction, the people's rows are locked
 * FOR SHARE as a single posting locks them, and their active loans FOR UPDATE, as a single
 * repayment locks its loan. `loansByLine` receives each row's repayment split for the posting.
 */
export async function reviewRows(
  db: Database | Transaction,
  rows: readonly BatchRowInput[],
  valueDate: IsoDate,
  options: { lock?: boolean; loansByLine?: Map<number, RowLoans> } = {},
): Promise<ReviewedRow[]> {
  const staffIds = new Set<string>();
  const emails = new Set<string>();
  for (const row of rows) {
    const staffId = parseStaffId(row.ref.toUpperCase());
    if (staffId !== null) staffIds.add(row.ref.toUpperCase());
    else emails.add(row.ref.toLowerCase());
  }
  const people = await queryRows<Person>(
    db,
    sql`select u.id, u.name, u.email, u.staff_id, u.role, u.active, a.id as account_id, a.balance_kobo,
               case when a.id is null then 0 else ${heldKoboSql(sql`a.id`)} end as held_kobo,
               case when a.id is null then 0 else ${pendingHeldKoboSql(sql`a.id`)} end as pending_kobo
        from users u
        left join savings_accounts a on a.user_id = u.id and ${ordinaryAccountSql('a')}
        where u.staff_id in (select value from jsonb_array_elements_text(${JSON.stringify([...staffIds])}::jsonb))
           or lower(u.email) in (select value from jsonb_array_elements_text(${JSON.stringify([...emails])}::jsonb))
        ${options.lock ? sql`for share of u` : sql``}`,
  );
  const byStaffId = new Map(people.filter((person) => person.staff_id).map((person) => [person.staff_id as string, person]));
  const byEmail = new Map(people.map((person) => [person.email.toLowerCase(), person]));
  const personOf = (row: BatchRowInput) => byStaffId.get(row.ref.toUpperCase()) ?? byEmail.get(row.ref.toLowerCase()) ?? null;
  // Only loans already disbursed on the value date take its repayments.
  const loansByAccount = await activeLoansOf(db, people.flatMap((person) => person.account_id ?? []), { lock: options.lock });
  const loansOf = (person: Person | null) => (person?.account_id ? (loansByAccount.get(person.account_id) ?? []) : []).filter((loan) => loan.disbursedOn <= valueDate);
  const shortDays = await shortDaysOf(db, rows, personOf, valueDate);
  // A person on two otherwise good rows: both are refused, for the treasurer to keep the right one.
  const goodRowsPerPerson = new Map<string, number>();
  for (const row of rows) {
    const person = personOf(row);
    const repayment = batchRowRepayment(row.loanRepayment);
    if (!person || batchRowType(row.type) === null || !('kobo' in repayment) || !('kobo' in batchRowAmount(row.amount, { repaying: repayment.kobo > 0 }))) continue;
    goodRowsPerPerson.set(person.id, (goodRowsPerPerson.get(person.id) ?? 0) + 1);
  }

  return rows.map((row, index) => {
    const person = personOf(row);
    const type = batchRowType(row.type);
    const repayment = batchRowRepayment(row.loanRepayment);
    const repaymentKobo = 'kobo' in repayment ? repayment.kobo : null;
    // A row with a repayment (even one written wrongly, which is then the row's problem) may leave its amount blank.
    const amount = batchRowAmount(row.amount, { repaying: repaymentKobo !== 0 });
    const amountKobo = 'kobo' in amount ? amount.kobo : null;
    const balanceKobo = person ? asKobo(Number(person.balance_kobo ?? 0)) : null;
    const heldKobo = person ? asKobo(Number(person.held_kobo ?? 0)) : null;
    const pendingKobo = person ? Number(person.pending_kobo ?? 0) : 0;
    const loans = loansOf(person);
    const split = repaymentKobo ? splitRepayment(loans.map((loan) => loan.position), repaymentKobo, valueDate) : null;
    const withdrawing = type === 'withdrawal' ? (amountKobo ?? 0) : 0;
    const reason =
      type === null
        ? MESSAGES.chooseTransactionType
        : 'problem' in amount
          ? amount.problem
          : 'problem' in repayment
            ? repayment.problem
            : !person
              ? MESSAGES.rowUnknownPerson
              : !holdsSavings(person.role)
                ? MESSAGES.rowNotHolder
                : !person.active
                  ? MESSAGES.rowInactive
                  : (goodRowsPerPerson.get(person.id) ?? 0) > 1
                    ? MESSAGES.rowDuplicate
                    : withdrawing > (balanceKobo ?? 0)
                      ? MESSAGES.rowOverdraws
                      : withdrawing > 0 && withdrawing > (balanceKobo ?? 0) - (heldKobo ?? 0)
                        ? (heldRefusal(withdrawing, balanceKobo ?? 0, (heldKobo ?? 0) - pendingKobo, pendingKobo)?.message ?? heldAgainstLoanMessage(heldKobo ?? asKobo(0)))
                        : withdrawing > 0 && shortDays.has(index + 1)
                          ? balanceBelowZeroOnMessage(shortDays.get(index + 1) as IsoDate)
                          : split && !split.ok
                            ? split.problem
                            : null;
    if (options.loansByLine && person) options.loansByLine.set(index + 1, split?.ok ? { parts: split.parts, loans } : null);
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
      heldKobo,
      loanRepaymentKobo: repaymentKobo,
      loanDueKobo: person ? asKobo(loans.reduce((sum, loan) => sum + amountDue(loan.position, valueDate), 0)) : null,
      status: reason === null ? 'ready' : 'refused',
      reason,
    } satisfies ReviewedRow;
  });
}

/**
 * Issue 26: for each withdrawal row of a member with an account, the first day its statement would
 * go below zero (ledger-sql.ts's one rule), by line; one round trip, and none without withdrawals.
 */
async function shortDaysOf(
  db: Database | Transaction,
  rows: readonly BatchRowInput[],
  personOf: (row: BatchRowInput) => Person | null,
  valueDate: IsoDate,
): Promise<Map<number, IsoDate>> {
  const withdrawals = rows.flatMap((row, index) => {
    const amount = batchRowAmount(row.amount, { repaying: false });
    const accountId = personOf(row)?.account_id;
    if (batchRowType(row.type) !== 'withdrawal' || !accountId || !('kobo' in amount)) return [];
    return [{ line: index + 1, account_id: accountId, amount_kobo: amount.kobo }];
  });
  if (withdrawals.length === 0) return new Map();
  const found = await queryRows<{ line: number; short_day: IsoDate | null }>(
    db,
    sql`select i.line, ${firstDayBelowZeroSql(sql`a.id`, sql`a.balance_kobo`, sql`${valueDate}::date`, sql`-i.amount_kobo`)} as short_day
        from jsonb_to_recordset(${JSON.stringify(withdrawals)}::jsonb) as i(line int, account_id uuid, amount_kobo bigint)
        join savings_accounts a on a.id = i.account_id`,
  );
  return new Map(found.flatMap((row) => (row.short_day ? [[Number(row.line), row.short_day] as const] : [])));
}
