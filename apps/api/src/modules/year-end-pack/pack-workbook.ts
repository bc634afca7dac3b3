import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { LOAN_STATUS_LABELS, type BookReportRow, type YearEndPack } from '@kobo/core';
import { NAIRA_FORMAT, nairaCell as naira, typedTextColumn } from '../../spreadsheet/cells.ts';

/**
 * The AGM pack as ONE .xlsx, a sheet per part (issue 31). Amounts are number cells in naira with
 * 2 decimals (so sums work in the spreadsheet), never formulas; every name people typed (accounts,
 * members, products) is in a typed-text column (cells.ts), so `=1+1` stays text.
 */

export const packFileName = (pack: YearEndPack) => `agm-pack-${pack.year}.xlsx`;

type Row = Record<string, string | number | null>;
const money = (header: string, key: string, width = 18): Partial<ExcelJS.Column> => ({ header, key, width, style: { numFmt: NAIRA_FORMAT } });
const text = (header: string, key: string, width = 24) => typedTextColumn({ header, key, width });
const count = (header: string, key: string, width = 14): Partial<ExcelJS.Column> => ({ header, key, width });

function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Partial<ExcelJS.Column>[], rows: Row[]) {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns;
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
}

function incomeAndExpenditure(pack: YearEndPack): Row[] {
  const part = pack.incomeAndExpenditure;
  const lines = (rows: typeof part.income) => rows.map((row) => ({ code: row.code, name: row.name, thisYear: naira(row.thisYearKobo), lastYear: naira(row.lastYearKobo) }));
  const total = (name: string, figure: typeof part.incomeKobo) => ({ name, thisYear: naira(figure.thisYearKobo), lastYear: naira(figure.lastYearKobo) });
  return [
    { name: 'Income' },
    ...lines(part.income),
    total('Total income', part.incomeKobo),
    { name: 'Expenditure' },
    ...lines(part.expenditure),
    total('Total expenditure', part.expenditureKobo),
    total('Surplus (deficit below ₦0)', part.surplusKobo),
  ];
}

const bookLines = (rows: readonly BookReportRow[]): Row[] => rows.map((row) => ({ code: row.code, name: row.name, amount: naira(row.balanceKobo) }));

function balanceSheet(pack: YearEndPack): Row[] {
  const sheet = pack.balanceSheet;
  return [
    { name: 'Assets' },
    ...bookLines(sheet.assets),
    { name: 'Total assets', amount: naira(sheet.totalAssetsKobo) },
    { name: 'Liabilities' },
    ...bookLines(sheet.liabilities),
    { name: 'Total liabilities', amount: naira(sheet.totalLiabilitiesKobo) },
    { name: 'Equity' },
    ...bookLines(sheet.equity),
    { name: 'Surplus to date', amount: naira(sheet.surplusToDateKobo) },
    { name: 'Total equity', amount: naira(sheet.totalEquityKobo) },
    { name: 'Total liabilities and equity', amount: naira(sheet.totalLiabilitiesKobo + sheet.totalEquityKobo) },
  ];
}

function appropriation(pack: YearEndPack): Row[] {
  const voted = pack.appropriation;
  if (!voted) return [{ part: pack.appropriationMissing ?? '' }];
  const run = voted.run;
  return [
    { part: 'Surplus', amount: naira(run.surplusKobo) },
    { part: 'Reserve fund', amount: naira(run.reserveKobo) },
    ...voted.parts.map((part) => ({
      part: part.label,
      amount: naira(part.appropriatedKobo),
      members: part.memberCount,
      gross: naira(part.grossKobo),
      tax: naira(part.taxKobo),
      net: naira(part.netKobo),
      rounding: naira(part.roundingKobo),
    })),
    { part: 'Education fund', amount: naira(run.educationFundKobo) },
    { part: 'Welfare fund', amount: naira(run.welfareFundKobo) },
    { part: 'Carried forward', amount: naira(run.carriedForwardKobo) },
    { part: voted.source === 'posted' ? `Posted ${run.postedAt?.slice(0, 10) ?? ''}` : `Approved ${run.approvedAt?.slice(0, 10) ?? ''}, not yet posted` },
  ];
}

