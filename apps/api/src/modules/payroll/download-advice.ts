import { AppError, type PayrollLayout } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { adviceMonth } from './advice-month.ts';
import { readAdvice } from './advice-store.ts';
import { adviceFileName, adviceTable, type AdviceTable } from './advice-file.ts';
import { readPayrollLayout } from './layout-store.ts';

/**
 * GET /api/payroll/advices/:month/download?layout= (issue 30): what an issued advice's file holds,
 * read and checked before a byte is sent, so every refusal is a JSON answer.
 */
export async function readAdviceDownload(db: Database, monthText: string, layoutId: string): Promise<{ table: AdviceTable; layout: PayrollLayout; fileName: string }> {
  const month = adviceMonth(monthText);
  const detail = await readAdvice(db, month);
  if (!detail) throw new AppError('PAYROLL_ADVICE_NOT_FOUND');
  if (detail.advice.status !== 'issued') throw new AppError('PAYROLL_ADVICE_NOT_ISSUED');
  // The generic layout gets a column for each deduction payroll is told of (one only held out has none).
  const layout = await readPayrollLayout(db, layoutId, detail.deductions.filter((deduction) => deduction.totalKobo > 0));
  return { table: adviceTable(detail, layout), layout, fileName: adviceFileName(month, layout) };
}
