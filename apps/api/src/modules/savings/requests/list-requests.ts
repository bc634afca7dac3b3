import { count, eq, ne } from 'drizzle-orm';
import { type MySavingsRequests, type SavingsRequestCount, type SavingsRequestList } from '@kobo/core';
import type { Actor } from '../../../auth/actor.ts';
import type { Database } from '../../../db/client.ts';
import { savingsRequests } from '../../../db/schema.ts';
import { readRequestStandings } from './request-standing.ts';
import { readRequestViews } from './request-views.ts';

/** How many of a holder's own requests /requests/mine shows, newest first. */
const MY_REQUESTS = 100;

/**
 * The admins' list (issue 15): pending or decided, newest first (by when it was made), a page at a
 * time; `nextBefore` is there when older ones remain.
 */
export async function listRequests(
  db: Database,
  query: { status: 'pending' | 'decided'; limit: number; before?: string | undefined },
): Promise<SavingsRequestList> {
  const where = query.status === 'pending' ? eq(savingsRequests.status, 'pending') : ne(savingsRequests.status, 'pending');
  const rows = await readRequestViews(db, where, { limit: query.limit + 1, ...(query.before ? { before: Number(query.before) } : {}) });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  // Issue 34: beside each pending request, what its holder has and what approving would leave.
  const standings = await readRequestStandings(db, page.map((row) => row.view));
  const requests = page.map((row) => ({ ...row.view, standing: standings.get(row.view.id) ?? null }));
  return { requests, ...(rows.length > query.limit && last ? { nextBefore: String(last.seq) } : {}) };
}

/** For the navigation badge. */
export async function countPendingRequests(db: Database): Promise<SavingsRequestCount> {
  const [row] = await db.select({ pending: count() }).from(savingsRequests).where(eq(savingsRequests.status, 'pending'));
  return { pending: row?.pending ?? 0 };
}

/** The requests on the caller's own account, whoever made them (a member, or an admin for them). */
export async function listMyRequests(db: Database, actor: Actor): Promise<MySavingsRequests> {
  const rows = await readRequestViews(db, eq(savingsRequests.userId, actor.id), { limit: MY_REQUESTS });
  return { requests: rows.map((row) => row.view) };
}
