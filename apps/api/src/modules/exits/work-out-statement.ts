import { sql } from 'drizzle-orm';
import {
  AppError,
  buildExitStatement,
  exitShortfallProblem,
  formatNaira,
  MESSAGES,
  type ExitGuarantorInput,
  type ExitLoanPayoff,
  type ExitNomineeInput,
  type ExitProductInput,
  type ExitStatement,
  type IsoDate,
  type ShortfallChoice,
} from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { heldKoboSql } from '../ledger/lien-sql.ts';
import { firstDayBelowZeroSql } from '../ledger/ledger-sql.ts';
import { activeLoansOf } from '../loans/active-loan-positions.ts';
import type { ExitRow } from './exit-store.ts';
import { readExitSettings } from './exit-settings.ts';
import { guaranteesGivenBy } from './read-exit.ts';

type Db = Database | Transaction;

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
  const { settlementDate } = request;
  if (settlementDate < exit.earliestSettlementDate || settlementDate > options.today) {
    throw new AppError('VALIDATION', { message: MESSAGES.exitSettlementDateInvalid, field: 'settlementDate' });
  }
  const settings = await readExitSettings(db);
  const accounts = await queryRows<AccountRow>(
    db,
    sql`select a.id::text, a.product_id::text, p.name, p.kind, a.balance_kobo
        from savings_accounts a join savings_products p on p.id = a.product_id
        where a.user_id = ${exit.userId}
        order by case p.kind when 'ordinary' then 0 when 'shares' then 1 else 2 end, lower(p.name), a.id`,
  );
  const accountIds = accounts.map((account) => account.id);
  if (accountIds.length > 0) {
    const [later] = await queryRows<{ id: string }>(
      db,
      sql`select id from savings_transactions where account_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(accountIds)}::jsonb)) and value_date > ${settlementDate}::date limit 1`,
    );
    if (later) throw new AppError('VALIDATION', { message: MESSAGES.exitPostingsAfterSettlement, field: 'settlementDate' });
  }
  const rates = settings.proRata ? await proRataRates(db, settlementDate) : null;
  const products: ExitProductInput[] = accounts.map((account) => {
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
  const byAccount = await activeLoansOf(db, accountIds, { lock: options.lockLoans ?? false });
  const active = [...byAccount.values()].flat();
  const names = active.length === 0 ? [] : await queryRows<{ id: string; product_name: string; seq: string | number }>(
    db,
    sql`select id::text, product_name, seq from loans where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(active.map((loan) => loan.loanId))}::jsonb))`,
  );
  const nameOf = new Map(names.map((row) => [row.id, row]));
  const loans = active
    .map((loan) => ({ loanId: loan.loanId, productName: nameOf.get(loan.loanId)?.product_name ?? '', position: loan.position, seq: Number(nameOf.get(loan.loanId)?.seq ?? 0) }))
    .toSorted((a, b) => a.seq - b.seq)
    .map(({ seq: _seq, ...loan }) => loan);
  const guarantors = loans.length === 0 ? [] : await guarantorsOf(db, loans.map((loan) => loan.loanId));
  const nominees = exit.reason === 'death' ? await nomineesOf(db, exit.userId) : [];
  const { statement, payoffs } = buildExitStatement({
    reason: exit.reason,
    holderName: exit.holderName,
    settlementDate,
    products,
    loans,
    exitFeeKobo: settings.exitFeeKobo,
    shortfallChoice: request.shortfallChoice,
    guarantors,
    nominees,
  });
  return { statement, payoffs, guarantorCount: guarantors.length };
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

async function nomineesOf(db: Db, userId: string): Promise<ExitNomineeInput[]> {
  const rows = await queryRows<{ name: string; relationship: string; phone: string; share_bp: number }>(
    db,
    sql`select name, relationship, phone, share_bp from member_nominees where user_id = ${userId} order by position`,
  );
  return rows.map((row) => ({ name: row.name, relationship: row.relationship, phone: row.phone, shareBp: Number(row.share_bp) }));
}

/**
 * What stops a statement from being approved or settled (issue 32, steps 2–4), in the order an
 * officer meets them: a guarantee the member gives still open; a shortfall with no usable choice;
 * a guarantor who cannot spare their share (their savings less everything else holding them, on
 * the settlement date as on every later day); a death without nominees adding to 100%.
 */
export async function refuseUnsettleable(db: Db, exit: ExitRow, worked: WorkedStatement): Promise<void> {
  const guarantees = await guaranteesGivenBy(db, exit.userId);
  if (guarantees.some((guarantee) => guarantee.state === 'open' || guarantee.state === 'replacement_asked')) throw new AppError('EXIT_GUARANTEES_OPEN');
  const { statement } = worked;
  const shortfall = exitShortfallProblem(statement, worked.guarantorCount);
  if (shortfall) throw new AppError('EXIT_SHORTFALL', { message: shortfall });
  if (statement.recoveries.length > 0) await refuseShortGuarantors(db, statement);
  if (exit.reason === 'death' && statement.payees.reduce((sum, payee) => sum + payee.shareBp, 0) !== 10_000) throw new AppError('EXIT_NOMINEES_MISSING');
  if (exit.reason === 'death' && statement.payees.length === 1 && statement.payees[0]?.relationship === null) throw new AppError('EXIT_NOMINEES_MISSING');
}

async function refuseShortGuarantors(db: Db, statement: ExitStatement): Promise<void> {
  const asked = new Map<string, { name: string; amountKobo: number; releasedKobo: number }>();
  for (const recovery of statement.recoveries) {
    const own = asked.get(recovery.accountId) ?? { name: recovery.name, amountKobo: 0, releasedKobo: 0 };
    own.amountKobo += recovery.amountKobo;
    // This guarantee holds their savings until the loan is paid off by this very settlement.
    own.releasedKobo += recovery.guaranteedKobo;
    asked.set(recovery.accountId, own);
  }
  const input = JSON.stringify([...asked].map(([accountId, own]) => ({ account_id: accountId, amount_kobo: own.amountKobo, released_kobo: own.releasedKobo })));
  const rows = await queryRows<{ account_id: string; spare_kobo: string | number; short_day: string | null }>(
    db,
    sql`select i.account_id::text, greatest(a.balance_kobo - ${heldKoboSql(sql`a.id`)} + i.released_kobo, 0) as spare_kobo,
               ${firstDayBelowZeroSql(sql`a.id`, sql`a.balance_kobo`, sql`${statement.settlementDate}::date`, sql`-i.amount_kobo`)} as short_day
        from jsonb_to_recordset(${input}::jsonb) as i(account_id uuid, amount_kobo bigint, released_kobo bigint)
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
