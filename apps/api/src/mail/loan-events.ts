import { asc, inArray, sql } from 'drizzle-orm';
import { outstandingTotal, positionAfter, type InstalmentPosition, type IsoDate, type Kobo, type LoanPosition, type MailKind, type RepaymentAllocation } from '@kobo/core';
import { queryRows, type Transaction } from '../db/client.ts';
import { loanInstalments, loanTransactions } from '../db/schema.ts';
import { positionOf } from '../modules/loans/loan-views.ts';
import { loanEventMail, type LoanEvent } from './loan-event-mail.ts';
import { postedByLine, savingsPage } from './mail-format.ts';
import { enqueueMail, type QueuedMail } from './outbox.ts';

const KIND: MailKind = 'loans';

type EntryRow = typeof loanTransactions.$inferSelect;

/**
 * Where the loan stood just after `entry`: its ledger replayed from the schedule, up to the entry
 * (and, for a payout, the fee charged with it), with core's positionAfter and outstandingTotal,
 * so the figure is exact however late the notice is read. Before a payout, or once it is
 * reversed, nothing is owed.
 */
export function outstandingAfter(entry: EntryRow, ledger: readonly EntryRow[], schedule: readonly InstalmentPosition[], overpayment: LoanPosition['overpayment']): Kobo {
  const index = ledger.findIndex((row) => row.id === entry.id);
  const next = ledger[index + 1];
  // A payout and its fee are written by one statement; the payout's mail tells of both.
  const last = entry.type === 'disbursement' && next?.type === 'fee' && (next.reversesId === null) === (entry.reversesId === null) ? index + 1 : index;
  let paidOut = false;
  let position: LoanPosition = {
    feeOutstanding: 0 as Kobo,
    instalments: schedule.map((row) => ({ ...row, principalPaid: 0 as Kobo, interestPaid: 0 as Kobo, interestWaived: 0 as Kobo })),
    overpayment,
  };
  for (const row of ledger.slice(0, last + 1)) {
    const sign = row.reversesId ? -1 : 1;
    if (row.type === 'disbursement') paidOut = sign === 1;
    else if (row.type === 'fee') position = { ...position, feeOutstanding: (position.feeOutstanding + sign * row.amountKobo) as Kobo };
    else position = positionAfter(position, row.allocation as RepaymentAllocation, sign);
  }
  return paidOut ? outstandingTotal(position) : (0 as Kobo);
}

type BorrowerRow = {
  loan_id: string;
  product_name: string;
  principal_kobo: string | number;
  fee_kobo: string | number;
  overpayment: LoanPosition['overpayment'];
  holder_id: string;
  holder_name: string;
  holder_email: string;
  holder_role: string;
};

function eventOf(entry: EntryRow, original: EntryRow | undefined, feeKobo: Kobo): LoanEvent | null {
  const amountKobo = entry.amountKobo as Kobo;
  if (entry.type === 'fee') return null;
  if (!entry.reversesId) {
    return entry.type === 'disbursement' ? { kind: 'disbursement', amountKobo, feeKobo, valueDate: entry.valueDate } : { kind: 'repayment', amountKobo, valueDate: entry.valueDate };
  }
  const reason = entry.reason ?? '';
  if (entry.type === 'disbursement') return { kind: 'disbursement_reversed', amountKobo, valueDate: entry.valueDate, reason };
  return { kind: 'repayment_reversed', amountKobo, originalValueDate: (original?.valueDate ?? entry.valueDate) as IsoDate, valueDate: entry.valueDate, reason };
}

/**
 * The borrower's mail for each of these loan ledger entries: a payout (with its fee), a repayment,
 * or a reversal of either. A fee entry gets none of its own; nor does a borrower whose user
 * record is gone or who turned loan mail off.
 */
