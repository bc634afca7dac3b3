import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatRate, YEAR_END_METHOD_LABELS, type YearEndPreview } from '@kobo/core';
import { NAIRA_FORMAT, nairaCell as naira, typedTextColumn } from '../../spreadsheet/cells.ts';

export const previewFileName = (preview: YearEndPreview) => `year-end-${preview.run.year}-${preview.run.status}.xlsx`;

const money = (header: string, key: string) => ({ header, key, width: 16, style: { numFmt: NAIRA_FORMAT } });

/** The preview as two sheets: every member's line, and each part's totals reconciling to the amount voted. */
export async function writePreviewWorkbook(preview: YearEndPreview, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const lines = workbook.addWorksheet('Members');
  lines.columns = [
    // Names and product names are typed by people: text cells, never formulas.
    typedTextColumn({ header: 'Name', key: 'name', width: 30 }),
    typedTextColumn({ header: 'Staff ID', key: 'staffId', width: 12 }),
    typedTextColumn({ header: 'Part', key: 'label', width: 26 }),
    { header: 'Method', key: 'method', width: 26 },
    { header: 'Rate', key: 'rate', width: 8 },
    money('Basis', 'basis'),
    money('Gross', 'gross'),
    money('Tax', 'tax'),
    money('Net', 'net'),
    typedTextColumn({ header: 'Paid into', key: 'to', width: 24 }),
  ];
  for (const line of preview.lines) {
    lines
      .addRow({
        name: line.name,
        staffId: line.staffId ?? '',
        label: line.label,
        method: YEAR_END_METHOD_LABELS[line.method],
        rate: formatRate(line.rateBp),
        basis: naira(line.basisKobo),
        gross: naira(line.grossKobo),
        tax: naira(line.taxKobo),
        net: naira(line.netKobo),
        to: line.toProductName,
      })
      .commit();
  }
  lines.commit();
  const totals = workbook.addWorksheet('Totals');
  totals.columns = [
    typedTextColumn({ header: 'Part', key: 'label', width: 30 }),
    { header: 'Members', key: 'members', width: 10 },
    money('Appropriated', 'appropriated'),
    money('Gross', 'gross'),
    money('Tax', 'tax'),
    money('Net', 'net'),
    money('Rounding', 'rounding'),
  ];
  const row = (label: string, part: { appropriatedKobo: number; grossKobo: number; taxKobo: number; netKobo: number; roundingKobo: number }, members: number | string) =>
    totals
      .addRow({ label, members, appropriated: naira(part.appropriatedKobo), gross: naira(part.grossKobo), tax: naira(part.taxKobo), net: naira(part.netKobo), rounding: naira(part.roundingKobo) })
      .commit();
  for (const part of preview.parts) row(part.label, part, part.memberCount);
  row('Total', preview.totals, '');
  totals.commit();
  await workbook.commit();
}
