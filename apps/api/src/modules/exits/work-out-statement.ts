import { sql } from 'drizzle-orm';
import {
  AppError,
  buildExitStatement,
  exitShortfallProblem,
  formatNaira,
  GUARANTEE_BINDING_STATUSES,
  MESSAGES,
  type ExitGuarantorInput,
  type ExitLoanPayoff,
  type ExitNomineeInput,
  type ExitProductInput,
  type ExitRecovery,
  type ExitStatement,
  type IsoDate,
  type LoanKind,
  type LoanStatus,
  type ShortfallChoice,
} from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { heldKoboSql } from '../ledger/lien-sql.ts';
import { firstDayBelowZeroSql, ordinaryAccountSql } from '../ledger/ledger-sql.ts';
import { activeLoansOf } from '../loans/active-loan-positions.ts';
import type { ExitRow } from './exit-store.ts';
import { readExitSettings } from './exit-settings.ts';

type Db = Database | Transaction;

/** A loan applied for and not yet paid out. */
const PENDING_LOAN_STATUSES = ['awaiting_guarantors', 'awaiting_approval', 'approved'] as const satisfies readonly LoanStatus[];

/** The statement with what settling it needs besides: each loan's payoff (its allocation) and the guarantors who could be asked. */
export type WorkedStatement = { statement: ExitStatement; payoffs: Map<string, ExitLoanPayoff>; guarantorCount: number };

export type StatementRequest = { settlementDate: IsoDate; shortfallChoice: ShortfallChoice | null };

type AccountRow = { id: string; product_id: string; name: string; kind: string; balance_kobo: string | number };

/**
 * A member's settlement statement on a day (issue 32, step 3), read from the books as they stand:
 * every one of the member's accounts, pro rata interest where the scheme pays it (at the last
 * posted year end's rates, for the financial year's days to the settlement date inclusive), each
 * active loan's payoff, the exit fee, the guarantors of the member's loans and, for a death, the
 * nominees; core's buildExitStatement does the arithmetic. With `lockLoans` the loans are locked
 * FOR UPDATE (the caller holds the savings accounts' locks already, decision 042's order).
 */
export async function workOutStatement(db: Db, exit: ExitRow, request: StatementRequest, options: { today: IsoDate; lockLoans?: boolean }): Promise<WorkedStatement> {
  const worked = await workOutStatements(db, [{ exit, ...request }], options);
  return worked.get(exit.id) as WorkedStatement;
}

/**
 * Many exits' statements in a handful of statements whatever their number (a redundancy's 500
 * exits, `bench:exits`): each part of the statement is read for every exit at once.
 */
export async function workOutStatements(
  db: Db,
  requests: readonly (StatementRequest & { exit: ExitRow })[],
  options: { today: IsoDate; lockLoans?: boolean },
): Promise<Map<string, WorkedStatement>> {
  for (const { exit, settlementDate } of requests) {
    if (settlementDate < exit.earliestSettlementDate || settlementDate > options.today) {
      throw new AppError('VALIDATION', { message: MESSAGES.exitSettlementDateInvalid, field: 'settlementDate' });
    }
  }
  const worked = new Map<string, WorkedStatement>();
  if (requests.length === 0) return worked;
  const settings = await readExitSettings(db);
  const dates = JSON.stringify(requests.map(({ exit, settlementDate }) => ({ user_id: exit.userId, day: settlementDate })));
  const accounts = await queryRows<AccountRow & { user_id: string }>(
    db,
    sql`select a.user_id, a.id::text, a.product_id::text, p.name, p.kind, a.balance_kobo
        from savings_accounts a join savings_products p on p.id = a.product_id
        where a.user_id in (select r.user_id from json_to_recordset(${dates}::json) as r(user_id text, day date))
        order by a.user_id, case p.kind when 'ordinary' then 0 when 'shares' then 1 else 2 end, lower(p.name), a.id`,
  );
  const [later] = await queryRows<{ id: string }>(
    db,
    sql`select t.id from json_to_recordset(${dates}::json) as r(user_id text, day date)
        join savings_accounts a on a.user_id = r.user_id
        join savings_transactions t on t.account_id = a.id and t.value_date > r.day
        limit 1`,
  );
  if (later) throw new AppError('VALIDATION', { message: MESSAGES.exitPostingsAfterSettlement, field: 'settlementDate' });
  const accountsOf = new Map<string, (AccountRow & { user_id: string })[]>();
  for (const account of accounts) accountsOf.set(account.user_id, [...(accountsOf.get(account.user_id) ?? []), account]);
  const ratesByDay = new Map<string, Awaited<ReturnType<typeof proRataRates>>>();
  if (settings.proRata) for (const day of new Set(requests.map((request) => request.settlementDate))) ratesByDay.set(day, await proRataRates(db, day));
  const byAccount = await activeLoansOf(db, accounts.map((account) => account.id), { lock: options.lockLoans ?? false });
  const active = [...byAccount.values()].flat();
  const names = active.length === 0 ? [] : await queryRows<{ id: string; product_name: string; kind: LoanKind; seq: string | number }>(
    db,
    sql`select id::text, product_name, kind, seq from loans where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(active.map((loan) => loan.loanId))}::jsonb))`,
  );
  const nameOf = new Map(names.map((row) => [row.id, row]));
  const allGuarantors = active.length === 0 ? [] : await guarantorsOf(db, active.map((loan) => loan.loanId));
  const deaths = requests.filter((request) => request.exit.reason === 'death').map((request) => request.exit.userId);
  const allNominees = deaths.length === 0 ? new Map<string, ExitNomineeInput[]>() : await nomineesOf(db, deaths);
  for (const { exit, settlementDate, shortfallChoice } of requests) {
    const rates = ratesByDay.get(settlementDate) ?? null;
    const own = accountsOf.get(exit.userId) ?? [];
    const products: ExitProductInput[] = own.map((account) => {
      const rateBp = rates ? (account.kind === 'shares' ? rates.dividendBp : (rates.interest.get(account.product_id) ?? 0)) : 0;
      return {
        accountId: account.id,
        productId: account.product_id,
        name: account.name,
        kind: account.kind,
        balanceKobo: koboFromDb(account.balance_kobo),
        rateBp,
        days: rates && rateBp > 0 ? rates.days : 0,
      };
    });
    const loans = own
      .flatMap((account) => byAccount.get(account.id) ?? [])
      .map((loan) => ({ loanId: loan.loanId, productName: nameOf.get(loan.loanId)?.product_name ?? '', kind: nameOf.get(loan.loanId)?.kind ?? 'interest', position: loan.position, seq: Number(nameOf.get(loan.loanId)?.seq ?? 0) }))
      .toSorted((a, b) => a.seq - b.seq)
      .map(({ seq: _seq, ...loan }) => loan);
    const loanIds = new Set(loans.map((loan) => loan.loanId));
    const guarantors = allGuarantors.filter((guarantor) => loanIds.has(guarantor.loanId));
    const { statement, payoffs } = buildExitStatement({
      reason: exit.reason,
      holderName: exit.holderName,
      settlementDate,
      products,
      loans,
      exitFeeKobo: settings.exitFeeKobo,
      shortfallChoice,
      guarantors,
      nominees: allNominees.get(exit.userId) ?? [],
    });
    worked.set(exit.id, { statement, payoffs, guarantorCount: guarantors.length });
  }
  return worked;
}

