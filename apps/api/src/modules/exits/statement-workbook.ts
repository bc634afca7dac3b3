import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatNaira, formatRate, loanChargeLabels, type ExitStatement } from '@kobo/core';
import { NAIRA_FORMAT, nairaCell as naira, typedTextColumn } from '../../spreadsheet/cells.ts';

export const statementFileName = (seq: number, statement: ExitStatement) => `exit-${seq}-statement-${statement.settlementDate}.xlsx`;

/**
 * The settlement statement as one sheet (issue 32, step 3): each product's balance and interest,
 * each loan's payoff, the exit fee, the net or the shortfall, the recoveries and the payees.
 */
export async function writeStatementWorkbook(holderName: string, statement: ExitStatement, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Statement');
  sheet.columns = [
    typedTextColumn({ header: 'Part', key: 'part', width: 14 }),
    // Names are typed by people: text cells, never formulas.
    typedTextColumn({ header: 'Item', key: 'item', width: 32 }),
    typedTextColumn({ header: 'Detail', key: 'detail', width: 40 }),
    { header: 'Amount', key: 'amount', width: 18, style: { numFmt: NAIRA_FORMAT } },
  ];
  const add = (part: string, item: string, detail: string, kobo: number) => sheet.addRow({ part, item, detail, amount: naira(kobo) }).commit();
  sheet.addRow({ part: 'Member', item: holderName, detail: `Settlement date ${statement.settlementDate}` }).commit();
  for (const product of statement.products) {
    add('Savings', product.name, 'Balance', product.balanceKobo);
    if (product.interestKobo > 0) add('Savings', product.name, `Interest ${formatRate(product.rateBp)} for ${product.days} days`, product.interestKobo);
  }
  for (const loan of statement.loans) {
    add('Loan', loan.productName, 'Outstanding principal', -loan.principalKobo);
    if (loan.interestKobo > 0) add('Loan', loan.productName, loanChargeLabels(loan.kind).toDate, -loan.interestKobo);
    if (loan.feeKobo > 0) add('Loan', loan.productName, 'Fees', -loan.feeKobo);
  }
  if (statement.exitFeeKobo > 0) add('Fee', 'Exit fee', '', -statement.exitFeeKobo);
  add('Total', statement.netKobo >= 0 ? 'Net payable' : 'Shortfall', '', statement.netKobo);
  if (statement.memberPaysKobo > 0) add('Shortfall', holderName, 'Paid in by the member', statement.memberPaysKobo);
  for (const recovery of statement.recoveries) add('Recovery', recovery.name, `Guaranteed ${formatNaira(recovery.guaranteedKobo)}`, recovery.amountKobo);
  for (const payee of statement.payees) add('Payee', payee.name, payee.relationship ? `${payee.relationship}, ${formatRate(payee.shareBp)}` : 'The member', payee.amountKobo);
  sheet.commit();
  await workbook.commit();
}
