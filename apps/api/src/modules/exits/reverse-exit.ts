import { eq, sql } from 'drizzle-orm';
import { AppError, calendarDate, isUuid, type ExitStatement, type ExitView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows } from '../../db/client.ts';
import { memberExits } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { insertEntry } from '../ledger/journal-writes.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { reverseLoanRepayments } from '../loans/reverse-loan-repayments.ts';
import { reversePostings } from '../savings/reverse-postings.ts';
import type { ExitDeps } from './exits.routes.ts';
import { readExitRow, toExitView } from './exit-store.ts';
import { EXIT_INTEREST_DESCRIPTION, EXIT_WITHDRAWAL_DESCRIPTION, recoveryDescription } from './settle-exit.ts';

/**
 * Reverses a settlement as a whole (issue 32, step 5): only a settled exit not yet paid out, and
 * only while today is in the settlement date's month. The member's accounts and sign-in are
 * reopened first (a closed account refuses every posting, its reversal's too); then, under
 * journal_by_caller, every savings row of the settlement is reversed (as a savings reversal writes
 * them) and each loan payoff undone (the instalments, fee and status put back), valued on the
 * settlement date as they were; and ONE entry negates the settlement's. The member may give notice again.
 */
export async function reverseExit(deps: ExitDeps, actor: Actor, id: string, reason: string, key: IdempotencyKey | null): Promise<IdempotentResult<ExitView>> {
  if (!isUuid(id)) throw new AppError('EXIT_NOT_FOUND');
  return postIdempotently(deps.db, key, async (tx) => {
    const row = await readExitRow(tx, id, true);
    const today = calendarDate(deps.now(), deps.timeZone);
    if (row.status !== 'settled' || !row.settlementDate || !row.settledAt || row.settlementDate.slice(0, 7) !== today.slice(0, 7)) throw new AppError('EXIT_CANNOT_REVERSE');
    const statement = row.statement as ExitStatement;
    const at = deps.now();
    const valueDate = row.settlementDate;
    await tx.execute(sql`update savings_accounts set closed_at = null where user_id = ${row.userId}`);
    await tx.execute(sql`update users set active = true, updated_at = ${at.toISOString()} where id = ${row.userId}`);
    const memberAccounts = statement.products.map((product) => product.accountId);
    const guarantorAccounts = statement.recoveries.map((recovery) => recovery.accountId);
    const savingsRows = await queryRows<{ id: string }>(
      tx,
      sql`select t.id::text from savings_transactions t
          where t.created_at = ${row.settledAt.toISOString()} and t.value_date = ${valueDate}::date and t.reverses_id is null and t.batch_id is null
            and ((t.account_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(memberAccounts)}::jsonb))
                  and t.description in (${EXIT_INTEREST_DESCRIPTION}, ${EXIT_WITHDRAWAL_DESCRIPTION}))
              or (t.account_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(guarantorAccounts)}::jsonb))
                  and t.type = 'withdrawal' and t.description = ${recoveryDescription(row.holderName)}))
          order by t.seq`,
    );
    const loanRows = await queryRows<{ id: string }>(
      tx,
      sql`select t.id::text from loan_transactions t
          where t.type = 'repayment' and t.created_at = ${row.settledAt.toISOString()} and t.reverses_id is null
            and t.loan_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(statement.loans.map((loan) => loan.loanId))}::jsonb))
          order by t.seq`,
    );
    await tx.execute(sql`select set_config('kobo.journal_by_caller', 'exit', true)`);
    if (savingsRows.length > 0) await reversePostings(tx, { actor, originalIds: savingsRows.map((posting) => posting.id), reason, valueDate, at });
    await reverseLoanRepayments(tx, { actor, originalIds: loanRows.map((repayment) => repayment.id), reason, valueDate, at });
    await tx.execute(sql`select set_config('kobo.journal_by_caller', '', true)`);
    let reversalEntryId: string | null = null;
    if (row.entryId) {
      const lines = await queryRows<{ account_id: string; subledger_id: string | null; amount_kobo: string | number }>(
        tx,
        sql`select account_id::text, subledger_id::text, amount_kobo from journal_lines where entry_id = ${row.entryId} order by line_no`,
      );
      reversalEntryId = await insertEntry(tx, {
        book: 'scheme',
        valueDate,
        sourceType: 'exit',
        sourceId: id,
        reversesEntryId: row.entryId,
        narration: `Reversal · Exit · ${row.holderName} · ${reason}`,
        createdById: actor.id,
        lines: lines.map((line) => ({ accountId: line.account_id, subledgerId: line.subledger_id, amountKobo: -Number(line.amount_kobo) })),
      });
    }
    const [reversed] = await tx
      .update(memberExits)
      .set({ status: 'reversed', reversedByName: actor.name, reversedAt: at, reversalReason: reason, reversalEntryId, updatedAt: at })
      .where(eq(memberExits.id, id))
      .returning();
    if (!reversed) throw new AppError('EXIT_NOT_FOUND');
    await recordAudit(tx, {
      kind: 'exit.reversed',
      actor,
      target: { type: 'member_exit', id, label: `Exit · ${row.holderName}` },
      people: [row.userId, ...statement.recoveries.map((recovery) => recovery.userId)],
      before: { status: 'settled' },
      after: { status: 'reversed', reason, valueDate, reversalEntryId, savingsRows: savingsRows.length, loanRepayments: loanRows.length },
      at,
    });
    return toExitView(reversed);
  });
}
