import { sql } from 'drizzle-orm';
import { INFLOW_TYPES, yearBalancesByDay, yearCalendar, type DayChange, type FinancialYear, type YearBalances } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

/** 'dividend' (every shares product of the member, merged: the dividend is one amount), or 'interest:<product id>'. */
export type MemberYear = { userId: string; part: string; balances: YearBalances };

type Row = { user_id: string; part: string; moves: string };

const inflow = sql.raw(INFLOW_TYPES.map((type) => `'${type}'`).join(', '));

/**
 * Every member's year in the run's products, by value date (docs/decisions/049-year-end-run.md):
 * ONE statement answers, per account, the balance before the year (day -1) and the net movement
 * of each day of the year, as 'day:kobo,…': 10,000 members' 250,000 postings arrive
 * as 20,000 short strings, and no date is parsed. The postings are grouped by account id and day
 * (no text sort over every posting), and only then named by member and part. A posting reversed
 * and its reversal are both left out (they net out, whatever day the reversal was valued). A
 * member's several shares products are one dividend: their days are summed here. A closed
 * account (its holder left, issue 32) has no year: it takes no posting, and its exit settled it.
 */
export async function readMemberYears(
  db: Database | Transaction,
  year: FinancialYear,
  parts: { isDividend: boolean; interestProductIds: readonly string[] },
): Promise<MemberYear[]> {
  const rows = await queryRows<Row>(
    db,
    sql`with accounts as (
          select a.id, a.user_id, case when p.kind = 'shares' then 'dividend' else 'interest:' || p.id::text end as part
          from savings_accounts a join savings_products p on p.id = a.product_id
          where a.user_id is not null
            -- A member who left was settled in full on exit (interest to the exit date where the by-laws pay it, decision 051): no line.
            and a.closed_at is null
            and ((p.kind = 'shares' and ${parts.isDividend}) or p.id::text in (select jsonb_array_elements_text(${JSON.stringify(parts.interestProductIds)}::jsonb)))
        ),
        days as (
          select t.account_id, greatest(t.value_date - ${year.from}::date, -1) as day,
                 sum(case when t.type in (${inflow}) then t.amount_kobo else -t.amount_kobo end) as kobo
          from savings_transactions t
          join accounts c on c.id = t.account_id
          where t.value_date <= ${year.to}::date
            and t.reverses_id is null
            and not exists (select 1 from savings_transactions r where r.reverses_id = t.id)
          group by 1, 2
        ),
        -- Unordered: each account's dozen days are put in order as they are read, not by a sort over all of them.
        moves as (
          select account_id, string_agg(day::text || ':' || kobo::text, ',') as moves from days group by 1
        )
        select c.user_id, c.part, m.moves from moves m join accounts c on c.id = m.account_id`,
  );
  const calendar = yearCalendar(year);
  const byMember = new Map<string, { userId: string; part: string; moves: string[] }>();
  for (const row of rows) {
    const key = `${row.user_id}\n${row.part}`;
    const member = byMember.get(key);
    if (member) member.moves.push(row.moves);
    else byMember.set(key, { userId: row.user_id, part: row.part, moves: [row.moves] });
  }
  return [...byMember.values()].map((member) => {
    const { openingKobo, changes } = member.moves.length === 1 ? parseMoves(member.moves[0] as string) : mergeMoves(member.moves);
    return { userId: member.userId, part: member.part, balances: yearBalancesByDay(calendar, openingKobo, changes) };
  });
}

/** '104:1000000,-1:2000000' → the opening balance and the year's day changes, put in day order. */
function parseMoves(moves: string): { openingKobo: number; changes: DayChange[] } {
  let openingKobo = 0;
  const changes: DayChange[] = [];
  for (const move of moves.split(',')) {
    const colon = move.indexOf(':');
    const day = Number(move.slice(0, colon));
    const amountKobo = Number(move.slice(colon + 1));
    if (day < 0) openingKobo = amountKobo;
    else changes.push({ day, amountKobo });
  }
  const isOrdered = changes.every((change, index) => index === 0 || (changes[index - 1] as DayChange).day < change.day);
  return { openingKobo, changes: isOrdered ? changes : changes.toSorted((a, b) => a.day - b.day) };
}

/** Several accounts' days summed into one (a member holding more than one shares product). */
function mergeMoves(all: readonly string[]): { openingKobo: number; changes: DayChange[] } {
  let openingKobo = 0;
  const byDay = new Map<number, number>();
  for (const moves of all) {
    const parsed = parseMoves(moves);
    openingKobo += parsed.openingKobo;
    for (const change of parsed.changes) byDay.set(change.day, (byDay.get(change.day) ?? 0) + change.amountKobo);
  }
  return { openingKobo, changes: [...byDay].map(([day, amountKobo]) => ({ day, amountKobo })).toSorted((a, b) => a.day - b.day) };
}
