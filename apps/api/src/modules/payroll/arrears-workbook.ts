import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ContributionArrearsReport } from '@kobo/core';
import { NAIRA_FORMAT, nairaCell as naira, typedTextColumn } from '../../spreadsheet/cells.ts';

const money = (header: string, key: string) => ({ header, key, width: 16, style: { numFmt: NAIRA_FORMAT } });

/** The arrears report (issue 30) as a workbook: a row per member and product, aged as on screen. */
export async function writeArrearsWorkbook(report: ContributionArrearsReport, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(`Arrears ${report.month}`);
  sheet.columns = [
    typedTextColumn({ header: 'Staff ID', key: 'staffId', width: 12 }),
    typedTextColumn({ header: 'Name', key: 'name', width: 28 }),
    typedTextColumn({ header: 'Product', key: 'product', width: 22 }),
    money('1 month', 'one'),
    money('2 months', 'two'),
    money('3+ months', 'threePlus'),
    money('Total', 'total'),
    typedTextColumn({ header: 'Oldest month', key: 'oldest', width: 14 }),
  ];
  for (const row of report.rows) {
    sheet
      .addRow({
        staffId: row.staffId ?? '',
        name: row.name,
        product: row.productName,
        one: naira(row.oneMonthKobo),
        two: naira(row.twoMonthsKobo),
        threePlus: naira(row.threePlusMonthsKobo),
        total: naira(row.totalKobo),
        oldest: row.oldestMonth,
      })
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

export function arrearsFileName(month: string): string {
  return `contribution-arrears-${month}.xlsx`;
}
