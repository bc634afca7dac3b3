import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ORDINARY_SAVINGS_PRODUCT_ID, TRANSACTION_TYPE_LABELS, type BatchDetail, type RunCandidate, type RunProduct } from '@kobo/core';
import { NAIRA_FORMAT, nairaCell as naira, typedTextColumn } from '../../spreadsheet/cells.ts';

/**
 * The run's two workbooks (issue 11): the template payroll fills in (every active holder with
 * their standing amount; the headings are the ones read-batch-file.ts reads back), and a posted
 * batch's rows.
 */
export async function writeRunTemplate(candidates: RunCandidate[], description: string, products: RunProduct[], output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Payroll');
  // Issue 29: a column per savings product, headed with its name (ordinary savings first), then the loan repayment.
  const others = products.filter((product) => product.id !== ORDINARY_SAVINGS_PRODUCT_ID);
  const ordinary = products.find((product) => product.id === ORDINARY_SAVINGS_PRODUCT_ID);
  sheet.columns = [
    typedTextColumn({ header: 'Staff ID', key: 'staffId', width: 12 }),
    typedTextColumn({ header: 'Name', key: 'name', width: 28 }),
    typedTextColumn({ header: 'Email', key: 'email', width: 30 }),
    { header: ordinary?.name ?? 'Amount', key: 'amount', width: 18, style: { numFmt: '#,##0.00' } },
    ...others.map((product, index) => ({ header: product.name, key: `product${index}`, width: 18, style: { numFmt: '#,##0.00' } })),
    // Issue 12: what each member's loans have due; payroll deducts it beside the contributions.
    { header: 'Loan repayment', key: 'loanRepayment', width: 16, style: { numFmt: '#,##0.00' } },
    typedTextColumn({ header: 'Description', key: 'description', width: 32 }),
    typedTextColumn({ header: 'Type', key: 'type', width: 12 }),
  ];
  for (const candidate of candidates) {
    const cells = Object.fromEntries(
      others.map((product, index) => {
        const amount = candidate.products.find((entry) => entry.productId === product.id)?.amountKobo ?? 0;
        return [`product${index}`, amount > 0 ? naira(amount) : null];
      }),
    );
    sheet
      .addRow({
        // A holder without a staff ID (a regular user) is found by email.
        staffId: candidate.staffId ?? '',
        name: candidate.name,
        email: candidate.email,
        amount: naira(candidate.monthlyContributionKobo),
        ...cells,
        loanRepayment: candidate.loanDueKobo > 0 ? naira(candidate.loanDueKobo) : null,
        description,
        type: 'deposit',
      })
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

export function batchFileName(detail: BatchDetail): string {
  return `batch-${detail.batch.number}-${detail.batch.month}.xlsx`;
}

export async function writeBatchWorkbook(detail: BatchDetail, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(`Batch ${detail.batch.number}`);
  sheet.columns = [
    typedTextColumn({ header: 'Staff ID', key: 'staffId', width: 12 }),
    typedTextColumn({ header: 'Name', key: 'name', width: 28 }),
    { header: 'Type', key: 'type', width: 12 },
    { header: 'Amount', key: 'amount', width: 16, style: { numFmt: NAIRA_FORMAT } },
    typedTextColumn({ header: 'Description', key: 'description', width: 32 }),
    { header: 'Value Date', key: 'valueDate', width: 12, style: { numFmt: 'dd/mm/yyyy' } },
    { header: 'Status', key: 'status', width: 12 },
    // Issue 29: the savings product each posting went to (a repayment: its loan product).
    typedTextColumn({ header: 'Product', key: 'product', width: 22 }),
  ];
  const valueDate = new Date(`${detail.batch.valueDate}T00:00:00.000Z`);
  for (const posting of detail.postings) {
    sheet
      .addRow({
        staffId: posting.staffId ?? '',
        name: posting.name,
        type: TRANSACTION_TYPE_LABELS[posting.type],
        amount: naira(posting.amountKobo),
        product: posting.productName,
        description: posting.description ?? '',
        valueDate,
        status: posting.reversedById ? 'Reversed' : 'Posted',
      })
      .commit();
  }
  for (const repayment of detail.repayments) {
    sheet
      .addRow({
        staffId: repayment.staffId ?? '',
        name: repayment.name,
        type: 'Loan repayment',
        amount: naira(repayment.amountKobo),
        product: repayment.productName,
        description: repayment.productName,
        valueDate,
        // Reversed with its batch or on its own, from the loan's page.
        status: repayment.reversedById ? 'Reversed' : 'Posted',
      })
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}
