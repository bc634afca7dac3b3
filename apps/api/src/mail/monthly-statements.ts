import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, currentMonth, lastDayOfMonth, type MailKind, type PayrollMonth } from '@kobo/core';
import { queryRows, type Database } from '../db/client.ts';
import { holderRoleSql, ordinaryAccountSql } from '../modules/ledger/ledger-sql.ts';
import { savingsPage } from './mail-format.ts';
import { monthlyStatementMail } from './monthly-statement-mail.ts';
import { enqueueMails, type Outbox } from './outbox.ts';
import { statementAttachmentSpec } from './statement-attachment.ts';

const RUN = 'monthly-statements';
const KIND: MailKind = 'statements';
const HOURLY = 60 * 60 * 1000;

export type StatementRun = { period: PayrollMonth; ran: boolean; mails: number };

export type MonthlyStatements = {
  /** Runs last month's statements unless some instance already did; what it found. */
  check: () => Promise<StatementRun>;
  close: () => void;
};

/** The month before the one `now` falls in, in `timeZone`. */
export function previousMonth(now: Date, timeZone: string): PayrollMonth {
  return addDays(`${currentMonth(now, timeZone)}-01`, -1).slice(0, 7);
}

/**
 * The 1st-of-the-month statements (issue 15, docs/decisions/020-notifications.md). Every check
 * (at start-up, then hourly) asks for last month's run; the first check of a month, on any
 * instance, wins the scheduled_runs row for it, and in the same transaction queues a mail with the
 * statement attached for every holder whose savings had a posting valued in that month. Any later
 * check, here or on another instance, finds the row and does nothing; a server down on the 1st runs
 * it on its first check later that month. The clock is the app's (deps.now), so tests set the day.
 */
export function startMonthlyStatements(options: {
  db: Database;
  outbox: Pick<Outbox, 'nudge'>;
  log: FastifyBaseLogger;
  now: () => Date;
  timeZone: string;
  appUrl: string;
  /** Check hourly (the server); false: only when asked (tests). */
  hourly: boolean;
}): MonthlyStatements {
  const { db, outbox, log, timeZone, appUrl } = options;

  async function check(): Promise<StatementRun> {
    const period = previousMonth(options.now(), timeZone);
    const from = `${period}-01`;
    const to = lastDayOfMonth(period);
    const mails = await db.transaction(async (tx) => {
      const won = await queryRows<{ name: string }>(tx, sql`
        insert into scheduled_runs (name, period) values (${RUN}, ${period}) on conflict do nothing returning name`);
      if (won.length === 0) return null;
      const holders = await queryRows<{ id: string; name: string; email: string; role: string }>(tx, sql`
        select u.id, u.name, u.email, u.role
        from users u
        join savings_accounts a on a.user_id = u.id and ${ordinaryAccountSql('a')}
        where ${holderRoleSql(sql`u.role`)}
          and not (${KIND} = any(u.mail_opt_outs))
          and exists (select 1 from savings_transactions t where t.account_id = a.id and t.value_date between ${from}::date and ${to}::date)
        order by u.id`);
      await enqueueMails(
        tx,
        holders.map((holder) => ({
          kind: 'savings.statement',
          message: monthlyStatementMail({ holder, month: period, savingsLink: savingsPage(appUrl, holder.role), appUrl }),
          attachment: statementAttachmentSpec(holder.id, from, to),
        })),
      );
      await tx.execute(sql`
        update scheduled_runs set finished_at = now(), result = ${JSON.stringify({ mails: holders.length, from, to })}::jsonb
        where name = ${RUN} and period = ${period}`);
      return holders.length;
    });
    if (mails === null) return { period, ran: false, mails: 0 };
    log.info({ period, mails }, 'monthly statements queued');
    if (mails > 0) outbox.nudge();
    return { period, ran: true, mails };
  }

  const timer = options.hourly
    ? setInterval(() => void check().catch((error: unknown) => log.error({ err: error }, 'the monthly statements could not be run')), HOURLY)
    : null;
  timer?.unref();
  return {
    check,
    close: () => {
      if (timer) clearInterval(timer);
    },
  };
}
