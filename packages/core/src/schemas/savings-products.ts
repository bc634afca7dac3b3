import { z } from 'zod';
import { PAYOUT_DESTINATIONS, SAVINGS_PRODUCT_KINDS } from '../savings-products/products.ts';
import { isoDateSchema, koboSchema } from './answer-parts.ts';

/**
 * What the savings products' routes answer (issue 29). The screens' types
 * (savings-products/contracts.ts) are inferred from these; the product's own type
 * (savings-products/products.ts) is held to the view's shape by a test.
 */

const dayOfYearSchema = z.string().describe("A day of the year, 'MM-DD'");

export const penaltyRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), basisPoints: z.number().int() }),
  z.object({ kind: z.literal('fixed'), kobo: z.number().int() }),
]);

/** A savings product as the API returns it: its kind and rules, and whether it is retired. */
export const savingsProductViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SAVINGS_PRODUCT_KINDS),
  controlAccountId: z.string(),
  /** Shares: price per share; null when shares are held as a naira amount. */
  sharePriceKobo: z.number().int().nullable(),
  /** Shares: the least a member must hold; null for no minimum. */
  minimumHoldingKobo: z.number().int().nullable(),
  /** Target: the withdrawal window's first and last days, and the pay-out day. */
  windowOpens: dayOfYearSchema.nullable(),
  windowCloses: dayOfYearSchema.nullable(),
  payoutOn: dayOfYearSchema.nullable(),
  /** Target: where balances go on the pay-out day. */
  payoutTo: z.enum(PAYOUT_DESTINATIONS).nullable(),
  /** Target: a member may withdraw outside the window, paying the penalty. */
  earlyWithdrawal: z.boolean(),
  /** Target's early withdrawal, fixed's early break: a percentage in basis points or an amount in kobo. */
  penalty: penaltyRuleSchema.nullable(),
  /** The income account penalties go to. */
  penaltyAccountId: z.string().nullable(),
  /** Fixed: the annual rate in basis points (12% is 1,200) and the usual term. */
  annualRateBp: z.number().int().nullable(),
  termMonths: z.number().int().nullable(),
  retiredAt: z.string().nullable(),
});
/** GET /api/savings-products. */
export const savingsProductsAnswerSchema = z.object({ products: z.array(savingsProductViewSchema) });
/** POST (201) and PUT /api/savings-products/:id, .../retire and .../restore. */
export const savingsProductAnswerSchema = z.object({ product: savingsProductViewSchema });

/** An account of the scheme's chart a product's form offers. */
const productLedgerAccountSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });
/**
 * GET /api/savings-products/control-accounts: the accounts a product may use as its control (each
 * product's own, with its id, and the unused ones), the income accounts a penalty may go to, and
 * the one it goes to by default (the mapping savings.penalty_income's).
 */
export const savingsProductAccountsAnswerSchema = z.object({
  controlAccounts: z.array(productLedgerAccountSchema.extend({ kind: z.enum(['liability', 'equity']), productId: z.string().nullable() })),
  penaltyAccounts: z.array(productLedgerAccountSchema),
  defaultPenaltyAccountId: z.string().nullable(),
});

/** One of a member's accounts, one per product: its balance and what each kind adds. */
export const memberProductAccountViewSchema = z.object({
  /** Null until the member's first money in the product opens the account. */
  accountId: z.string().nullable(),
  productId: z.string(),
  productName: z.string(),
  kind: z.enum(SAVINGS_PRODUCT_KINDS),
  balanceKobo: koboSchema,
  /** The balance less what loans hold, and nothing of shares while a member. */
  availableKobo: koboSchema,
  /** Target: the next pay-out day. */
  nextPayoutOn: isoDateSchema.nullable(),
  /** Shares priced per share: whole shares held. */
  sharesHeld: z.number().int().nullable(),
  /** Shares: the minimum holding, to show the holding against. */
  minimumHoldingKobo: koboSchema.nullable(),
  /** Fixed: the day the deposit matures. */
  maturesOn: isoDateSchema.nullable(),
  /** What the monthly run offers for this product each month (₦0: none); fixed deposits take none. */
  standingContributionKobo: koboSchema,
});
/** A member's accounts, one per product. */
export const memberProductAccountsAnswerSchema = z.object({ accounts: z.array(memberProductAccountViewSchema) });
