import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { formatNaira, MAX_AMOUNT_KOBO, type Kobo } from './money.ts';
import { savingsAmountKobo } from './schemas/savings.ts';
import { koboSchema } from './schemas/answer-parts.ts';

/**
 * Receipts on expenses (issue 14, docs/decisions/033-receipts.md): photos or PDFs kept in the
 * database beside the expense, at most 10 MB each, at most 10 on one expense.
 */
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;
export const MAX_RECEIPTS_PER_EXPENSE = 10;
export const RECEIPT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type ReceiptContentType = (typeof RECEIPT_CONTENT_TYPES)[number];
/** What the browser's file picker offers; the server still decides the type from the content. */
export const RECEIPT_ACCEPT = 'image/*,application/pdf';

/** A receipt's metadata, never its bytes (those are fetched from its own address). */
export const receiptViewSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.enum(RECEIPT_CONTENT_TYPES),
  sizeBytes: z.number().int(),
  hasThumbnail: z.boolean(),
});
export type ReceiptView = z.infer<typeof receiptViewSchema>;

export function receiptFileUrl(id: string): string {
  return `/api/receipts/${encodeURIComponent(id)}`;
}

export function receiptThumbnailUrl(id: string): string {
  return `/api/receipts/${encodeURIComponent(id)}/thumbnail`;
}

/** The admin's rule; null: off (the default). */
export const receiptSettingsViewSchema = z.object({ requiredAboveKobo: koboSchema.nullable() });
export type ReceiptSettings = z.infer<typeof receiptSettingsViewSchema>;
/** GET /api/settings/receipts; PUT adds the sentence to show. */
export const receiptSettingsAnswerSchema = z.object({ settings: receiptSettingsViewSchema });
export const receiptSettingsSavedSchema = receiptSettingsAnswerSchema.extend({ message: z.string() });
/** POST /api/receipts: the stored receipt's metadata. */
export const receiptAnswerSchema = z.object({ receipt: receiptViewSchema });

export const receiptSettingsSchema = z
  .object({ requiredAbove: z.unknown().optional() })
  .superRefine((value, ctx) => {
    const amount = value.requiredAbove;
    const blank = amount === null || amount === undefined || (typeof amount === 'string' && amount.trim() === '');
    if (!blank && savingsAmountKobo(amount) === null) ctx.addIssue({ code: 'custom', path: ['requiredAbove'], message: MESSAGES.receiptThresholdInvalid });
  })
  .transform((value): ReceiptSettings => ({ requiredAboveKobo: savingsAmountKobo(value.requiredAbove) }));
export type ReceiptSettingsInput = z.input<typeof receiptSettingsSchema>;

/** A stored threshold (whole kobo) or null: off. */
export function receiptThresholdFromSetting(value: string | null | undefined): Kobo | null {
  if (!value || !/^[1-9][0-9]{0,14}$/.test(value)) return null;
  const kobo = Number(value);
  return kobo <= MAX_AMOUNT_KOBO ? (kobo as Kobo) : null;
}

/** Strictly above the threshold needs at least one receipt; never when the rule is off. */
export function isReceiptRequired(amountKobo: number, requiredAboveKobo: number | null): boolean {
  return requiredAboveKobo !== null && amountKobo > requiredAboveKobo;
}

/** 'A receipt is required for expenses above ₦50,000.00': shown beside the Receipts control. */
export function receiptRequiredMessage(requiredAboveKobo: number): string {
  return `A receipt is required for expenses above ${formatNaira(requiredAboveKobo)}`;
}
