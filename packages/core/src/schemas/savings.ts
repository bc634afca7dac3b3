import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { MAX_AMOUNT_KOBO, parseNaira, type Kobo } from '../money.ts';
import { DEFAULT_SAVINGS_PERIOD, isSupportedDate, SAVINGS_PERIODS } from '../periods.ts';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth.ts';
import { isValidPhoneNumber } from './phone-number.ts';
import { MAX_REASON_LENGTH, MAX_SAVINGS_DESCRIPTION_LENGTH } from '../savings.ts';

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const optionalText = z.preprocess(trimmed, z.string().nullish());
const text = z.string().default('');

/** DECISIONS 11: a savings amount is naira with at most two decimals, above 0 and at most the cap. */
export function savingsAmountKobo(amount: unknown): Kobo | null {
  if (typeof amount !== 'string' && typeof amount !== 'number') return null;
  const kobo = parseNaira(amount);
  return kobo !== null && kobo > 0 && kobo <= MAX_AMOUNT_KOBO ? kobo : null;
}

const amountInput = z.union([z.string(), z.number()]).nullish();
const descriptionInput = optionalText;
/** An optional value date (issue 11); blank means today. The server refuses one in the future. */
const valueDateInput = optionalText;

function valueDateIsMalformed(value: string | null | undefined): boolean {
  return Boolean(value) && !isSupportedDate(value as string);
}

/** Over the limit is refused, never cut: what was typed is stored whole or not at all. */
function isDescriptionTooLong(value: string | null | undefined): boolean {
  return (value?.length ?? 0) > MAX_SAVINGS_DESCRIPTION_LENGTH;
}

/** The fields of a deposit or withdrawal as sent, before savingsTransactionSchema's checks. */
export const savingsTransactionFieldsSchema = z.object({
  userId: optionalText,
  type: z.unknown(),
  amount: amountInput,
  description: descriptionInput,
  valueDate: valueDateInput,
});
type SavingsTransactionFields = z.output<typeof savingsTransactionFieldsSchema>;

/**
 * Every field, so the form flags them all at once (docs/decisions/060-every-field-at-once.md).
 * Exported with toSavingsTransaction so a schema that adds fields (the API's posting to a product)
 * checks the same fields in the same pass, rather than parsing the body a second time with this one.
 */
export function checkSavingsTransaction(value: SavingsTransactionFields, ctx: z.RefinementCtx): void {
  const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (savingsAmountKobo(value.amount) === null) fail('amount', MESSAGES.enterValidAmount);
  if (value.type !== 'deposit' && value.type !== 'withdrawal') fail('type', MESSAGES.chooseTransactionType);
  if (isDescriptionTooLong(value.description)) fail('description', MESSAGES.savingsDescriptionTooLong);
  if (valueDateIsMalformed(value.valueDate)) fail('valueDate', MESSAGES.invalidDate);
}

/** The posting checkSavingsTransaction let through, in kobo. */
export function toSavingsTransaction(value: SavingsTransactionFields) {
  return {
    userId: value.userId || null,
    type: value.type as 'deposit' | 'withdrawal',
    amountKobo: savingsAmountKobo(value.amount) as Kobo,
    description: value.description || null,
    valueDate: value.valueDate || null,
  };
}

/**
 * A deposit or withdrawal, checked in SPEC 5's order: the amount, then (for an admin) the staff
 * member. Whether a staff member is needed depends on who asks, so the server checks `userId`
 * after this schema, keeping the same order; the type and the description's length are checked
 * here, after the amount.
 */
export const savingsTransactionSchema = savingsTransactionFieldsSchema.superRefine(checkSavingsTransaction).transform(toSavingsTransaction);
export type SavingsTransactionInput = z.input<typeof savingsTransactionSchema>;

/**
 * A transfer, checked in SPEC 5's order: the recipient, then the amount. A missing source is the
 * admin's "select a staff member"; a recipient equal to the source is 'Invalid transfer details'.
 */
