import { sql } from 'drizzle-orm';
import { AppError, isUuid, type IsoDate, type Kobo, type LoanPenaltiesView } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

type ChargeRow = {
  id: string;
  instalment_number: number;
  charge_number: number;
  charge_date: IsoDate;
  amount_kobo: string | number;
  paid_kobo: string | number;
  waived_kobo: string | number;
  waive_reason: string | null;
  waived_at: Date | string | null;
};

/** A loan's penalty charges, oldest first, and their totals: charged, paid, waived, still owed. A GET: reads only. */
export async function readLoanPenalties(db: Database | Transaction, loanId: string): Promise<LoanPenaltiesView> {
  if (!isUuid(loanId)) throw new AppError('LOAN_NOT_FOUND');
  const [loan] = await queryRows<{ id: string }>(db, sql`select id from loans where id = ${loanId}`);
  if (!loan) throw new AppError('LOAN_NOT_FOUND');
  const rows = await queryRows<ChargeRow>(
    db,
    sql`select id::text, instalment_number, charge_number, charge_date::text as charge_date, amount_kobo, paid_kobo, waived_kobo, waive_reason, waived_at
        from loan_penalty_charges where loan_id = ${loanId}
        order by charge_date, instalment_number, charge_number`,
  );
  const charges = rows.map((row) => {
    const amount = Number(row.amount_kobo);
    const paid = Number(row.paid_kobo);
    const waived = Number(row.waived_kobo);
    return {
      id: row.id,
      instalmentNumber: row.instalment_number,
      chargeNumber: row.charge_number,
      chargeDate: row.charge_date,
      amountKobo: amount as Kobo,
      paidKobo: paid as Kobo,
      waivedKobo: waived as Kobo,
      outstandingKobo: (amount - paid - waived) as Kobo,
      waiveReason: row.waive_reason,
      waivedAt: row.waived_at === null ? null : new Date(row.waived_at).toISOString(),
    };
  });
  const total = (pick: (charge: (typeof charges)[number]) => number) => charges.reduce((sum, charge) => sum + pick(charge), 0) as Kobo;
  return {
    loanId,
    chargedKobo: total((charge) => charge.amountKobo),
    paidKobo: total((charge) => charge.paidKobo),
    waivedKobo: total((charge) => charge.waivedKobo),
    outstandingKobo: total((charge) => charge.outstandingKobo),
    charges,
  };
}
