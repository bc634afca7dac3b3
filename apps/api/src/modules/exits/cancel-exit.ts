import { eq } from 'drizzle-orm';
import { AppError, type ExitDetail } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { memberExits } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { readExitRow } from './exit-store.ts';
import type { ExitDeps } from './exits.routes.ts';
import { readExitDetail } from './read-exit.ts';

/** Statuses an exit may be cancelled from: before settlement, never after (issue 32, "The exit" 5). */
const CANCELLABLE = new Set(['notice', 'approved']);

/**
 * Cancels an exit at notice or approved; settled or later is refused (EXIT_CANNOT_CANCEL, the
 * settlement is reversed instead), and a cancelled one is no longer at notice. A
 * cancelled exit no longer counts as live, so the member may give notice again.
 */
export async function cancelExit(deps: ExitDeps, actor: Actor, id: string, reason: string): Promise<ExitDetail> {
  await deps.db.transaction(async (tx) => {
    const row = await readExitRow(tx, id, true);
    if (row.status === 'cancelled') throw new AppError('EXIT_NOT_NOTICE');
    if (!CANCELLABLE.has(row.status)) throw new AppError('EXIT_CANNOT_CANCEL');
    const at = deps.now();
    await tx.update(memberExits).set({ status: 'cancelled', cancelledByName: actor.name, cancelledAt: at, cancelReason: reason, updatedAt: at }).where(eq(memberExits.id, id));
    await recordAudit(tx, {
      kind: 'exit.cancelled',
      actor,
      target: { type: 'member_exit', id, label: `Exit ${row.seq}: ${row.holderName}` },
      people: [row.userId],
      before: { status: row.status },
      after: { status: 'cancelled', reason },
      at,
    });
  });
  return readExitDetail(deps.db, id);
}
