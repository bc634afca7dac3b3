import type { HandOverLink, MailNotice } from '@kobo/core';
import type { Outbox } from './outbox.ts';

/**
 * What an answer says of the mail its act queued for people who depend on it (issue 26,
 * docs/decisions/037-mail-without-a-server.md): on its way, or kept with the links it held, for
 * the admin or officer who acted to hand over. A link never leaves in an answer when the mail does.
 */
export function mailNotice(outbox: Pick<Outbox, 'delivery'>, links: readonly HandOverLink[]): MailNotice {
  return outbox.delivery === 'kept' ? { delivery: 'kept', links: [...links] } : { delivery: 'sending', links: [] };
}
