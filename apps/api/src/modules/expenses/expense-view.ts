import { sql, type SQL } from 'drizzle-orm';
import { AppError, UNKNOWN_CATEGORY, type ExpenseView } from '@kobo/core';
import { koboFromDb } from '../../db/kobo.ts';

/**
 * The columns of an ExpenseView over `expenses e left join categories c left join users u`.
 * Timestamps leave PostgreSQL as ISO text and money as text, so both drivers hand back the same
 * strings (PGlite and node-postgres parse bigint and timestamptz differently).
 */
export const EXPENSE_VIEW_COLUMNS: SQL = sql`
  e.id,
  e.amount_kobo::text as amount_kobo,
  e.spent_on::text as spent_on,
  e.description,
  e.title,
  e.payment_method,
  e.category_id,
  c.name as category_name,
  c.color as category_color,
  c.icon as category_icon,
  e.user_id,
  u.name as author_name,
  u.email as author_email,
  ${isoText(sql`e.created_at`)} as created_at,
  ${isoText(sql`e.updated_at`)} as updated_at,
  e.created_at::text as created_at_key,
  (select count(*)::int from expense_receipts er where er.expense_id = e.id) as receipt_count`;

export const EXPENSE_VIEW_FROM: SQL = sql`expenses e
  left join categories c on c.id = e.category_id
  left join users u on u.id = e.user_id`;

export type ExpenseViewRow = {
  id: string;
  amount_kobo: string;
  spent_on: string;
  description: string | null;
  title: string | null;
  payment_method: string;
  category_id: string | null;
  category_name: string | null;
  category_color: string | null;
  category_icon: string | null;
  user_id: string | null;
  author_name: string | null;
  author_email: string | null;
  created_at: string;
  updated_at: string;
  /** created_at at full (microsecond) precision, for keyset paging. */
  created_at_key: string;
  /** Receipts attached (issue 14): counted through their index, their bytes never read. */
  receipt_count: number;
};

export function toExpenseView(row: ExpenseViewRow): ExpenseView {
  const hasCategory = row.category_name !== null;
  return {
    id: row.id,
    amountKobo: koboFromDb(row.amount_kobo),
    date: row.spent_on,
    description: row.description,
    title: row.title,
    paymentMethod: row.payment_method,
    category: {
      id: hasCategory ? row.category_id : null,
      name: row.category_name ?? UNKNOWN_CATEGORY.name,
      color: hasCategory ? (row.category_color ?? UNKNOWN_CATEGORY.color) : UNKNOWN_CATEGORY.color,
      icon: hasCategory ? (row.category_icon ?? UNKNOWN_CATEGORY.icon) : UNKNOWN_CATEGORY.icon,
    },
    userId: row.user_id,
    createdBy: row.user_id && row.author_name !== null ? { id: row.user_id, name: row.author_name, email: row.author_email ?? '' } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    receiptCount: Number(row.receipt_count ?? 0),
  };
}

export function isoText(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A sum or amount that PostgreSQL sent as text, as whole kobo; refuses what a double cannot hold exactly. */

/**
 * A lower bound on created_at that keeps the `limit` newest rows matching `where` (ties included).
 * The index on created_at alone finds it in a few steps, where ordering the whole filtered set by
 * (created_at, id) would sort every row of a year: the outer query then sorts only what is left.
 * Every `created_at desc` here says `nulls last` to match that index (created_at desc nulls last);
 * PostgreSQL's default for desc is nulls first, which the index cannot serve.
 */
export function newestFirstBound(where: SQL, limit: number): SQL {
  return sql`e.created_at >= coalesce(
    (select e.created_at from expenses e where ${where} order by e.created_at desc nulls last offset ${limit - 1} limit 1),
    '-infinity'::timestamptz)`;
}

/** Keyset cursors: opaque to the browser, validated on the way back in. */
export function encodeCursor(parts: string[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

export function decodeCursor(cursor: string, length: number): string[] {
  try {
    const parts: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parts) && parts.length === length && parts.every((part) => typeof part === 'string')) return parts;
  } catch {
    // falls through to the refusal below
  }
  throw new AppError('VALIDATION', { field: 'cursor' });
}
