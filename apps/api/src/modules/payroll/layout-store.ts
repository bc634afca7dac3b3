import { sql } from 'drizzle-orm';
import { AppError, GENERIC_LAYOUT_ID, genericLayout, isUuid, type LayoutCode, type LayoutColumn, type PayrollLayout } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

type Db = Database | Transaction;
type LayoutRow = {
  id: string;
  name: string;
  shape: PayrollLayout['shape'];
  format: PayrollLayout['format'];
  date_format: PayrollLayout['dateFormat'];
  number_format: PayrollLayout['numberFormat'];
  columns: LayoutColumn[];
  codes: LayoutCode[];
  updated_at: string;
};

function toLayout(row: LayoutRow): PayrollLayout {
  return {
    id: row.id,
    name: row.name,
    builtIn: false,
    shape: row.shape,
    format: row.format,
    dateFormat: row.date_format,
    numberFormat: row.number_format,
    columns: row.columns,
    codes: row.codes,
    updatedAt: row.updated_at,
  };
}

const SELECT = sql`select id, name, shape, format, date_format, number_format, columns, codes,
                          to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
                   from payroll_layouts`;

/** The saved layouts by name (the generic one is not stored: see genericLayoutFor). */
export async function listSavedLayouts(db: Db): Promise<PayrollLayout[]> {
  return (await queryRows<LayoutRow>(db, sql`${SELECT} order by lower(name), id`)).map(toLayout);
}

/** The generic layout for an advice's deductions (key and label, in the advice's order). */
export function genericLayoutFor(deductions: readonly { key: string; label: string }[]): PayrollLayout {
  return { ...genericLayout(deductions), builtIn: true, updatedAt: null };
}

/**
 * A layout by id: 'generic' (built for the advice's deductions) or a saved one; refused 404 when
 * no such layout exists (a malformed id too).
 */
export async function readPayrollLayout(db: Db, id: string, deductions: readonly { key: string; label: string }[]): Promise<PayrollLayout> {
  if (id === GENERIC_LAYOUT_ID) return genericLayoutFor(deductions);
  if (!isUuid(id)) throw new AppError('PAYROLL_LAYOUT_NOT_FOUND', { field: 'layout' });
  const [row] = await queryRows<LayoutRow>(db, sql`${SELECT} where id = ${id}`);
  if (!row) throw new AppError('PAYROLL_LAYOUT_NOT_FOUND', { field: 'layout' });
  return toLayout(row);
}