export const transferSchema = z
  .object({
    fromUserId: optionalText,
    toUserId: optionalText,
    amount: amountInput,
    description: descriptionInput,
    valueDate: valueDateInput,
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    // Every field, so the form flags them all at once; the first issue is still SPEC 5's first.
    if (!value.fromUserId) fail('fromUserId', MESSAGES.selectStaffMember);
    if (!value.toUserId) fail('toUserId', MESSAGES.selectTransferRecipient);
    if (savingsAmountKobo(value.amount) === null) fail('amount', MESSAGES.enterValidAmount);
    if (value.toUserId && value.fromUserId === value.toUserId) fail('toUserId', MESSAGES.invalidTransferDetails);
    if (isDescriptionTooLong(value.description)) fail('description', MESSAGES.savingsDescriptionTooLong);
    if (valueDateIsMalformed(value.valueDate)) fail('valueDate', MESSAGES.invalidDate);
  })
  .transform((value) => ({
    fromUserId: value.fromUserId as string,
    toUserId: value.toUserId as string,
    amountKobo: savingsAmountKobo(value.amount) as Kobo,
    description: value.description || null,
    valueDate: value.valueDate || null,
  }));
export type TransferInput = z.input<typeof transferSchema>;

/**
 * The Transfer modal, which knows the source's balance: adds SPEC 5's 'Transfer amount exceeds
 * available balance' after the server's checks. The server itself answers 'Insufficient balance
 * for transfer' when the locked balance is short.
 */
export function transferFormSchema(availableKobo: number) {
  return transferSchema.superRefine((value, ctx) => {
    if (value.amountKobo > availableKobo) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: MESSAGES.transferExceedsBalance });
    }
  });
}

function emailIsValid(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && z.email().safeParse(email).success;
}

/** Add New Staff, in the modal's order: email, password, full name, optional phone (SPEC 5, 8). */
export const createStaffSchema = z
  .object({
    email: z.preprocess(trimmed, text),
    password: text,
    name: z.preprocess(trimmed, text),
    phoneNumber: optionalText,
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    // Every field, in SPEC 8's order, so the form flags them all at once (docs/decisions/060-every-field-at-once.md).
    if (!emailIsValid(value.email)) fail('email', MESSAGES.staffInvalidEmail);
    if (value.password.length < MIN_PASSWORD_LENGTH) fail('password', MESSAGES.staffWeakPassword);
    else if (value.password.length > MAX_PASSWORD_LENGTH) fail('password', `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);
    if (!value.name) fail('name', MESSAGES.staffNameRequired);
    else if (value.name.length > MAX_NAME_LENGTH) fail('name', `Name must be at most ${MAX_NAME_LENGTH} characters`);
    const phone = value.phoneNumber;
    if (phone && !isValidPhoneNumber(phone)) fail('phoneNumber', MESSAGES.staffInvalidPhone);
  })
  .transform((value) => ({
    email: value.email.toLowerCase(),
    password: value.password,
    name: value.name,
    phoneNumber: value.phoneNumber || null,
  }));
export type CreateStaffInput = z.input<typeof createStaffSchema>;

export const savingsPeriodSchema = z.enum(SAVINGS_PERIODS).default(DEFAULT_SAVINGS_PERIOD);

/** A statement's days, both inclusive, in APP_TIMEZONE. */
export const statementRangeSchema = z
  .object({ userId: optionalText, from: text, to: text })
  .superRefine((value, ctx) => {
    if (!isSupportedDate(value.from) || !isSupportedDate(value.to)) {
      return ctx.addIssue({ code: 'custom', path: ['from'], message: MESSAGES.selectBothDates });
    }
    if (value.to < value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.endBeforeStart });
  })
  .transform((value) => ({ userId: value.userId || null, from: value.from, to: value.to }));

/** Reversing a posting (issue 11): a reason is required; the value date defaults to today. */
export const reversalSchema = z
  .object({ reason: z.preprocess(trimmed, text), valueDate: valueDateInput })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!value.reason) return fail('reason', MESSAGES.reversalReasonRequired);
    if (value.reason.length > MAX_REASON_LENGTH) return fail('reason', MESSAGES.reasonTooLong);
    if (valueDateIsMalformed(value.valueDate)) return fail('valueDate', MESSAGES.invalidDate);
  })
  .transform((value) => ({ reason: value.reason, valueDate: value.valueDate || null }));
export type ReversalInput = z.input<typeof reversalSchema>;
