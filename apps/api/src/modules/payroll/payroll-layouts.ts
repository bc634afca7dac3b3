import {
  AppError,
  arrearsKey,
  contributionKey,
  deductionLabel,
  LOAN_DEDUCTION_KEY,
  layoutProblems,
  MESSAGES,
  orderDeductionKeys,
  parseDeductionKey,
  type PayrollLayout,
  type PayrollLayoutInput,
} from '@kobo/core';
import type { Database, Transaction } from '../../db/client.ts';
import { readRunProducts } from '../batches/run-products.ts';
import { genericLayoutFor, listSavedLayouts } from './layout-store.ts';
import { readPayrollSettings } from './payroll-settings.ts';

type Db = Database | Transaction;

/**
 * The deductions a fresh advice may carry today, in the allocation order with their labels: each
 * product the run takes money into, its arrears when the scheme re-deducts them, and the loan.
 */
export async function currentDeductions(db: Db): Promise<{ key: string; label: string }[]> {
  const [products, settings] = await Promise.all([readRunProducts(db), readPayrollSettings(db)]);
  const keys = products.columns.flatMap((product) => (settings.redeductArrears ? [contributionKey(product.id), arrearsKey(product.id)] : [contributionKey(product.id)]));
  const names = new Map(products.all.map((product) => [product.id, product.name]));
  const ordered = orderDeductionKeys([...keys, LOAN_DEDUCTION_KEY], settings.allocationOrder, products.columns.map((product) => product.id));
  return ordered.map((key) => ({ key, label: deductionLabel(key, names) }));
}

/** GET /api/payroll/layouts: the generic layout (built for today's deductions) first, then the saved ones by name. */
export async function listPayrollLayouts(db: Db): Promise<{ layouts: PayrollLayout[] }> {
  return { layouts: [genericLayoutFor(await currentDeductions(db)), ...(await listSavedLayouts(db))] };
}

/**
 * Refuses a layout whose rules are wrong (core's layoutProblems, the first beside its field) or
 * whose deductions name a product the run takes no money into ('loan' always stands).
 */
export async function checkLayoutInput(db: Db, input: PayrollLayoutInput): Promise<void> {
  const [problem] = layoutProblems(input);
  if (problem) throw new AppError('VALIDATION', { message: problem.message, field: problem.field });
  const live = new Set((await readRunProducts(db)).columns.map((product) => product.id));
  const names = (keys: readonly string[] | undefined) => (keys ?? []).every((key) => {
    const productId = parseDeductionKey(key)?.productId;
    return productId === null || (productId !== undefined && live.has(productId));
  });
  if (!input.columns.every((column) => names(column.keys))) throw new AppError('VALIDATION', { message: MESSAGES.payrollDeductionUnknownProduct, field: 'columns' });
  if (!input.codes.every((code) => names(code.keys))) throw new AppError('VALIDATION', { message: MESSAGES.payrollDeductionUnknownProduct, field: 'codes' });
}
