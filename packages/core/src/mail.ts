import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * The mail a person may turn off in User Settings (issue 15, docs/decisions/020-notifications.md).
 * Account mail (password reset, invitations, guarantor requests, decisions on their requests) is
 * not among them: it is always sent.
 */
export const MAIL_KINDS = ['postings', 'loans', 'statements'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, { label: string; description: string }> = {
  postings: { label: 'Savings receipts', description: 'An email for every deposit, withdrawal, transfer and reversal on your savings.' },
  loans: { label: 'Loan updates', description: 'An email when your loan is paid out, repaid, reversed or written off.' },
  statements: { label: 'Monthly statements', description: "On the 1st, last month's statement as a spreadsheet, when your savings moved that month." },
};

/** Each kind on (true) or off (false). */
export type MailPreferences = Record<MailKind, boolean>;

export function isMailKind(value: unknown): value is MailKind {
  return typeof value === 'string' && (MAIL_KINDS as readonly string[]).includes(value);
}

/** What the stored opt-outs mean: every kind not turned off is on. */
export function mailPreferencesFrom(optOuts: readonly string[]): MailPreferences {
  return Object.fromEntries(MAIL_KINDS.map((kind) => [kind, !optOuts.includes(kind)])) as MailPreferences;
}

/**
 * PUT /api/account/mail-preferences: the kinds to change, each on or off; a kind not named stays as
 * it was (two tabs toggling different switches do not undo each other). An unknown kind is refused.
 */
export const mailPreferencesUpdateSchema = z
  .strictObject(Object.fromEntries(MAIL_KINDS.map((kind) => [kind, z.boolean({ message: MESSAGES.invalidRequest }).optional()])) as Record<MailKind, z.ZodOptional<z.ZodBoolean>>)
  .refine((value) => Object.values(value).some((on) => on !== undefined), { message: MESSAGES.invalidRequest });
export type MailPreferencesUpdate = z.output<typeof mailPreferencesUpdateSchema>;

/** GET and PUT /api/account/mail-preferences answer: each kind, on or off. */
export const mailPreferencesAnswerSchema = z.object({
  preferences: z.object(Object.fromEntries(MAIL_KINDS.map((kind) => [kind, z.boolean()])) as Record<MailKind, z.ZodBoolean>),
});

// ---------------------------------------------------------------------------------------------
// The outgoing mail screen (admins).
// ---------------------------------------------------------------------------------------------

export const OUTBOX_STATUSES = ['failed', 'queued'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const MAX_OUTBOX_PAGE_SIZE = 100;

export const outboxQuerySchema = z.object({
  status: z.enum(OUTBOX_STATUSES).default('failed'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_OUTBOX_PAGE_SIZE).default(25),
});
export type OutboxQuery = z.output<typeof outboxQuerySchema>;

export const outboxMailParamsSchema = z.object({ id: z.string().max(100) });

/** What each kind of queued mail is called on the screen; a kind not listed shows as stored. */
export const OUTBOX_KIND_LABELS: Record<string, string> = {
  'savings.receipt': 'Savings receipt',
  'loan.event': 'Loan update',
  'savings.statement': 'Monthly statement',
  'loan.guarantee_request': 'Guarantor request',
  'yearend.line': 'Year-end dividend and interest',
};

export function outboxKindLabel(kind: string): string {
  return OUTBOX_KIND_LABELS[kind] ?? kind;
}

export const outboxMailViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When it is tried next; null once it failed for good. */
  nextAttemptAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type OutboxMailView = z.infer<typeof outboxMailViewSchema>;

// ---------------------------------------------------------------------------------------------
// Mail without a mail server (issue 26, docs/decisions/037-mail-without-a-server.md).
// ---------------------------------------------------------------------------------------------

/**
 * Whether a mail will leave the server: 'sending' when a mail server is set (SMTP_URL), 'kept'
 * when none is and mail is only written to the server's outbox folder, where nobody reads it.
 */
export const MAIL_DELIVERIES = ['sending', 'kept'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/** A link a kept mail held, for the admin or officer who acted to hand over themselves. */
export const handOverLinkSchema = z.object({ name: z.string(), email: z.string(), link: z.string() });
export type HandOverLink = z.infer<typeof handOverLinkSchema>;

/**
 * What an answer says of the mail its act queued for someone who depends on it (an invitation, a
 * guarantor request). `links` is empty when the mail will leave: it holds what a kept mail held.
 */
export const mailNoticeSchema = z.object({
  delivery: z.enum(MAIL_DELIVERIES).describe("'sending': a mail server is set and the mail is on its way; 'kept': no mail server is set, the mail was not sent"),
  links: z.array(handOverLinkSchema).describe('When kept: the link each person needs, to hand over by other means. Empty when sending.'),
});
export type MailNotice = z.infer<typeof mailNoticeSchema>;

/** Outgoing mail's word on the mail server: whether one is set, and how many mails the server kept unsent. */
export const mailServerStateSchema = z.object({
  isSet: z.boolean(),
  /** Mails written to the server's outbox folder (no mail server then): kept there, never sent. */
  kept: z.number().int(),
});
export type MailServerState = z.infer<typeof mailServerStateSchema>;

export const outboxPageSchema = z.object({
  counts: z.object({ failed: z.number().int(), queued: z.number().int() }),
  mails: z.array(outboxMailViewSchema),
  nextCursor: z.string().nullable(),
  mailServer: mailServerStateSchema,
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export function keptMailSentence(count: number): string {
  return count === 1
    ? '1 mail was kept on the server, in its outbox folder, and not sent.'
    : `${count} mails were kept on the server, in its outbox folder, and not sent.`;
}
