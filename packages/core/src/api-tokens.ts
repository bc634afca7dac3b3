import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * API tokens (issue 16, docs/decisions/027-metrics-and-tokens.md): a payroll system or a report
 * calls the API with `Authorization: Bearer kobo_…`, within one scope.
 */
export const API_TOKEN_SCOPES = ['read', 'savings_batches'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS = {
  read: 'Read only (every GET an admin may call)',
  savings_batches: 'Monthly savings batches (prepare, review, post, read)',
} as const satisfies Record<ApiTokenScope, string>;

/** The longest a token may live: a payroll connection is renewed at least every two years. */
export const API_TOKEN_MAX_DAYS = 730;

/** `kobo_` and 32 random bytes in base64url (43 characters). Anything else is no token. */
export const API_TOKEN_PATTERN = /^kobo_[A-Za-z0-9_-]{43}$/;

/** POST /api/tokens: a name, a scope, and either a number of days or an expiry instant. */
export const createApiTokenSchema = z
  .object({
    name: z.string({ message: MESSAGES.apiTokenNameRequired }).trim().min(1, MESSAGES.apiTokenNameRequired).max(100),
    scope: z.enum(API_TOKEN_SCOPES, { message: MESSAGES.apiTokenScopeRequired }),
    days: z.number().int().min(1, MESSAGES.apiTokenExpiryRange).max(API_TOKEN_MAX_DAYS, MESSAGES.apiTokenExpiryRange).optional(),
    expiresAt: z.iso.datetime({ offset: true, message: MESSAGES.apiTokenExpiryRequired }).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.days === undefined) === (value.expiresAt === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: MESSAGES.apiTokenExpiryRequired });
    }
  });
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

export const apiTokenIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** A token as listed: never its secret. */
export type ApiTokenView = {
  id: string;
  name: string;
  scope: ApiTokenScope;
  createdAt: string;
  createdByName: string | null;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** POST /api/tokens answers the secret, this once. */
export type CreatedApiToken = { token: ApiTokenView; secret: string; message: string };
