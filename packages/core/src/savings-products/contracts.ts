import type { z } from 'zod';
import type { memberProductAccountViewSchema, savingsProductViewSchema } from '../schemas/savings-products.ts';

/** A savings product as the API returns it (the same shape as SavingsProduct). */
export type SavingsProductView = z.infer<typeof savingsProductViewSchema>;

/** One of a member's accounts, one per product: balance, available balance and what each kind adds. */
export type MemberProductAccountView = z.infer<typeof memberProductAccountViewSchema>;
