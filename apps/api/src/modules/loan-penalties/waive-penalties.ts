import { sql } from 'drizzle-orm';
import { AppError, calendarDate, formatNaira, isUuid, type Kobo, type LoanPenaltiesView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { insertEntry, mappedAccounts } from '../ledger/journal-writes.ts';
import { openDay } from '../ledger/open-day.ts';
import type { LoanPenaltyDeps } from './loan-penalty-deps.ts';
import { readLoanPenalties } from './read-loan-penalties.ts';

/**
 * An officer waives one penalty charge, or every one the loan still owes, with a reason (issue 33):
 * what each still owed becomes waived (nothing is deleted), one entry reverses it in the books,
 * Dr Loan penalty income / Cr Penalties receivable, and the audit log keeps who, why and how much.
 * The loan's row is locked first, as a repayment locks it, so a waiver and a repayment never both
 * settle the same kobo. A loan left owing nothing at all is repaid.
 */
/** Issue 33: a murabaha's late-payment charges were owed to charity, so its waiver takes them back from Charity payable (docs/decisions/056). */
function chargeCreditKey(kind: string): string {
  return kind === 'murabaha' ? 'loans.charity_payable' : 'loans.penalty_income';
}

export async function waivePenalties(deps: LoanPenaltyDeps, actor: Actor, loanId: string, input: { chargeId?: string | null | undefined; reason: string }): Promise<LoanPenaltiesView> {
  if (!isUuid(loanId)) throw new AppError('LOAN_NOT_FOUND');
  return deps.db.transaction(async (tx) => {
    const [loan] = await queryRows<{ id: string; account_id: string; product_name: string; holder_name: string; user_id: string | null; status: string; kind: string }>(
      tx,
      sql`select l.id, l.account_id, l.product_name, a.holder_name, a.user_id, l.status, l.kind
          from loans l join savings_accounts a on a.id = l.account_id where l.id = ${loanId} for update of l`,
    );
    if (!loan) throw new AppError('LOAN_NOT_FOUND');
    const chargeId = input.chargeId ?? null;
    if (chargeId !== null) {
      const [charge] = await queryRows<{ id: string }>(tx, sql`select id from loan_penalty_charges where id = ${chargeId} and loan_id = ${loanId}`);
      if (!charge) throw new AppError('PENALTY_NOT_FOUND');
    }
    const at = deps.now();
    const valueDate = await openDay(tx, 'scheme', calendarDate(at, deps.timeZone));
    const { amount, charges } = await waiveOwedPenalties(tx, actor, { loan, chargeId, reason: input.reason, valueDate, at });
    if (amount === 0) throw new AppError('PENALTY_NOTHING_TO_WAIVE');
    // Nothing else owed (instalments and fee settled): the penalties were all that kept it open.
    if (loan.status === 'active') {
      await tx.execute(sql`
        update loans l set status = 'repaid'
        where l.id = ${loanId} and l.fee_outstanding_kobo = 0
          and not exists (select 1 from loan_instalments i where i.loan_id = l.id and (i.principal_paid_kobo < i.principal_kobo or i.interest_paid_kobo + i.interest_waived_kobo < i.interest_kobo))
          and not exists (select 1 from loan_penalty_charges c where c.loan_id = l.id and c.amount_kobo - c.paid_kobo - c.waived_kobo > 0)`);
    }
    await recordAudit(tx, {
      kind: 'loan.penalty_waived',
      actor,
      target: { type: 'loan', id: loanId, label: `${loan.product_name}: ${loan.holder_name}` },
      people: [loan.user_id],
      before: { penaltyOwedKobo: amount },
      after: { waivedKobo: amount, waived: formatNaira(amount as Kobo), charges, chargeId, reason: input.reason, valueDate },
      at,
    });
    return readLoanPenalties(tx, loanId);
  });
}

type WaivedLoan = { id: string; kind: string; holder_name: string; product_name: string };

/**
 * What the loan still owes in penalties (one charge, or all when `chargeId` is null) becomes waived,
 * in one entry, Dr Loan penalty income (Charity payable for a murabaha) / Cr Penalties receivable,
 * valued `valueDate`. Returns the amount and the charges, 0 when nothing was owed (and nothing is written). The
 * caller holds the loan's row lock and writes the audit entry: an officer's waiver, or a write-off,
 * which takes the penalties out of the books with the rest of the loan.
 */
export async function waiveOwedPenalties(
  tx: Transaction,
  actor: Actor,
  { loan, chargeId, reason, valueDate, at }: { loan: WaivedLoan; chargeId: string | null; reason: string; valueDate: string; at: Date },
): Promise<{ amount: number; charges: number }> {
  const owing = await queryRows<{ id: string; owed: string | number }>(
    tx,
    sql`select id::text, amount_kobo - paid_kobo - waived_kobo as owed from loan_penalty_charges
        where loan_id = ${loan.id} and amount_kobo - paid_kobo - waived_kobo > 0 and (${chargeId}::uuid is null or id = ${chargeId}::uuid)`,
  );
  const amount = owing.reduce((sum, row) => sum + Number(row.owed), 0);
  if (amount === 0) return { amount: 0, charges: 0 };
  const creditKey = chargeCreditKey(loan.kind);
  const accounts = await mappedAccounts(tx, [creditKey, 'loans.penalty_receivable']);
  const entryId = await insertEntry(tx, {
    book: 'scheme',
    valueDate,
    sourceType: 'penalty',
    sourceId: loan.id,
    narration: `Loan penalty waived · ${loan.holder_name} · ${loan.product_name} · ${reason}`,
    createdById: actor.id,
    lines: [
      { accountId: accounts.get(creditKey) as string, amountKobo: amount },
      { accountId: accounts.get('loans.penalty_receivable') as string, amountKobo: -amount },
    ],
  });
  await tx.execute(sql`
    update loan_penalty_charges
    set waived_kobo = waived_kobo + (amount_kobo - paid_kobo - waived_kobo), waive_reason = ${reason}, waived_at = ${at.toISOString()}::timestamptz,
        waived_by_id = ${actor.id}, waive_entry_id = ${entryId}
    where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(owing.map((row) => row.id))}::jsonb))`);
  return { amount, charges: owing.length };
}
