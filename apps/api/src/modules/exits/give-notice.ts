import { eq } from 'drizzle-orm';
import { addDays, AppError, calendarDate, holdsSavings, MESSAGES, type ExitDetail, type ExitReason } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { memberExits, users } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { exitNoticeMail } from './exit-notice-mail.ts';
import { liveExitOf, toExitView } from './exit-store.ts';
import { readExitSettings } from './exit-settings.ts';
import type { ExitDeps } from './exits.routes.ts';
import { readExitDetail } from './read-exit.ts';

export type NoticeInput = { reason: ExitReason; leavingDate: string; note?: string | null | undefined };

/**
 * A member gives notice to leave (issue 32, "The exit" 1), or an officer gives it for them: the
 * notice date is today (the scheme's business day), the earliest settlement date today plus the
 * notice period (today itself for a death). One live exit per member: the member's row is locked
 * first, so two notices at once are judged one after the other, and the partial unique index
 * member_exits_live_key refuses whatever slips past. The member is mailed a confirmation (not for a death).
 */
export async function giveNotice(deps: ExitDeps, actor: Actor, userId: string, input: NoticeInput): Promise<ExitDetail> {
  const today = calendarDate(deps.now(), deps.timeZone);
  if (input.leavingDate < today) throw new AppError('VALIDATION', { message: MESSAGES.exitLeavingDateInvalid, field: 'leavingDate' });
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const [member] = await tx
        .select({ id: users.id, name: users.name, email: users.email, role: users.role, staffId: users.staffId })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update');
      if (!member || !holdsSavings(member.role)) throw new AppError('EXIT_NOT_HOLDER');
      if (await liveExitOf(tx, userId)) throw new AppError('EXIT_ALREADY_GIVEN');
      const settings = await readExitSettings(tx);
      const at = deps.now();
      const [row] = await tx
        .insert(memberExits)
        .values({
          userId,
          holderName: member.name,
          staffId: member.staffId,
          reason: input.reason,
          note: input.note ? input.note : null,
          noticeDate: today,
          leavingDate: input.leavingDate,
          earliestSettlementDate: input.reason === 'death' ? today : addDays(today, settings.noticeDays),
          givenById: actor.id,
          givenByName: actor.name,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!row) throw new Error('inserting an exit returned no row');
      await recordAudit(tx, {
        kind: 'exit.notice_given',
        actor,
        target: { type: 'member_exit', id: row.id, label: `Exit ${row.seq}: ${member.name}` },
        people: [userId],
        before: null,
        after: { reason: row.reason, noticeDate: row.noticeDate, leavingDate: row.leavingDate, earliestSettlementDate: row.earliestSettlementDate, note: row.note },
        at,
      });
      if (input.reason !== 'death') {
        const link = `${deps.appUrl}/profile`;
        await enqueueMail(tx, 'exit.notice', exitNoticeMail(member, toExitView(row), actor.id === userId, link));
      }
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'member_exits_live_key')) throw new AppError('EXIT_ALREADY_GIVEN', { cause: error });
    throw error;
  }
  deps.outbox.nudge();
  return readExitDetail(deps.db, id);
}
