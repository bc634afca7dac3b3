import { sql } from 'drizzle-orm';
import { approvalLeaves, type SavingsRequestStanding, type SavingsRequestView } from '@kobo/core';
import { queryRows, type Database } from '../../../db/client.ts';
import { koboFromDb } from '../../../db/kobo.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../../db/schema.ts';
import { heldKoboSql } from '../../ledger/lien-sql.ts';

type StandingRow = { id: string; balance_kobo: string | number; held_kobo: string | number };

/**
 * Issue 34: each pending request's holder's balance and what is held of it, now, read in one
 * statement: the account the request holds (a withdrawal's or transfer's), or for a deposit the
 * holder's ordinary account. A holder whose account is not yet open stands at zero; a deleted
 * holder, or a decided request, has no standing.
 */
export async function readRequestStandings(db: Database, requests: SavingsRequestView[]): Promise<Map<string, SavingsRequestStanding>> {
  const pending = requests.filter((request) => request.status === 'pending' && request.holder !== null);
  if (pending.length === 0) return new Map();
  const ids = sql.join(
    pending.map((request) => sql`${request.id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<StandingRow>(
    db,
    sql`select r.id, coalesce(a.balance_kobo, 0) as balance_kobo, case when a.id is null then 0 else ${heldKoboSql(sql`a.id`)} end as held_kobo
        from savings_requests r
        left join savings_accounts a on a.id = coalesce(
          r.account_id,
          (select o.id from savings_accounts o where o.user_id = r.user_id and o.product_id = ${ORDINARY_SAVINGS_PRODUCT_ID}::uuid)
        )
        where r.id in (${ids})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const standings = new Map<string, SavingsRequestStanding>();
  for (const request of pending) {
    const row = byId.get(request.id);
    if (!row) continue;
    standings.set(request.id, approvalLeaves(request, { balanceKobo: koboFromDb(row.balance_kobo), heldKobo: koboFromDb(row.held_kobo) }));
  }
  return standings;
}
