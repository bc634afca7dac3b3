import { sql } from 'drizzle-orm';
import { arrearsAgeBucket, asKobo, type ContributionArrearsReport, type ContributionArrearsRow, type OwnContributionArrears } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

type Db = Database | Transaction;
type OwedRow = { user_id: string; name: string; staff_id: string | null; product_id: string; product_name: string; month: string; outstanding_kobo: string | number };

/**
 * Outstanding contribution arrears (issue 30) as they stood for a month: arrears that arose in it
 * or before, per member and product, aged 1, 2, and 3 or more months (arrearsAgeBucket), by staff
 * ID then product. What is outstanding is today's figure: a later payment has cleared it.
 */
export async function readArrearsReport(db: Db, month: string): Promise<ContributionArrearsReport> {
  const owed = await queryRows<OwedRow>(
    db,
    sql`select a.user_id, u.name, u.staff_id, a.product_id, p.name as product_name, a.month, a.outstanding_kobo
        from contribution_arrears a join users u on u.id = a.user_id join savings_products p on p.id = a.product_id
        where a.outstanding_kobo > 0 and a.month <= ${month}
        order by u.staff_id nulls last, u.name, a.user_id, p.name, a.product_id, a.month`,
  );
  const rows = new Map<string, ContributionArrearsRow>();
  for (const row of owed) {
    const id = `${row.user_id} ${row.product_id}`;
    const entry = rows.get(id) ?? {
      userId: row.user_id,
      name: row.name,
      staffId: row.staff_id,
      productId: row.product_id,
      productName: row.product_name,
      oneMonthKobo: asKobo(0),
      twoMonthsKobo: asKobo(0),
      threePlusMonthsKobo: asKobo(0),
      totalKobo: asKobo(0),
      oldestMonth: row.month as ContributionArrearsRow['oldestMonth'],
    };
    const kobo = Number(row.outstanding_kobo);
    const bucket = arrearsAgeBucket(row.month, month);
    const field = bucket === 1 ? 'oneMonthKobo' : bucket === 2 ? 'twoMonthsKobo' : 'threePlusMonthsKobo';
    entry[field] = asKobo(entry[field] + kobo);
    entry.totalKobo = asKobo(entry.totalKobo + kobo);
    rows.set(id, entry);
  }
  const list = [...rows.values()];
  return { month: month as ContributionArrearsReport['month'], rows: list, totalKobo: asKobo(list.reduce((sum, row) => sum + row.totalKobo, 0)) };
}

/** What a member owes in arrears, per product and the month it arose (oldest first). */
export async function readOwnArrears(db: Db, userId: string): Promise<OwnContributionArrears> {
  const owed = await queryRows<OwedRow>(
    db,
    sql`select a.user_id, '' as name, null as staff_id, a.product_id, p.name as product_name, a.month, a.outstanding_kobo
        from contribution_arrears a join savings_products p on p.id = a.product_id
        where a.user_id = ${userId} and a.outstanding_kobo > 0
        order by a.month, p.name, a.product_id, a.created_at`,
  );
  const items = owed.map((row) => ({ productId: row.product_id, productName: row.product_name, month: row.month as OwnContributionArrears['items'][number]['month'], outstandingKobo: asKobo(Number(row.outstanding_kobo)) }));
  return { items, totalKobo: asKobo(items.reduce((sum, item) => sum + item.outstandingKobo, 0)) };
}
