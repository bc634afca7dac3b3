import { desc, eq } from 'drizzle-orm';
import type { ExitStatus, ExitView } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { memberExits } from '../../db/schema.ts';
import { toExitView } from './exit-store.ts';

/** The exits, newest first, of one status or all (GET /api/exits). */
export async function listExits(db: Database, status: ExitStatus | undefined): Promise<{ items: ExitView[] }> {
  const query = db.select().from(memberExits);
  const rows = await (status ? query.where(eq(memberExits.status, status)) : query).orderBy(desc(memberExits.seq));
  return { items: rows.map(toExitView) };
}
