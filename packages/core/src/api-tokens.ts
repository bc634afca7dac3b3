import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { API_TOKEN_SCOPES } from './token-scopes.ts';

export * from './token-scopes.ts';

/**
 * API tokens (issue 16, docs/decisions/027-metrics-and-tokens.md): a payroll system or a report
 * calls the API with `Authorization: Bearer kobo_…`, within one scope (token-scopes.ts), until its
 * expiry, and only from its IP ranges when it has any (issue 28).
 */

/** The longest a token may live: a payroll connection is renewed at least every two years. */
export const API_TOKEN_MAX_DAYS = 730;

/** `kobo_` and 32 random bytes in base64url (43 characters). Anything else is no token. */
export const API_TOKEN_PATTERN = /^kobo_[A-Za-z0-9_-]{43}$/;

/** Issue 28: at most this many IP ranges per token; a gateway or two, a payroll provider's few. */
export const API_TOKEN_MAX_IP_RANGES = 20;

/** One IP range: an IPv4 or IPv6 address in CIDR notation (`203.0.113.0/24`, `2001:db8::/32`); a bare address is a /32 or /128. */
export const ipRangeSchema = z
  .string()
  .trim()
  .max(50, MESSAGES.apiTokenIpRangeInvalid)
  .transform((value) => (value.includes('/') ? value : `${value}/${value.includes(':') ? 128 : 32}`))
  .pipe(z.union([z.cidrv4(), z.cidrv6()], { message: MESSAGES.apiTokenIpRangeInvalid }));

/** POST /api/tokens: a name, a scope, either a number of days or an expiry instant, and optionally the IP ranges it may be used from. */
export const createApiTokenSchema = z
  .object({
    name: z.string({ message: MESSAGES.apiTokenNameRequired }).trim().min(1, MESSAGES.apiTokenNameRequired).max(100),
    scope: z.enum(API_TOKEN_SCOPES, { message: MESSAGES.apiTokenScopeRequired }),
    days: z.number().int().min(1, MESSAGES.apiTokenExpiryRange).max(API_TOKEN_MAX_DAYS, MESSAGES.apiTokenExpiryRange).optional(),
    expiresAt: z.iso.datetime({ offset: true, message: MESSAGES.apiTokenExpiryRequired }).optional(),
    ipRanges: z.array(ipRangeSchema).max(API_TOKEN_MAX_IP_RANGES, MESSAGES.apiTokenTooManyIpRanges).default([]),
  })
  .superRefine((value, ctx) => {
    if ((value.days === undefined) === (value.expiresAt === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: MESSAGES.apiTokenExpiryRequired });
    }
  });
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

export const apiTokenIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** A token as listed: never its secret. */
export const apiTokenViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  expiresAt: z.string(),
  /** Empty: any address. */
  ipRanges: z.array(z.string()),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiTokenView = z.infer<typeof apiTokenViewSchema>;

/** POST /api/tokens answers the secret, this once. */
export const createdApiTokenSchema = z.object({ token: apiTokenViewSchema, secret: z.string(), message: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenViewSchema) });
export const apiTokenRevokedSchema = z.object({ token: apiTokenViewSchema, message: z.string() });
