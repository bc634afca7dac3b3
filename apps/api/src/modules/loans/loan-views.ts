import { asc, eq, inArray } from 'drizzle-orm';
import { calendarDate, loanSchedule, type GuaranteeStatus, type Kobo, type LoanStatus, type LoanView } from '@kobo/core';
import type { Database, Transaction } from '../../db/client.ts';
import { loanGuarantors, loans, savingsAccounts, users } from '../../db/schema.ts';

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
  const thisMonth = calendarDate(now, timeZone).slice(0, 7);
  const byId = new Map(
    rows.map(({ loan, ...borrower }) => [
      loan.id,
      {
        id: loan.id,
        productId: loan.productId,
        productName: loan.productName,
        method: loan.method,
        annualRateBp: loan.annualRateBp,
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
        schedule: loanSchedule({ principal: loan.principalKobo as Kobo, annualRateBp: loan.annualRateBp, months: loan.months, method: loan.method }, thisMonth),
      } satisfies LoanView,
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function personOf(row: { userId: string | null; holderName: string; userName: string | null; staffId: string | null }) {
  return { userId: row.userId, name: row.userName ?? row.holderName, staffId: row.staffId };
}
