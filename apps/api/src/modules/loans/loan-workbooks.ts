import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { loanChargeLabels, instalmentOwed, INTEREST_METHOD_LABELS, LOAN_STATUS_LABELS, loanEntryLabel, type LoanView } from '@kobo/core';
import { NAIRA_FORMAT, nairaCell as naira, typedTextColumn, wallClockCell as wallClock } from '../../spreadsheet/cells.ts';
import type { LoanStatement } from './loan-statement.ts';

const DAY_FORMAT = 'dd/mm/yyyy';
const day = (isoDate: string) => new Date(`${isoDate}T00:00:00.000Z`);

export function loanStatementFileName(statement: LoanStatement): string {
  const who = statement.loan.borrower.staffId ?? 'loan';
  return `loan-statement-${who}-${statement.loan.id.slice(0, 8)}.xlsx`;
}

/**
 * A loan's statement as .xlsx: a Ledger sheet (each entry with what it paid of fees, interest and
 * principal, and the principal still owed after it) and a Schedule sheet (each instalment, what
 * was paid of it, and what is still owed).
 */
export async function writeLoanStatementWorkbook({ loan }: LoanStatement, timeZone: string, output: Writable): Promise<void> {
  const entries = loan.ledger?.entries ?? [];
  // Issue 33: a murabaha's charge is its markup and a qard hasan's a fee; neither statement says "interest".
  const charge = loanChargeLabels(loan.kind);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const ledger = workbook.addWorksheet('Ledger');
  ledger.columns = [
    { header: 'Value Date', key: 'valueDate', width: 12, style: { numFmt: DAY_FORMAT } },
    typedTextColumn({ header: 'Entry', key: 'entry', width: 40 }),
    { header: 'Amount', key: 'amount', width: 16, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Fee Paid', key: 'fee', width: 14, style: { numFmt: NAIRA_FORMAT } },
    { header: charge.paid, key: 'interest', width: 14, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Principal Paid', key: 'principal', width: 16, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Principal Owed', key: 'owed', width: 16, style: { numFmt: NAIRA_FORMAT } },
    typedTextColumn({ header: 'Recorded By', key: 'by', width: 28 }),
    { header: 'Recorded', key: 'recorded', width: 18, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
  ];
  ledger
    .addRow({ entry: `${loan.productName}: ${loan.borrower.name}${loan.borrower.staffId ? ` (${loan.borrower.staffId})` : ''}` })
    .commit();
  let owed = 0;
  for (const entry of entries) {
    // A reversal undoes what its entry did: the same figures, the other way.
    const sign = entry.reversesId ? -1 : 1;
    const lines = entry.allocation?.lines ?? [];
    const principal = sign * lines.reduce((sum, line) => sum + line.principal, 0);
    if (entry.type === 'disbursement') owed += sign * entry.amountKobo;
    owed -= principal;
    ledger
      .addRow({
        valueDate: day(entry.valueDate),
        entry: entry.reversesId ? `${loanEntryLabel(entry)}: ${entry.reason ?? ''}` : loanEntryLabel(entry),
        amount: naira(sign * entry.amountKobo),
        fee: entry.allocation ? naira(sign * entry.allocation.fee) : null,
        interest: entry.allocation ? naira(sign * lines.reduce((sum, line) => sum + line.interest, 0)) : null,
        principal: entry.allocation ? naira(principal) : null,
        owed: naira(owed),
        by: entry.createdByEmail,
        recorded: wallClock(new Date(entry.createdAt), timeZone),
      })
      .commit();
  }
  ledger.commit();

  const schedule = workbook.addWorksheet('Schedule');
  schedule.columns = [
    { header: 'Instalment', key: 'number', width: 11 },
    { header: 'Due Date', key: 'dueDate', width: 12, style: { numFmt: DAY_FORMAT } },
    { header: 'Principal', key: 'principal', width: 14, style: { numFmt: NAIRA_FORMAT } },
    { header: charge.charge, key: 'interest', width: 14, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Instalment Amount', key: 'total', width: 18, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Paid', key: 'paid', width: 14, style: { numFmt: NAIRA_FORMAT } },
    { header: charge.waived, key: 'waived', width: 15, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Still Owed', key: 'owed', width: 14, style: { numFmt: NAIRA_FORMAT } },
  ];
  const positions = new Map(loan.ledger?.instalments.map((position) => [position.number, position]));
  for (const row of loan.schedule.instalments) {
    // Once disbursed, each instalment as fixed at payout beside what it was paid, waived and still owes.
    const position = positions.get(row.number);
    const scheduled = position ? { principal: position.principal, interest: position.interest } : row;
    const paid = position ? position.principalPaid + position.interestPaid : 0;
    const waived = position?.interestWaived ?? 0;
    schedule
      .addRow({
        number: row.number,
        dueDate: day(row.dueDate),
        principal: naira(scheduled.principal),
        interest: naira(scheduled.interest),
        total: naira(scheduled.principal + scheduled.interest),
        paid: naira(paid),
        waived: naira(waived),
        owed: naira(position ? instalmentOwed(position) : row.total),
      })
      .commit();
  }
  schedule.commit();
  await workbook.commit();
}

/** The officers' loans list as .xlsx: one row per loan, figures as numbers so sums work. */
export async function writeLoansListWorkbook(loans: LoanView[], timeZone: string, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Loans');
  sheet.columns = [
    typedTextColumn({ header: 'Borrower', key: 'borrower', width: 28 }),
    typedTextColumn({ header: 'Staff ID', key: 'staffId', width: 10 }),
    typedTextColumn({ header: 'Product', key: 'product', width: 20 }),
    { header: 'Status', key: 'status', width: 18 },
    { header: 'Principal', key: 'principal', width: 16, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Months', key: 'months', width: 8 },
    { header: 'Method', key: 'method', width: 17 },
    { header: 'Annual Rate %', key: 'rate', width: 13, style: { numFmt: '0.00' } },
    { header: 'Applied', key: 'applied', width: 18, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
    { header: 'Disbursed On', key: 'disbursedOn', width: 13, style: { numFmt: DAY_FORMAT } },
    { header: 'Principal Outstanding', key: 'outstandingPrincipal', width: 20, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Total Outstanding', key: 'outstandingTotal', width: 18, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Amount Overdue', key: 'overdue', width: 16, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Days in Arrears', key: 'days', width: 14 },
    typedTextColumn({ header: 'Purpose', key: 'purpose', width: 40 }),
  ];
  for (const loan of loans) {
    sheet
      .addRow({
        borrower: loan.borrower.name,
        staffId: loan.borrower.staffId ?? '',
        product: loan.productName,
        status: LOAN_STATUS_LABELS[loan.status],
        principal: naira(loan.principalKobo),
        months: loan.months,
        method: INTEREST_METHOD_LABELS[loan.method],
        rate: loan.annualRateBp / 100,
        applied: wallClock(new Date(loan.appliedAt), timeZone),
        disbursedOn: loan.ledger ? day(loan.ledger.disbursedOn) : null,
        outstandingPrincipal: loan.ledger ? naira(loan.ledger.outstandingPrincipalKobo) : null,
        outstandingTotal: loan.ledger ? naira(loan.ledger.outstandingTotalKobo) : null,
        overdue: loan.ledger ? naira(loan.ledger.arrears.amountOverdue) : null,
        days: loan.ledger ? loan.ledger.arrears.daysInArrears : null,
        purpose: loan.purpose,
      })
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}
