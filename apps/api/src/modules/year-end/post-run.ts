import { eq, sql } from 'drizzle-orm';
import { AppError, isUuid, type YearEndLine, type YearEndRun } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { savingsBatches, yearEndRuns } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { insertEntry, mappedAccounts } from '../ledger/journal-writes.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { assertYearOpen, isYearPosted, partTotals, readFrozenLines, readRunRow, toRunView } from './run-store.ts';
import { yearEndMail } from './year-end-mail.ts';

/** One posting of a year at a time, so two runs of one year cannot both find it unposted. */
const YEAR_LOCK = 0x6b6f7965; // 'koye'

/**
 * Posts an approved run, all or nothing, once per year (issue 31, "The run" 5; decision 049):
 * a year-end batch paying every member's net into their account, valued the year's last day, as
 * ONE journal entry (Dr Surplus, Cr each product's control account; the override makes the savings
 * trigger take Surplus for these interest rows); ONE entry for the rest (Dr Surplus; Cr Reserve,
 * the funds, withholding tax payable and the rounding); a mail to each member; an audit entry.
 */
export async function postRun(deps: SavingsDeps, actor: Actor, id: string, key: IdempotencyKey | null): Promise<IdempotentResult<YearEndRun>> {
  if (!isUuid(id)) throw new AppError('YEAR_END_RUN_NOT_FOUND');
  return postIdempotently(deps.db, key, async (tx) => {
    const row = await readRunRow(tx, id, true);
    await tx.execute(sql`select pg_advisory_xact_lock(${YEAR_LOCK}, ${row.year})`);
    if (row.status === 'posted') throw new AppError('YEAR_END_ALREADY_POSTED');
    if (row.status !== 'approved') throw new AppError('YEAR_END_RUN_NOT_APPROVED');
    await assertYearOpen(tx, row.year);
    if (await isYearPosted(tx, row.year)) throw new AppError('YEAR_END_ALREADY_POSTED');
    const run = toRunView(row);
    const lines = await readFrozenLines(tx, id);
    const at = deps.now();
    const batchId = await payMembers(tx, actor, run, lines, at);
    const entryId = await postAppropriationEntry(tx, actor, run, lines);
    await tellMembers(tx, run.year, lines);
    const [posted] = await tx
      .update(yearEndRuns)
      .set({ status: 'posted', postedById: actor.id, postedByName: actor.name, postedAt: at, updatedAt: at, batchId, entryId })
      .where(eq(yearEndRuns.id, id))
      .returning();
    if (!posted) throw new AppError('YEAR_END_RUN_NOT_FOUND');
    const netKobo = lines.reduce((sum, line) => sum + line.netKobo, 0);
    await recordAudit(tx, {
      kind: 'yearend.run_posted',
      actor,
      target: { type: 'year_end_run', id, label: `Year end ${run.year}` },
      people: [...new Set(lines.map((line) => line.userId))],
      before: { status: 'approved' },
      after: { status: 'posted', batchId, entryId, lines: lines.length, netKobo, valueDate: run.to },
      at,
    });
    return toRunView(posted);
  });
}

