import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { LOAN_CLASSIFICATION_LABELS, PAR_BUCKET_LABELS, type PortfolioAtRiskView } from '@kobo/core';
import { NAIRA_FORMAT, nairaCell as naira } from '../../spreadsheet/cells.ts';

const PERCENT_FORMAT = '0.00%';
const percent = (bp: number) => bp / 10_000;

/**
 * The portfolio-at-risk report as .xlsx: a Buckets sheet (days in arrears, loans, outstanding, share,
 * and PAR30) and a Classes sheet (each class, its rate and provision, and what the provision holds).
 */
export async function writeParWorkbook(report: PortfolioAtRiskView, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const buckets = workbook.addWorksheet('Buckets');
  buckets.columns = [
    { header: 'Days in Arrears', key: 'label', width: 18 },
    { header: 'Loans', key: 'loans', width: 8 },
    { header: 'Outstanding Principal', key: 'outstanding', width: 22, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Share of Portfolio', key: 'share', width: 18, style: { numFmt: PERCENT_FORMAT } },
  ];
  for (const bucket of report.buckets) {
    buckets.addRow({ label: PAR_BUCKET_LABELS[bucket.key as keyof typeof PAR_BUCKET_LABELS], loans: bucket.loanCount, outstanding: naira(bucket.outstandingPrincipalKobo), share: percent(bucket.shareBp) }).commit();
  }
  buckets.addRow({ label: 'Total', loans: report.loanCount, outstanding: naira(report.outstandingPrincipalKobo), share: report.loanCount > 0 ? 1 : 0 }).commit();
  buckets.addRow({ label: 'PAR30', outstanding: naira(report.par30Kobo), share: percent(report.par30Bp) }).commit();
  buckets.addRow({ label: `As of ${report.asOf}` }).commit();
  buckets.commit();

  const classes = workbook.addWorksheet('Classes');
  classes.columns = [
    { header: 'Classification', key: 'label', width: 16 },
    { header: 'Loans', key: 'loans', width: 8 },
    { header: 'Outstanding Principal', key: 'outstanding', width: 22, style: { numFmt: NAIRA_FORMAT } },
    { header: 'Provision Rate', key: 'rate', width: 15, style: { numFmt: PERCENT_FORMAT } },
    { header: 'Required Provision', key: 'provision', width: 20, style: { numFmt: NAIRA_FORMAT } },
  ];
  for (const figure of report.classifications) {
    classes
      .addRow({ label: LOAN_CLASSIFICATION_LABELS[figure.classification], loans: figure.loanCount, outstanding: naira(figure.outstandingPrincipalKobo), rate: percent(figure.rateBp), provision: naira(figure.provisionKobo) })
      .commit();
  }
  classes.addRow({ label: 'Total', loans: report.loanCount, outstanding: naira(report.outstandingPrincipalKobo), provision: naira(report.requiredProvisionKobo) }).commit();
  classes.addRow({ label: 'Provision held', provision: naira(report.heldProvisionKobo) }).commit();
  classes.commit();
  await workbook.commit();
}