function officers(pack: YearEndPack): Row[] {
  return pack.officers.flatMap((officer) => {
    const who = { name: officer.name, staffId: officer.staffId ?? '', role: officer.active ? officer.role : `${officer.role} (inactive)` };
    if (officer.loans.length === 0) return [{ ...who, product: 'None' }];
    return officer.loans.map((loan) => ({
      ...who,
      product: loan.productName,
      status: LOAN_STATUS_LABELS[loan.status],
      disbursedOn: loan.disbursedOn ?? '',
      principal: naira(loan.principalKobo),
      outstanding: naira(loan.outstandingPrincipalKobo),
      owed: naira(loan.outstandingTotalKobo),
      overdue: naira(loan.arrears.amountOverdue),
      days: loan.arrears.daysInArrears,
    }));
  });
}

/** Writes the pack's eight sheets in the order the print view shows them. */
export async function writePackWorkbook(pack: YearEndPack, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const accountColumns = [text('Code', 'code', 10), text('Account', 'name', 36)];
  addSheet(workbook, 'Income and expenditure', [...accountColumns, money(`${pack.from} to ${pack.to}`, 'thisYear'), money(`${pack.incomeAndExpenditure.lastYear.from} to ${pack.incomeAndExpenditure.lastYear.to}`, 'lastYear')], incomeAndExpenditure(pack));
  addSheet(workbook, 'Balance sheet', [...accountColumns, money(`At ${pack.balanceSheet.asOf}`, 'amount')], balanceSheet(pack));
  addSheet(
    workbook,
    'Appropriation',
    [text('Part', 'part', 40), money('Amount', 'amount'), count('Members', 'members'), money('Gross', 'gross'), money('Tax', 'tax'), money('Net', 'net'), money('Rounding', 'rounding')],
    appropriation(pack),
  );
  addSheet(
    workbook,
    'Dividend and interest',
    [text('Name', 'name', 30), text('Staff ID', 'staffId', 12), text('Part', 'label', 28), count('Method', 'method', 16), count('Rate (%)', 'rate', 10), money('Basis', 'basis'), money('Gross', 'gross'), money('Tax', 'tax'), money('Net', 'net'), text('Paid into', 'to', 24)],
    pack.schedule.map((line) => ({
      name: line.name,
      staffId: line.staffId ?? '',
      label: line.label,
      method: line.method,
      rate: line.rateBp / 100,
      basis: naira(line.basisKobo),
      gross: naira(line.grossKobo),
      tax: naira(line.taxKobo),
      net: naira(line.netKobo),
      to: line.toProductName,
    })),
  );
  addSheet(
    workbook,
    'Loans to officers',
    [text('Name', 'name', 30), text('Staff ID', 'staffId', 12), count('Role', 'role', 18), text('Loan', 'product', 24), count('Status', 'status', 14), count('Disbursed', 'disbursedOn', 12), money('Amount', 'principal'), money('Principal outstanding', 'outstanding', 22), money('Owed in all', 'owed'), money('Overdue', 'overdue'), count('Days in arrears', 'days', 16)],
    officers(pack),
  );
  addSheet(
    workbook,
    'Savings and shares',
    [text('Product', 'product', 30), count('Kind', 'kind'), count('Members holding it', 'holders', 20), money(`Balance at ${pack.productTotals.asOf}`, 'balance', 22)],
    [
      ...pack.productTotals.products.map((product) => ({ product: product.retired ? `${product.productName} (retired)` : product.productName, kind: product.kind, holders: product.holders, balance: naira(product.balanceKobo) })),
      { product: 'Shares', balance: naira(pack.productTotals.sharesKobo) },
      { product: 'Savings', balance: naira(pack.productTotals.savingsKobo) },
      { product: 'Total', balance: naira(pack.productTotals.totalKobo) },
    ],
  );
  addSheet(
    workbook,
    'Loans by status',
    [count(`Status at ${pack.loans.asOf}`, 'label', 22), count('Loans', 'count'), money('Amount lent', 'principal'), money('Principal outstanding', 'outstanding', 22)],
    pack.loans.byStatus.map((row) => ({ label: row.label, count: row.count, principal: naira(row.principalKobo), outstanding: naira(row.outstandingPrincipalKobo) })),
  );
  addSheet(
    workbook,
    'Arrears ageing',
    [count('Days in arrears', 'label', 18), count('Loans', 'count'), money('Overdue', 'overdue'), money('Principal outstanding', 'outstanding', 22)],
    [
      ...pack.loans.ageing.map((band) => ({ label: band.label, count: band.loanCount, overdue: naira(band.overdueKobo), outstanding: naira(band.outstandingPrincipalKobo) })),
      { label: 'Total', count: pack.loans.arrearsCount, overdue: naira(pack.loans.arrearsKobo) },
    ],
  );
  await workbook.commit();
}