/** The batch and its ledger rows in ONE statement, so the savings trigger writes one entry for them all. */
async function payMembers(tx: Transaction, actor: Actor, run: YearEndRun, lines: readonly YearEndLine[], at: Date): Promise<string | null> {
  const paid = lines.filter((line) => line.netKobo > 0);
  if (paid.length === 0) return null;
  const [batch] = await tx
    .insert(savingsBatches)
    .values({
      kind: 'year_end',
      month: run.to.slice(0, 7),
      valueDate: run.to,
      description: `Dividend and interest ${run.year}`,
      rowCount: paid.length,
      depositKobo: paid.reduce((sum, line) => sum + line.netKobo, 0),
      withdrawalKobo: 0,
      postedById: actor.id,
      postedByName: actor.name,
      postedByEmail: actor.email,
      postedAt: at,
    })
    .returning({ id: savingsBatches.id });
  if (!batch) throw new Error('the batch row was not written');
  // Accounts in id order, as every posting locks them, so this queues behind a posting instead of deadlocking.
  await tx.execute(sql`select a.id from savings_accounts a where a.id in (select account_id from year_end_lines where run_id = ${run.id}) order by a.id for no key update`);
  // The members hear of it in the year-end mail with their lines, not as a bare receipt per row:
  // the posting rule writes no notices for this statement (migration 0032).
  await tx.execute(sql`select set_config('kobo.savings_counter_key', 'yearend.appropriation', true), set_config('kobo.quiet_postings', 'on', true)`);
  const [written] = await queryRows<{ written: string | number }>(
    tx,
    sql`with input as materialized (
          select l.account_id, l.net_kobo, l.line_no,
                 case when l.part = 'dividend' then 'Dividend on shares ' || ${String(run.year)} else 'Interest on ' || l.label || ' ' || ${String(run.year)} end as description
          from year_end_lines l where l.run_id = ${run.id} and l.net_kobo > 0
        ),
        moved as (
          update savings_accounts a set balance_kobo = a.balance_kobo + i.kobo, last_updated = ${at.toISOString()}
          from (select account_id, sum(net_kobo) as kobo from input group by account_id) i
          where a.id = i.account_id
          returning a.id
        ),
        written as (
          insert into savings_transactions (account_id, type, amount_kobo, description, created_by_id, created_by_email, processed_by_email, created_at, value_date, batch_id)
          select i.account_id, 'interest', i.net_kobo, i.description, ${actor.id}, ${actor.email}, ${actor.email}, ${at.toISOString()}, ${run.to}::date, ${batch.id}::uuid
          from input i order by i.line_no
          returning id
        )
        select count(*) as written from written`,
  );
  await tx.execute(sql`select set_config('kobo.savings_counter_key', '', true), set_config('kobo.quiet_postings', '', true)`);
  if (Number(written?.written) !== paid.length) throw new Error('not every year-end line was written');
  return batch.id;
}

/** Dr Surplus; Cr Reserve, the funds, withholding tax payable, and the rounding (a debit when rounding pays). */
async function postAppropriationEntry(tx: Transaction, actor: Actor, run: YearEndRun, lines: readonly YearEndLine[]): Promise<string | null> {
  const taxKobo = lines.reduce((sum, line) => sum + line.taxKobo, 0);
  const roundingKobo = partTotals(run, lines).reduce((sum, part) => sum + part.roundingKobo, 0);
  const credits = [
    { key: 'yearend.reserve', kobo: run.reserveKobo },
    { key: 'yearend.education_fund', kobo: run.educationFundKobo },
    { key: 'yearend.welfare_fund', kobo: run.welfareFundKobo },
    { key: 'yearend.withholding_tax', kobo: taxKobo },
    { key: 'yearend.rounding', kobo: roundingKobo },
  ].filter((credit) => credit.kobo !== 0);
  if (credits.length === 0) return null;
  const surplusKobo = credits.reduce((sum, credit) => sum + credit.kobo, 0);
  const accounts = await mappedAccounts(tx, ['yearend.appropriation', ...credits.map((credit) => credit.key)]);
  const account = (key: string) => accounts.get(key) as string;
  const entryLines = [
    ...(surplusKobo === 0 ? [] : [{ accountId: account('yearend.appropriation'), amountKobo: surplusKobo }]),
    ...credits.map((credit) => ({ accountId: account(credit.key), amountKobo: -credit.kobo })),
  ];
  return insertEntry(tx, {
    book: 'scheme',
    valueDate: run.to,
    sourceType: 'year_end',
    sourceId: run.id,
    narration: `Year end ${run.year} · appropriation`,
    createdById: actor.id,
    lines: entryLines,
  });
}

/**
 * One mail per member with their lines, unless they turned postings mail off. Each member's lines
 * carry the name frozen at approval; the address and the choice are read as the mails are written,
 * in the same statement (one JSON parameter: 10,000 mails as separate parameters would pass the
 * driver's 65,535 and cost a second; reading the 10,000 people first cost another round trip).
 */
async function tellMembers(tx: Transaction, year: number, lines: readonly YearEndLine[]): Promise<void> {
  const byUser = new Map<string, YearEndLine[]>();
  for (const line of lines) {
    const own = byUser.get(line.userId) ?? [];
    own.push(line);
    byUser.set(line.userId, own);
  }
  const mails = [...byUser].map(([userId, own]) => ({ userId, ...yearEndMail((own[0] as YearEndLine).name, year, own) }));
  await tx.execute(sql`
    insert into mail_outbox (kind, to_email, subject, body)
    select 'yearend.line', u.email, m.subject, m.text
    from json_to_recordset(${JSON.stringify(mails)}::json) as m("userId" text, subject text, text text)
    join users u on u.id = m."userId"
    where not ('postings' = any(u.mail_opt_outs))`);
}
