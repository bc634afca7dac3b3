import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { signedAmountKobo, TRANSACTION_TYPE_LABELS, type SavingsStatement } from '@kobo/core';
import { NAIRA_FORMAT, nairaCell as naira, typedTextColumn, wallClockCell as wallClock } from '../../spreadsheet/cells.ts';


/** A statement whose rows may name their product (issue 29's combined statement). */
type StatementSheet = Omit<SavingsStatement, 'rows'> & { rows: (SavingsStatement['rows'][number] & { productName?: string | undefined })[] };

export function statementFileName(statement: StatementSheet, combined = false): string {
  const holder = statement.account.staffId ?? 'savings';
  return `statement-${holder}${combined ? '-all-products' : ''}-${statement.from}-to-${statement.to}.xlsx`;
}

/**
 * The statement as an .xlsx sheet, streamed: the opening balance, every transaction oldest first
 * with a running balance, then the closing balance. Times are the organisation's wall clock
 * (a sheet has no time zones). The combined statement (issue 29) has a Product column after the type.
 */
export async function writeStatementWorkbook(statement: StatementSheet, timeZone: string, output: Writable): Promise<void> {
  const combined = statement.rows.some((row) => row.productName !== undefined);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Statement');
  sheet.columns = [
    // The value date: the day the money counts for (issue 11); when it was typed in is last.
    { header: 'Value Date', key: 'valueDate', width: 12, style: { numFmt: 'dd/mm/yyyy' } },
    { header: 'Type', key: 'type', width: 14 },
    // Product names are typed by an administrator.
    ...(combined ? [typedTextColumn({ header: 'Product', key: 'product', width: 24 })] : []),
    // What people typed: descriptions, names and emails (the opening balance's label, with the name, too).
    typedTextColumn({ header: 'Description', key: 'description', width: 40 }),
    typedTextColumn({ header: 'Counterparty', key: 'counterparty', width: 24 }),
    typedTextColumn({ header: 'Processed By', key: 'processedBy', width: 28 }),
    { header: 'Amount', key: 'amount', width: 16, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Balance', key: 'balance', width: 16, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Recorded', key: 'recorded', width: 18, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
  ];
  sheet.addRow({ description: `Opening balance (${statement.account.holderName})`, balance: naira(statement.openingBalanceKobo) }).commit();
  for (const row of statement.rows) {
    sheet
      .addRow({
        valueDate: new Date(`${row.valueDate}T00:00:00.000Z`),
        type: TRANSACTION_TYPE_LABELS[row.type],
        ...(combined ? { product: row.productName ?? '' } : {}),
        description: row.description ?? '',
        counterparty: row.counterpartyName ?? '',
        processedBy: row.processedByEmail ?? '',
        amount: naira(signedAmountKobo(row.type, row.amountKobo)),
        balance: naira(row.balanceAfterKobo),
        recorded: wallClock(new Date(row.createdAt), timeZone),
      })
      .commit();
  }
  sheet.addRow({ description: 'Closing balance', balance: naira(statement.closingBalanceKobo) }).commit();
  sheet.commit();
  await workbook.commit();
}
