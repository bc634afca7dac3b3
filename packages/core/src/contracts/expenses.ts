import type { Kobo } from '../money.ts';
import type { CategoryIcon } from '../categories.ts';
import type { ReceiptView } from '../receipts.ts';
import type { DashboardPeriod, DateRange, IsoDate } from '../periods.ts';
import type { ReportBudget } from './budgets.ts';

/**
 * What the expenses API answers (docs/decisions/008-expenses-api.md), shared so the screens type
 * their fetchers with the server's own shapes. Money is integer kobo; dates are ISO strings.
 */
export type CategoryView = {
  id: string;
  name: string;
  color: string;
  icon: CategoryIcon;
  createdAt: string;
  /** True while any expense uses it: the screen can say so before trying to delete. */
  hasExpenses: boolean;
};

/** The category of an expense as shown on a card; 'Other' / #95A5A6 when unknown (SPEC 3). */
export type ExpenseCategoryView = { id: string | null; name: string; color: string; icon: string };

export type ExpenseView = {
  id: string;
  amountKobo: Kobo;
  /** The calendar day of the expense in APP_TIMEZONE. */
  date: IsoDate;
  /** The form's Description. Cards show `description ?? title` (SPEC 3: title "shown as the description"). */
  description: string | null;
  title: string | null;
  paymentMethod: string;
  category: ExpenseCategoryView;
  /** The author; `createdBy` is null when their account is gone: show 'Unknown User'. */
  userId: string | null;
  createdBy: { id: string; name: string; email: string } | null;
  createdAt: string;
  updatedAt: string;
  /** How many receipts are attached (issue 14); the card shows a paperclip when any. */
  receiptCount: number;
  /** The receipts' metadata: on the single expense (GET /api/expenses/:id), not on list items. */
  receipts?: ReceiptView[];
};

export type ExpensePage = {
  items: ExpenseView[];
  /** Sum and count of the whole filtered set, not only this page. */
  totalKobo: Kobo;
  count: number;
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
};

export type CategoryShare = {
  categoryId: string | null;
  name: string;
  color: string;
  icon: string;
  amountKobo: Kobo;
  count: number;
  /** Of the period's total, to one decimal, from integer kobo. */
  percent: number;
};

export type DashboardView = {
  period: DashboardPeriod;
  range: DateRange;
  totalKobo: Kobo;
  count: number;
  topCategories: CategoryShare[];
  distribution: CategoryShare[];
  recent: ExpenseView[];
  series: { unit: 'day' | 'month'; points: { key: string; amountKobo: Kobo }[] };
};

export type ReportSummary = {
  range: DateRange;
  days: number;
  totalKobo: Kobo;
  averageDailyKobo: Kobo;
  count: number;
  breakdown: CategoryShare[];
  /** Issue 14: each budgeted item's budget for the range, where the range stands for whole budget periods. */
  budgets: ReportBudget[];
};

export type ReportRow = {
  id: string;
  date: IsoDate;
  item: string;
  color: string;
  amountKobo: Kobo;
  description: string | null;
};

export type ReportRowsPage = { rows: ReportRow[]; nextCursor: string | null };

/** What GET /api/events streams (as `data:` JSON): refetch the named list. */
export type ChangeEvent = { type: 'categories' | 'expenses' };
