import { sql } from 'drizzle-orm';
import {
  amountDue,
  asKobo,
  balanceBelowZeroOnMessage,
  batchCellAmount,
  batchRowAmount,
  batchRowRepayment,
  batchRowType,
  heldAgainstLoanMessage,
  heldRefusal,
  holdsSavings,
  earlyWithdrawalNotice,
  MESSAGES,
  ORDINARY_SAVINGS_PRODUCT_ID,
  parseStaffId,
  RUN_COLUMN_MESSAGES,
  splitRepayment,
  withdrawalRefusal,
  type BatchRowInput,
  type IsoDate,
  type Kobo,
  type RepaymentPart,
  type ReviewedCell,
  type ReviewedRow,
  type Role,
  type SavingsProduct,
} from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { heldKoboSql, pendingHeldKoboSql } from '../ledger/lien-sql.ts';
import { activeLoansOf, lockActiveLoans, type ActiveLoan } from '../loans/active-loan-positions.ts';
import { firstDayBelowZeroSql, ordinaryAccountSql } from '../ledger/ledger-sql.ts';
import type { RunProducts } from './run-products.ts';

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

/** A member's account in a product other than ordinary savings (issue 29). */
type ProductAccount = {
  id: string;
  user_id: string;
  product_id: string;
  balance_kobo: string | number;
  held_kobo: string | number;
  pending_kobo: string | number;
};

/** A row's cell for a product other than ordinary savings, read: its product (if the run takes it) and amount. */
type ParsedCell = { productId: string; text: string; product: SavingsProduct | null; kobo: Kobo | null; problem: string | null };

/** Issue 29: a row moving money into another product may leave ordinary savings blank, as one with a repayment may. */
function movesOtherMoney(repaymentKobo: Kobo | null, cells: ParsedCell[]): boolean {
  return repaymentKobo !== 0 || cells.some((cell) => cell.kobo !== 0);
}

