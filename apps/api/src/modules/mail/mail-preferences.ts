import { eq, sql } from 'drizzle-orm';
import { AppError, MAIL_KINDS, mailPreferencesFrom, type MailPreferences, type MailPreferencesUpdate } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** The caller's own mail settings: every kind on unless they turned it off (users.mail_opt_outs). */
export async function readMailPreferences(db: Database, actor: Actor): Promise<MailPreferences> {
  const [row] = await db.select({ optOuts: users.mailOptOuts }).from(users).where(eq(users.id, actor.id));
  if (!row) throw new AppError('SIGN_IN_REQUIRED');
  return mailPreferencesFrom(row.optOuts);
}

/**
 * Turns the named kinds on or off and leaves the others as they are, in one statement, so two
 * tabs changing different switches at once both count. Only the caller's own row changes.
 */
export async function saveMailPreferences(db: Database, actor: Actor, update: MailPreferencesUpdate): Promise<MailPreferences> {
  const off = MAIL_KINDS.filter((kind) => update[kind] === false);
  const on = MAIL_KINDS.filter((kind) => update[kind] === true);
  const [row] = await queryRows<{ mail_opt_outs: string[] }>(db, sql`
    update users
    set mail_opt_outs = array(
      select distinct kind
      from unnest(mail_opt_outs || array(select jsonb_array_elements_text(${JSON.stringify(off)}::jsonb))) as kind
      where kind not in (select jsonb_array_elements_text(${JSON.stringify(on)}::jsonb))
      order by kind)
    where id = ${actor.id}
    returning mail_opt_outs`);
  if (!row) throw new AppError('SIGN_IN_REQUIRED');
  return mailPreferencesFrom(row.mail_opt_outs);
}