export async function loanEventMails(tx: Transaction, entryIds: readonly string[], appUrl: string): Promise<QueuedMail[]> {
  if (entryIds.length === 0) return [];
  const entries = await tx.select().from(loanTransactions).where(inArray(loanTransactions.id, [...entryIds])).orderBy(asc(loanTransactions.seq));
  const loanIds = [...new Set(entries.filter((entry) => entry.type !== 'fee').map((entry) => entry.loanId))];
  if (loanIds.length === 0) return [];
  const borrowers = await borrowersToTell(tx, loanIds);
  const told = new Map(borrowers.map((row) => [row.loan_id, row]));
  const toldIds = [...told.keys()];
  if (toldIds.length === 0) return [];
  const ledgers = await tx.select().from(loanTransactions).where(inArray(loanTransactions.loanId, toldIds)).orderBy(asc(loanTransactions.seq));
  const schedules = await tx.select().from(loanInstalments).where(inArray(loanInstalments.loanId, toldIds)).orderBy(asc(loanInstalments.number));
  const posters = await queryRows<{ id: string; name: string }>(tx, sql`
    select id, name from users where id in (select value from jsonb_array_elements_text(${JSON.stringify([...new Set(entries.map((entry) => entry.createdById))])}::jsonb))`);
  const posterName = new Map(posters.map((row) => [row.id, row.name]));

  return entries.flatMap((entry): QueuedMail[] => {
    const borrower = told.get(entry.loanId);
    if (!borrower) return [];
    const ledger = ledgers.filter((row) => row.loanId === entry.loanId);
    const event = eventOf(entry, ledger.find((row) => row.id === entry.reversesId), Number(borrower.fee_kobo) as Kobo);
    if (!event) return [];
    const schedule = schedules.filter((row) => row.loanId === entry.loanId).map(positionOf);
    return [
      {
        kind: 'loan.event',
        message: loanEventMail({
          borrower: { name: borrower.holder_name, email: borrower.holder_email },
          productName: borrower.product_name,
          principalKobo: Number(borrower.principal_kobo) as Kobo,
          event,
          outstandingKobo: outstandingAfter(entry, ledger, schedule, borrower.overpayment),
          postedBy: postedByLine({ id: entry.createdById, name: posterName.get(entry.createdById) ?? null, email: entry.createdByEmail }, borrower.holder_id),
          loansLink: savingsPage(appUrl, borrower.holder_role),
          appUrl,
        }),
      },
    ];
  });
}

/** The borrower's write-off mail, queued in the write-off's own transaction (a write-off posts no ledger entry). */
export async function queueWriteOffMail(
  tx: Transaction,
  writeOff: { loanId: string; writtenOffKobo: Kobo; on: IsoDate; reason: string; by: { id: string; name: string; email: string } },
  appUrl: string,
): Promise<void> {
  const [borrower] = await borrowersToTell(tx, [writeOff.loanId]);
  if (!borrower) return;
  await enqueueMail(
    tx,
    'loan.event',
    loanEventMail({
      borrower: { name: borrower.holder_name, email: borrower.holder_email },
      productName: borrower.product_name,
      principalKobo: Number(borrower.principal_kobo) as Kobo,
      event: { kind: 'written_off', writtenOffKobo: writeOff.writtenOffKobo, on: writeOff.on, reason: writeOff.reason },
      outstandingKobo: 0 as Kobo,
      postedBy: postedByLine(writeOff.by, borrower.holder_id),
      loansLink: savingsPage(appUrl, borrower.holder_role),
      appUrl,
    }),
  );
}

/** The borrowers of these loans who are to hear of them: their user record remains and loan mail is on. */
async function borrowersToTell(tx: Transaction, loanIds: readonly string[]): Promise<BorrowerRow[]> {
  return queryRows<BorrowerRow>(tx, sql`
    select l.id as loan_id, l.product_name, l.principal_kobo, l.fee_kobo, l.overpayment,
           holder.id as holder_id, holder.name as holder_name, holder.email as holder_email, holder.role as holder_role
    from loans l
    join savings_accounts a on a.id = l.account_id
    join users holder on holder.id = a.user_id
    where l.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(loanIds)}::jsonb))
      and not (${KIND} = any(holder.mail_opt_outs))`);
}
