import { asc, eq, inArray } from 'drizzle-orm';
import {
  arrearsOn,
  calendarDate,
  loanSchedule,
  outstandingPrincipal,
  outstandingTotal,
  scheduleAsItStands,
  type GuaranteeStatus,
  type InstalmentPosition,
  type Kobo,
  type LoanEntryView,
  type LoanLedgerView,
  type RepaymentAllocation,
  type LoanSchedule,
  type LoanStatus,
  type LoanView,
} from '@kobo/core';
import type { Database, Transaction } from '../../db/client.ts';
import { loanGuarantors, loanInstalments, loans, loanTransactions, savingsAccounts, users } from '../../db/schema.ts';
import { penaltyPositionsOf } from '../loan-penalties/penalty-balances.ts';

type Db = Database | Transaction;

/** Loans by id, as views, in the order asked; the schedule as it would run from `now`'s month. */
export async function loanViews(db: Db, ids: string[], now: Date, timeZone: string): Promise<LoanView[]> {
  if (ids.length === 0) return [];
  const person = { userId: savingsAccounts.userId, holderName: savingsAccounts.holderName, userName: users.name, staffId: savingsAccounts.staffId };
  const rows = await db
    .select({ loan: loans, ...person })
    .from(loans)
    .innerJoin(savingsAccounts, eq(savingsAccounts.id, loans.accountId))
    .leftJoin(users, eq(users.id, savingsAccounts.userId))
    .where(inArray(loans.id, ids));
  const guarantorRows = await db
    .select({ loanId: loanGuarantors.loanId, amountKobo: loanGuarantors.amountKobo, status: loanGuarantors.status, ...person })
    .from(loanGuarantors)
    .innerJoin(savingsAccounts, eq(savingsAccounts.id, loanGuarantors.accountId))
    .leftJoin(users, eq(users.id, savingsAccounts.userId))
    .where(inArray(loanGuarantors.loanId, ids))
    .orderBy(asc(savingsAccounts.holderName));
  const entryRows = await db.select().from(loanTransactions).where(inArray(loanTransactions.loanId, ids)).orderBy(asc(loanTransactions.seq));
  const reversedBy = new Map(entryRows.filter((row) => row.reversesId).map((row) => [row.reversesId as string, row.id]));
  const entriesOf = (loanId: string): LoanEntryView[] =>
    entryRows
      .filter((row) => row.loanId === loanId)
      .map((row) => ({
        id: row.id,
        type: row.type,
        amountKobo: row.amountKobo as Kobo,
        valueDate: row.valueDate,
        allocation: (row.allocation as RepaymentAllocation | null) ?? null,
        reversesId: row.reversesId,
        reason: row.reason,
        reversedById: reversedBy.get(row.id) ?? null,
        batchId: row.batchId,
        paidByLoanId: row.paidByLoanId,
        createdAt: row.createdAt.toISOString(),
        createdByEmail: row.createdByEmail,
      }));
  // The total outstanding includes the penalties owed, as the payoff quote and the run's due do (decision 053).
  const penalties = await penaltyPositionsOf(db, ids);
  const instalmentRows = await db.select().from(loanInstalments).where(inArray(loanInstalments.loanId, ids)).orderBy(asc(loanInstalments.loanId), asc(loanInstalments.number));
  const today = calendarDate(now, timeZone);
  const thisMonth = today.slice(0, 7);
  const byId = new Map(
    rows.map(({ loan, ...borrower }) => [
      loan.id,
      {
        id: loan.id,
        productId: loan.productId,
        productName: loan.productName,
        method: loan.method,
        annualRateBp: loan.annualRateBp,
        kind: loan.kind,
        markupBp: loan.markupBp,
        item: loan.item,
        principalKobo: loan.principalKobo as Kobo,
        feeKobo: loan.feeKobo as Kobo,
        months: loan.months,
        purpose: loan.purpose,
        status: loan.status as LoanStatus,
        appliedAt: loan.appliedAt.toISOString(),
        borrower: personOf(borrower),
        guarantors: guarantorRows
          .filter((row) => row.loanId === loan.id)
          .map((row) => ({ ...personOf(row), amountKobo: row.amountKobo as Kobo, status: row.status as GuaranteeStatus })),
        ...scheduleAndLedger(loan, instalmentRows.filter((row) => row.loanId === loan.id).map(positionOf), penalties.get(loan.id)?.outstanding ?? (0 as Kobo), thisMonth, today, entriesOf(loan.id)),
      } satisfies LoanView,
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function personOf(row: { userId: string | null; holderName: string; userName: string | null; staffId: string | null }) {
  return { userId: row.userId, name: row.userName ?? row.holderName, staffId: row.staffId };
}

export function positionOf(row: typeof loanInstalments.$inferSelect): InstalmentPosition {
  return {
    number: row.number,
    dueDate: row.dueDate,
    principal: row.principalKobo as Kobo,
    interest: row.interestKobo as Kobo,
    principalPaid: row.principalPaidKobo as Kobo,
    interestPaid: row.interestPaidKobo as Kobo,
    interestWaived: row.interestWaivedKobo as Kobo,
  };
}

/** Before disbursement, the schedule as it would run from this month; after, the one fixed then as it now stands, and the position. */
function scheduleAndLedger(
  loan: typeof loans.$inferSelect,
  instalments: InstalmentPosition[],
  penaltyOutstanding: Kobo,
  thisMonth: string,
  today: string,
  entries: LoanEntryView[],
): { schedule: LoanSchedule; ledger: LoanLedgerView | null } {
  if (!loan.disbursedValueDate || instalments.length === 0) {
    return { schedule: loanSchedule({ principal: loan.principalKobo as Kobo, annualRateBp: loan.annualRateBp, months: loan.months, method: loan.method, markupBp: loan.markupBp }, thisMonth), ledger: null };
  }
  const position = { feeOutstanding: loan.feeOutstandingKobo as Kobo, instalments, overpayment: loan.overpayment, earlyPayment: loan.earlyPayment, penaltyOutstanding };
  return {
    // Re-derived from where the loan stands on every read, so it always agrees with the position below.
    schedule: scheduleAsItStands(position),
    ledger: {
      disbursedOn: loan.disbursedValueDate,
      feeOutstandingKobo: loan.feeOutstandingKobo as Kobo,
      outstandingPrincipalKobo: outstandingPrincipal(position),
      outstandingTotalKobo: outstandingTotal(position),
      instalments,
      arrears: arrearsOn(position, today),
      asOf: today,
      entries,
    },
  };
}
