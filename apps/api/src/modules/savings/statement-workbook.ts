import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { signedAmountKobo, type SavingsStatement } from '@kobo/core';
import { inertText, NAIRA_FORMAT, nairaCell as naira, wallClockCell as wallClock } from '../../spreadsheet/cells.ts';

const TYPE_LABELS = { deposit: 'Deposit', withdrawal: 'Withdrawal', transfer_in: 'Transfer in', transfer_out: 'Transfer out' } as const;

export function statementFileName(statement: SavingsStatement): string {
  const holder = statement.account.staffId ?? 'savings';
  return `statement-${holder}-${statement.from}-to-${statement.to}.xlsx`;
}

/**
 * The statement as an .xlsx sheet, streamed: the opening balance, every transaction oldest first
 * with a running balance, then the closing balance. Times are the organisation's wall clock
 * (a sheet has no time zones).
 */
export async function writeStatementWorkbook(statement: SavingsStatement, timeZone: string, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Statement');
  sheet.columns = [
    { header: 'Date', key: 'date', width: 18, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
    { header: 'Type', key: 'type', width: 14 },
    { header: 'Description', key: 'description', width: 40 },
    { header: 'Counterparty', key: 'counterparty', width: 24 },
    { header: 'Processed By', key: 'processedBy', width: 28 },
    { header: 'Amount', key: 'amount', width: 16, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Balance', key: 'balance', width: 16, style: { numFmt: NAIRA_FORMAT } },
  ];
  sheet.addRow({ description: `Opening balance (${statement.account.holderName})`, balance: naira(statement.openingBalanceKobo) }).commit();
  for (const row of statement.rows) {
    sheet
      .addRow({
        date: wallClock(new Date(row.createdAt), timeZone),
        type: TYPE_LABELS[row.type],
        description: inertText(row.description ?? ''),
        counterparty: inertText(row.counterpartyName ?? ''),
        processedBy: row.processedByEmail ?? '',
        amount: naira(signedAmountKobo(row.type, row.amountKobo)),
        balance: naira(row.balanceAfterKobo),
      })
      .commit();
  }
  sheet.addRow({ description: 'Closing balance', balance: naira(statement.closingBalanceKobo) }).commit();
  sheet.commit();
  await workbook.commit();
}
