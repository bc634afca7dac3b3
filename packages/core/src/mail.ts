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
};

export function outboxKindLabel(kind: string): string {
  return OUTBOX_KIND_LABELS[kind] ?? kind;
}

export type OutboxMailView = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  /** When it is tried next; null once it failed for good. */
  nextAttemptAt: string | null;
  failedAt: string | null;
};

export type OutboxPage = { counts: Record<OutboxStatus, number>; mails: OutboxMailView[]; nextCursor: string | null };
