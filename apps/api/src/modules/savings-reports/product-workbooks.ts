import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { SAVINGS_PRODUCT_KIND_LABELS, type BelowShareMinimum, type IsoDate, type SavingsProductTotals } from '@kobo/core';
import { NAIRA_FORMAT, nairaCell as naira, typedTextColumn } from '../../spreadsheet/cells.ts';

export const productTotalsFileName = (day: IsoDate) => `savings-products-${day}.xlsx`;
export const belowMinimumFileName = (day: IsoDate) => `below-share-minimum-${day}.xlsx`;

function newWorkbook(output: Writable) {
  return new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
}

/** Totals per product as a sheet: product, kind, members holding it, total balance, then the total of all. */
export async function writeProductTotalsWorkbook(totals: SavingsProductTotals, output: Writable): Promise<void> {
  const workbook = newWorkbook(output);
  const sheet = workbook.addWorksheet('Savings products');
  sheet.columns = [
    // Product names are typed by admins: text cells, never formulas.
    typedTextColumn({ header: 'Product', key: 'product', width: 30 }),
    { header: 'Kind', key: 'kind', width: 18 },
    { header: 'Members holding it', key: 'holders', width: 20 },
    { header: 'Total balance', key: 'balance', width: 20, style: { numFmt: NAIRA_FORMAT } },
  ];
  for (const product of totals.products) {
    const name = product.retired ? `${product.productName} (retired)` : product.productName;
    sheet.addRow({ product: name, kind: SAVINGS_PRODUCT_KIND_LABELS[product.kind], holders: product.holders, balance: naira(product.balanceKobo) }).commit();
  }
  sheet.addRow({ product: 'Total', balance: naira(totals.totalKobo) }).commit();
  sheet.commit();
  await workbook.commit();
}

/** The members below a share minimum: name, staff ID, product, holding, minimum and shortfall. */
export async function writeBelowMinimumWorkbook(list: BelowShareMinimum, output: Writable): Promise<void> {
  const workbook = newWorkbook(output);
  const sheet = workbook.addWorksheet('Below share minimum');
  sheet.columns = [
    typedTextColumn({ header: 'Name', key: 'name', width: 30 }),
    typedTextColumn({ header: 'Staff ID', key: 'staffId', width: 12 }),
    typedTextColumn({ header: 'Product', key: 'product', width: 24 }),
    { header: 'Holding', key: 'holding', width: 16, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Minimum', key: 'minimum', width: 16, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Shortfall', key: 'shortfall', width: 16, style: { numFmt: NAIRA_FORMAT } },
  ];
  for (const member of list.members) {
    sheet
      .addRow({
        name: member.holderName,
        staffId: member.staffId ?? '',
        product: member.productName,
        holding: naira(member.holdingKobo),
        minimum: naira(member.minimumKobo),
        shortfall: naira(member.shortfallKobo),
      })
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}
