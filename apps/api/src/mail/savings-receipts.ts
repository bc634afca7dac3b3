import { sql } from 'drizzle-orm';
import type { IsoDate, Kobo, MailKind, SavingsTransactionType } from '@kobo/core';
import { queryRows, type Transaction } from '../db/client.ts';
import { signedAmountSql } from '../modules/ledger/ledger-sql.ts';
import { postedByLine, savingsPage } from './mail-format.ts';
import type { QueuedMail } from './outbox.ts';
import { postingReceiptMail } from './posting-receipt-mail.ts';

const KIND: MailKind = 'postings';

type ReceiptRow = {
  type: SavingsTransactionType;
  amount_kobo: string | number;
  value_date: IsoDate;
  description: string | null;
  counterparty_name: string | null;
  batch_description: string | null;
  reason: string | null;
  original_type: SavingsTransactionType | null;
  original_amount_kobo: string | number | null;
  original_value_date: IsoDate | null;
  original_counterparty_name: string | null;
  original_batch_description: string | null;
  balance_after: string | number;
  created_by_id: string | null;
  created_by_email: string;
  poster_name: string | null;
  holder_id: string;
  holder_name: string;
  holder_email: string;
  holder_role: string;
};

/**
 * The receipts for these savings ledger rows, one per row whose holder still has a user record
 * and has not turned receipts off. The balance after a row is the sum of its account's ledger up
 * to it in posting order (seq), with the ledger's own arithmetic (ledger-sql.ts): exact however
 * late the notice is read, since later postings do not count.
 */
export async function savingsReceipts(tx: Transaction, entryIds: readonly string[], appUrl: string): Promise<QueuedMail[]> {
  if (entryIds.length === 0) return [];
  const rows = await queryRows<ReceiptRow>(tx, sql`
    select e.type, e.amount_kobo, e.value_date::text as value_date, e.description, e.counterparty_name, b.description as batch_description, e.reason,
           o.type as original_type, o.amount_kobo as original_amount_kobo, o.value_date::text as original_value_date,
           o.counterparty_name as original_counterparty_name, ob.description as original_batch_description,
           (select sum(${signedAmountSql}) from savings_transactions
             where savings_transactions.account_id = e.account_id and savings_transactions.seq <= e.seq) as balance_after,
           e.created_by_id, e.created_by_email, poster.name as poster_name,
           holder.id as holder_id, holder.name as holder_name, holder.email as holder_email, holder.role as holder_role
    from savings_transactions e
    join savings_accounts a on a.id = e.account_id
    join users holder on holder.id = a.user_id
    left join users poster on poster.id = e.created_by_id
    left join savings_batches b on b.id = e.batch_id
    left join savings_transactions o on o.id = e.reverses_id
    left join savings_batches ob on ob.id = o.batch_id
    where e.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(entryIds)}::jsonb))
      and not (${KIND} = any(holder.mail_opt_outs))
    order by e.seq`);
  return rows.map((row) => ({
    kind: 'savings.receipt',
    message: postingReceiptMail({
      holder: { name: row.holder_name, email: row.holder_email },
      posting: {
        type: row.type,
        amountKobo: Number(row.amount_kobo) as Kobo,
        valueDate: row.value_date,
        description: row.description,
        counterpartyName: row.counterparty_name,
        batchDescription: row.batch_description,
      },
      reversal:
        row.original_type && row.reason !== null
          ? {
              original: {
                type: row.original_type,
                amountKobo: Number(row.original_amount_kobo) as Kobo,
                valueDate: row.original_value_date as IsoDate,
                counterpartyName: row.original_counterparty_name,
                batchDescription: row.original_batch_description,
              },
              reason: row.reason,
            }
          : null,
      balanceAfterKobo: Number(row.balance_after) as Kobo,
      postedBy: postedByLine({ id: row.created_by_id, name: row.poster_name, email: row.created_by_email }, row.holder_id),
      savingsLink: savingsPage(appUrl, row.holder_role),
      appUrl,
    }),
  }));
}