/** The latest posted year end's rates (dividend for shares, interest per product) and the financial year's days to `day`, inclusive. */
async function proRataRates(db: Db, day: IsoDate): Promise<{ dividendBp: number; interest: Map<string, number>; days: number } | null> {
  const [run] = await queryRows<{ proposal: { dividend?: { rateBp?: number }; interest?: { productId: string; rateBp: number }[] } }>(
    db,
    sql`select proposal from year_end_runs where status = 'posted' order by year desc, posted_at desc limit 1`,
  );
  if (!run) return null;
  const [setting] = await queryRows<{ value: string }>(db, sql`select value from app_settings where key = 'yearend.first_month'`);
  const parsed = Number(setting?.value);
  const firstMonth = Number.isSafeInteger(parsed) && parsed >= 1 && parsed <= 12 ? parsed : 1;
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const startYear = month >= firstMonth ? year : year - 1;
  const start = Date.UTC(startYear, firstMonth - 1, 1);
  const end = Date.UTC(year, month - 1, Number(day.slice(8, 10)));
  return {
    dividendBp: run.proposal.dividend?.rateBp ?? 0,
    interest: new Map((run.proposal.interest ?? []).map((item) => [item.productId, item.rateBp])),
    days: Math.round((end - start) / 86_400_000) + 1,
  };
}

/** Every accepted guarantee of the given loans, in the loans' order, each guarantor's name and account. */
async function guarantorsOf(db: Db, loanIds: readonly string[]): Promise<ExitGuarantorInput[]> {
  const rows = await queryRows<{ loan_id: string; user_id: string | null; name: string; account_id: string; amount_kobo: string | number }>(
    db,
    sql`select g.loan_id::text, a.user_id, coalesce(u.name, a.holder_name) as name, g.account_id::text, g.amount_kobo
        from loan_guarantors g
        join loans l on l.id = g.loan_id
        join savings_accounts a on a.id = g.account_id
        left join users u on u.id = a.user_id
        where g.status = 'accepted' and g.loan_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(loanIds)}::jsonb))
        order by l.seq, g.amount_kobo desc, lower(coalesce(u.name, a.holder_name)), g.account_id`,
  );
  return rows.map((row) => ({ loanId: row.loan_id, userId: row.user_id ?? '', name: row.name, accountId: row.account_id, guaranteedKobo: koboFromDb(row.amount_kobo) }));
}

async function nomineesOf(db: Db, userIds: readonly string[]): Promise<Map<string, ExitNomineeInput[]>> {
  const rows = await queryRows<{ user_id: string; name: string; relationship: string; phone: string; share_bp: number }>(
    db,
    sql`select user_id, name, relationship, phone, share_bp from member_nominees
        where user_id in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)) order by user_id, position`,
  );
  const byUser = new Map<string, ExitNomineeInput[]>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), { name: row.name, relationship: row.relationship, phone: row.phone, shareBp: Number(row.share_bp) }]);
  return byUser;
}