/** Each product cell of a row, in the run's column order; a cell the run cannot take carries why. */
function parseCells(row: BatchRowInput, products: RunProducts): ParsedCell[] {
  const entries = Object.entries(row.products ?? {});
  const rank = (productId: string) => {
    const index = products.all.findIndex((product) => product.id === productId);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  return entries
    .toSorted(([a], [b]) => rank(a) - rank(b))
    .map(([productId, value]) => {
      const text = value === null || value === undefined ? '' : String(value);
      const product = products.all.find((candidate) => candidate.id === productId) ?? null;
      const amount = batchCellAmount(value);
      const problem = !product
        ? RUN_COLUMN_MESSAGES.notAProduct(productId)
        : product.retiredAt !== null
          ? `${product.name} ${MESSAGES.retiredTakesNoMoney}`
          : product.kind === 'fixed'
            ? RUN_COLUMN_MESSAGES.takesNoContributions(product.name)
            : productId === ORDINARY_SAVINGS_PRODUCT_ID
              ? RUN_COLUMN_MESSAGES.twice(product.name)
              : 'problem' in amount
                ? RUN_COLUMN_MESSAGES.cell(product.name, amount.problem)
                : null;
      return { productId, text, product: problem === null ? product : null, kobo: 'kobo' in amount ? amount.kobo : null, problem };
    });
}

/**
 * Reviews a batch's rows (issue 11): each row is ready or refused with the reason on the row, in
 * this order: type, amount, loan repayment, who (unknown, not a holder, deactivated), the same
 * person on another row, a withdrawal above the balance or above what loans leave free (issue 12),
 * a withdrawal that would leave the statement below zero on a day from the value date on (issue 26),
 * and a repayment the member's active loans cannot take. Holds judge only money going out: a
 * contribution or a repayment is never refused for them (issue 26), it cures the shortfall.
 * One query finds every person named, by staff ID or email, with what loans hold of them (only
 * when some row withdraws; otherwise heldKobo is null), one more their active loans, and one more
 * (only when there are withdrawals) the day each withdrawal would leave below zero, so 10,000 rows
 * are two or three round trips. With `lock`, inside the posting's transaction, the people's rows
 * are locked FOR SHARE as a single posting locks them, and their active loans FOR UPDATE, as a
 * single repayment locks its loan. `loansByLine` receives each row's repayment split for the posting.
 */
export async function reviewRows(
  db: Database | Transaction,
  rows: readonly BatchRowInput[],
  valueDate: IsoDate,
  products: RunProducts,
  options: { lock?: boolean; loansByLine?: Map<number, RowLoans> } = {},
): Promise<ReviewedRow[]> {
  return (await startReviewRows(db, rows, valueDate, products, options)).finish();
}

/**
 * A review in two halves (decision 072). `rows` judges each row on every rule but its loans',
 * which come last in the order above: its `loanDueKobo` is null, and a row ready here may still be
 * refused for its repayment. `finish` completes the review with the members' loans, whose
 * schedules were asked for before the first half was worked out, so that a run's posting can
 * write its savings while this thread reads 10,000 schedules (post-batch.ts).
 */
export type RowsReview = { rows: ReviewedRow[]; finish: () => Promise<ReviewedRow[]> };

export async function startReviewRows(
  db: Database | Transaction,
  rows: readonly BatchRowInput[],
  valueDate: IsoDate,
  products: RunProducts,
  options: { lock?: boolean; loansByLine?: Map<number, RowLoans> } = {},
): Promise<RowsReview> {
  const staffIds = new Set<string>();
  const emails = new Set<string>();
  for (const row of rows) {
    const staffId = parseStaffId(row.ref.toUpperCase());
    if (staffId !== null) staffIds.add(row.ref.toUpperCase());
    else emails.add(row.ref.toLowerCase());
  }
  // What loans and requests hold judges only withdrawals (issue 26), and reading it costs each
  // member's instalments: read only when some row withdraws, as for the product cells.
  const anyWithdrawal = rows.some((row) => batchRowType(row.type) === 'withdrawal');
  const people = await queryRows<Person>(
    db,
    sql`select u.id, u.name, u.email, u.staff_id, u.role, u.active, a.id as account_id, a.balance_kobo,
               ${anyWithdrawal ? sql`case when a.id is null then 0 else ${heldKoboSql(sql`a.id`)} end` : sql`null`} as held_kobo,
               ${anyWithdrawal ? sql`case when a.id is null then 0 else ${pendingHeldKoboSql(sql`a.id`)} end` : sql`0`} as pending_kobo
        from users u
        left join savings_accounts a on a.user_id = u.id and ${ordinaryAccountSql('a')}
        where u.staff_id in (select value from jsonb_array_elements_text(${JSON.stringify([...staffIds])}::jsonb))
           or lower(u.email) in (select value from jsonb_array_elements_text(${JSON.stringify([...emails])}::jsonb))
        ${options.lock ? sql`for share of u` : sql``}`,
  );
  const byStaffId = new Map(people.filter((person) => person.staff_id).map((person) => [person.staff_id as string, person]));
  const byEmail = new Map(people.map((person) => [person.email.toLowerCase(), person]));
  const personOf = (row: BatchRowInput) => byStaffId.get(row.ref.toUpperCase()) ?? byEmail.get(row.ref.toLowerCase()) ?? null;
  const cellsByLine = rows.map((row) => parseCells(row, products));
  const accountIds = people.flatMap((person) => person.account_id ?? []);
  if (options.lock) await lockActiveLoans(db, accountIds);
  // Both asked for now, after the loans' lock (what loans hold is read under it): the loans'
  // schedules wait in the connection's queue behind the product accounts, and `finish` reads them.
  const accountsRead = productAccountsOf(db, rows, cellsByLine, personOf);
  const loansRead = activeLoansOf(db, accountIds);
  // Awaited by `finish`; the catch only keeps a failure meanwhile from counting as unhandled.
  loansRead.catch(() => undefined);
  const accountOf = await accountsRead;
  const shortDays = await shortDaysOf(db, rows, personOf, cellsByLine, accountOf, valueDate);
  // A person on two otherwise good rows: both are refused, for the treasurer to keep the right one.
  const goodRowsPerPerson = new Map<string, number>();
  rows.forEach((row, index) => {
    const person = personOf(row);
    const repayment = batchRowRepayment(row.loanRepayment);
    if (!person || batchRowType(row.type) === null || !('kobo' in repayment)) return;
    if (!('kobo' in batchRowAmount(row.amount, { repaying: movesOtherMoney(repayment.kobo, cellsByLine[index] ?? []) }))) return;
    goodRowsPerPerson.set(person.id, (goodRowsPerPerson.get(person.id) ?? 0) + 1);
  });

  const judged = rows.map((row, index) => {
    const person = personOf(row);
    const type = batchRowType(row.type);
    const repayment = batchRowRepayment(row.loanRepayment);
    const repaymentKobo = 'kobo' in repayment ? repayment.kobo : null;
    const parsedCells = cellsByLine[index] ?? [];
    // A row with a repayment or another product's amount (even one written wrongly, which is then
    // the row's problem) may leave its ordinary savings amount blank.
    const amount = batchRowAmount(row.amount, { repaying: movesOtherMoney(repaymentKobo, parsedCells) });
    const amountKobo = 'kobo' in amount ? amount.kobo : null;
    const balanceKobo = person ? asKobo(Number(person.balance_kobo ?? 0)) : null;
    // Null when not read (no row withdraws): unknown, never a ₦0 that is not so.
    const heldKobo = person && person.held_kobo !== null ? asKobo(Number(person.held_kobo)) : null;
    const pendingKobo = person ? Number(person.pending_kobo ?? 0) : 0;
    const withdrawing = type === 'withdrawal' ? (amountKobo ?? 0) : 0;
    const cells = parsedCells.map((cell) => reviewCell(cell, person ? (cell.product ? (accountOf.get(`${person.id} ${cell.product.id}`) ?? null) : null) : undefined, type, valueDate, shortDays.get(`${index + 1} ${cell.productId}`)));
    const cellReason = cells.find((cell) => cell.reason !== null)?.reason ?? null;
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
                        : withdrawing > 0 && shortDays.has(`${index + 1}`)
                          ? balanceBelowZeroOnMessage(shortDays.get(`${index + 1}`) as IsoDate)
                          : cellReason !== null
                            ? cellReason
                            : null;
    const reviewed = {
      line: index + 1,
      sourceRow: row.sourceRow ?? null,
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
      loanDueKobo: null,
      cells,
      status: reason === null ? 'ready' : 'refused',
      reason,
    } satisfies ReviewedRow;
    return { reviewed, person, repaymentKobo };
  });

  return {
    rows: judged.map(({ reviewed }) => reviewed),
    finish: async () => {
      const loansByAccount = await loansRead;
      // Only loans already disbursed on the value date take its repayments.
      const loansOf = (person: Person | null) => (person?.account_id ? (loansByAccount.get(person.account_id) ?? []) : []).filter((loan) => loan.disbursedOn <= valueDate);
      return judged.map(({ reviewed, person, repaymentKobo }, index) => {
        const loans = loansOf(person);
        const split = repaymentKobo ? splitRepayment(loans.map((loan) => loan.position), repaymentKobo, valueDate) : null;
        // A repayment the member's loans cannot take is the last rule.
        const reason = reviewed.reason ?? (split && !split.ok ? split.problem : null);
        if (options.loansByLine && person) options.loansByLine.set(index + 1, split?.ok ? { parts: split.parts, loans } : null);
        return {
          ...reviewed,
          loanDueKobo: person ? asKobo(loans.reduce((sum, loan) => sum + amountDue(loan.position, valueDate), 0)) : null,
          status: reason === null ? 'ready' : 'refused',
          reason,
        } satisfies ReviewedRow;
      });
    },
  };
}

/**
 * Issue 29: one cell judged: a withdrawal from a product only as the product allows it (shares never
 * while a member, target savings in its window; an early withdrawal with its penalty is the member's
 * page's, not the run's), and never beyond the account's balance, what loans hold of it, or below
 * zero on any day from the value date on. `account` is undefined when the row names no one.
 */
function reviewCell(
  cell: ParsedCell,
  account: ProductAccount | null | undefined,
  type: 'deposit' | 'withdrawal' | null,
  valueDate: IsoDate,
  shortDay: IsoDate | undefined,
): ReviewedCell {
  const balanceKobo = account === undefined ? null : asKobo(Number(account?.balance_kobo ?? 0));
  const result = (reason: string | null): ReviewedCell => ({ productId: cell.productId, amountText: cell.text, amountKobo: cell.kobo, balanceKobo, reason });
  const product = cell.product;
  if (cell.problem !== null || !product) return result(cell.problem);
  const withdrawing = type === 'withdrawal' ? (cell.kobo ?? 0) : 0;
  if (withdrawing === 0 || account === undefined) return result(null);
  const refusal = withdrawalRefusal(product, { onDay: valueDate, isMember: true });
  if (refusal) return result(refusal);
  const notice = earlyWithdrawalNotice(product, valueDate);
  if (notice) return result(RUN_COLUMN_MESSAGES.withdrawEarlyOnPage(notice));
  const balance = Number(account?.balance_kobo ?? 0);
  const held = Number(account?.held_kobo ?? 0);
  const pending = Number(account?.pending_kobo ?? 0);
  if (withdrawing > balance) return result(RUN_COLUMN_MESSAGES.cell(product.name, MESSAGES.rowOverdraws));
  if (withdrawing > balance - held) {
    return result(RUN_COLUMN_MESSAGES.cell(product.name, heldRefusal(withdrawing, balance, held - pending, pending)?.message ?? heldAgainstLoanMessage(asKobo(held))));
  }
  if (shortDay) return result(RUN_COLUMN_MESSAGES.cell(product.name, balanceBelowZeroOnMessage(shortDay)));
  return result(null);
}

/**
 * Issue 29: the accounts the rows' product cells move, by '<user id> <product id>' (a member who
 * never saved in a product has none yet: the posting opens it). One round trip, none without cells;
 * what loans and requests hold is read only when some row withdraws.
 */
async function productAccountsOf(
  db: Database | Transaction,
  rows: readonly BatchRowInput[],
  cellsByLine: ParsedCell[][],
  personOf: (row: BatchRowInput) => Person | null,
): Promise<Map<string, ProductAccount>> {
  const wanted = rows.flatMap((row, index) => {
    const person = personOf(row);
    return person ? (cellsByLine[index] ?? []).flatMap((cell) => (cell.product ? [{ user_id: person.id, product_id: cell.product.id }] : [])) : [];
  });
  if (wanted.length === 0) return new Map();
  const withdrawing = rows.some((row) => batchRowType(row.type) === 'withdrawal');
  const found = await queryRows<ProductAccount>(
    db,
    sql`select a.id, a.user_id, a.product_id, a.balance_kobo,
               ${withdrawing ? heldKoboSql(sql`a.id`) : sql`0`} as held_kobo,
               ${withdrawing ? pendingHeldKoboSql(sql`a.id`) : sql`0`} as pending_kobo
        from (select distinct user_id, product_id from json_to_recordset(${JSON.stringify(wanted)}::json) as i(user_id text, product_id uuid)) i
        join savings_accounts a on a.user_id = i.user_id and a.product_id = i.product_id`,
  );
  return new Map(found.map((account) => [`${account.user_id} ${account.product_id}`, account]));
}

/**
 * Issue 26: for each withdrawal of a member with an account, the first day its statement would
 * go below zero (ledger-sql.ts's one rule), by '<line>' for ordinary savings and '<line> <product
 * id>' for another product's cell; one round trip, and none without withdrawals.
 */
async function shortDaysOf(
  db: Database | Transaction,
  rows: readonly BatchRowInput[],
  personOf: (row: BatchRowInput) => Person | null,
  cellsByLine: ParsedCell[][],
  accountOf: Map<string, ProductAccount>,
  valueDate: IsoDate,
): Promise<Map<string, IsoDate>> {
  const withdrawals = rows.flatMap((row, index) => {
    const person = personOf(row);
    if (batchRowType(row.type) !== 'withdrawal' || !person) return [];
    const amount = batchRowAmount(row.amount, { repaying: true });
    const ordinary = person.account_id && 'kobo' in amount && amount.kobo > 0 ? [{ key: `${index + 1}`, account_id: person.account_id, amount_kobo: amount.kobo }] : [];
    const cells = (cellsByLine[index] ?? []).flatMap((cell) => {
      const account = cell.product ? accountOf.get(`${person.id} ${cell.product.id}`) : undefined;
      return account && (cell.kobo ?? 0) > 0 ? [{ key: `${index + 1} ${cell.productId}`, account_id: account.id, amount_kobo: cell.kobo }] : [];
    });
    return [...ordinary, ...cells];
  });
  if (withdrawals.length === 0) return new Map();
  const found = await queryRows<{ key: string; short_day: IsoDate | null }>(
    db,
    sql`select i.key, ${firstDayBelowZeroSql(sql`a.id`, sql`a.balance_kobo`, sql`${valueDate}::date`, sql`-i.amount_kobo`)} as short_day
        from json_to_recordset(${JSON.stringify(withdrawals)}::json) as i(key text, account_id uuid, amount_kobo bigint)
        join savings_accounts a on a.id = i.account_id`,
  );
  return new Map(found.flatMap((row) => (row.short_day ? [[row.key, row.short_day] as const] : [])));
}