/**
 * What stops a statement from being approved or settled (issue 32, steps 2–4), in the order an
 * officer meets them: a guarantee the member gives still open; a shortfall with no usable choice;
 * a guarantor who cannot spare their share (their savings less everything else holding them, on
 * the settlement date as on every later day); a death without nominees adding to 100%.
 */
export async function refuseUnsettleable(db: Db, exit: ExitRow, worked: WorkedStatement): Promise<void> {
  await refuseUnsettleableAll(db, [{ exit, worked }]);
}

/** The same for many exits at once (a batch): the first refusal met stops them all. */
export async function refuseUnsettleableAll(db: Db, items: readonly { exit: ExitRow; worked: WorkedStatement }[]): Promise<void> {
  if (items.length === 0) return;
  const binding = GUARANTEE_BINDING_STATUSES;
  const [open] = await queryRows<{ user_id: string }>(
    db,
    sql`select a.user_id from savings_accounts a
        join loan_guarantors g on g.account_id = a.id and g.status = 'accepted'
        join loans l on l.id = g.loan_id and l.status in ${binding}
        where a.user_id in (select jsonb_array_elements_text(${JSON.stringify(items.map((item) => item.exit.userId))}::jsonb)) and ${ordinaryAccountSql('a')}
        limit 1`,
  );
  if (open) throw new AppError('EXIT_GUARANTEES_OPEN');
  // The member's own application not yet paid out: the statement has nothing of it to pay off, and
  // paying it after the member left would lend to someone who is gone.
  const [applied] = await queryRows<{ user_id: string }>(
    db,
    sql`select a.user_id from loans l join savings_accounts a on a.id = l.account_id
        where l.status in ${PENDING_LOAN_STATUSES}
          and a.user_id in (select jsonb_array_elements_text(${JSON.stringify(items.map((item) => item.exit.userId))}::jsonb))
        limit 1`,
  );
  if (applied) throw new AppError('EXIT_LOAN_APPLICATION_OPEN');
  for (const { exit, worked } of items) {
    const shortfall = exitShortfallProblem(worked.statement, worked.guarantorCount);
    if (shortfall) throw new AppError('EXIT_SHORTFALL', { message: shortfall });
    if (exit.reason === 'death' && (worked.statement.payees.reduce((sum, payee) => sum + payee.shareBp, 0) !== 10_000 || worked.statement.payees.every((payee) => payee.relationship === null))) {
      throw new AppError('EXIT_NOMINEES_MISSING');
    }
  }
  const recoveries = items.flatMap(({ worked }) => worked.statement.recoveries.map((recovery) => ({ ...recovery, settlementDate: worked.statement.settlementDate })));
  if (recoveries.length > 0) await refuseShortGuarantors(db, recoveries);
}

async function refuseShortGuarantors(db: Db, recoveries: readonly (ExitRecovery & { settlementDate: IsoDate })[]): Promise<void> {
  const asked = new Map<string, { name: string; amountKobo: number; releasedKobo: number; day: IsoDate }>();
  for (const recovery of recoveries) {
    const own = asked.get(recovery.accountId) ?? { name: recovery.name, amountKobo: 0, releasedKobo: 0, day: recovery.settlementDate };
    own.amountKobo += recovery.amountKobo;
    // This guarantee holds their savings until the loan is paid off by this very settlement.
    own.releasedKobo += recovery.guaranteedKobo;
    if (recovery.settlementDate < own.day) own.day = recovery.settlementDate;
    asked.set(recovery.accountId, own);
  }
  const input = JSON.stringify([...asked].map(([accountId, own]) => ({ account_id: accountId, amount_kobo: own.amountKobo, released_kobo: own.releasedKobo, day: own.day })));
  const rows = await queryRows<{ account_id: string; spare_kobo: string | number; short_day: string | null }>(
    db,
    sql`select i.account_id::text, greatest(a.balance_kobo - ${heldKoboSql(sql`a.id`)} + i.released_kobo, 0) as spare_kobo,
               ${firstDayBelowZeroSql(sql`a.id`, sql`a.balance_kobo`, sql`i.day`, sql`-i.amount_kobo`)} as short_day
        from json_to_recordset(${input}::json) as i(account_id uuid, amount_kobo bigint, released_kobo bigint, day date)
        join savings_accounts a on a.id = i.account_id`,
  );
  for (const row of rows) {
    const own = asked.get(row.account_id);
    if (!own) continue;
    const spare = koboFromDb(row.spare_kobo);
    if (spare < own.amountKobo || row.short_day !== null) {
      // Enough today but not on the settlement date (savings valued later): nothing can be taken on that day.
      const shown = spare < own.amountKobo ? spare : 0;
      throw new AppError('EXIT_GUARANTOR_SHORT', {
        message: `${own.name} can spare ${formatNaira(shown)} of the ${formatNaira(own.amountKobo)} asked of them: the shortfall cannot be recovered from the guarantors. The member must pay it in.`,
      });
    }
  }
}
