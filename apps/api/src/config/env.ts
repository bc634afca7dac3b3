import { isIP } from 'node:net';
import { z } from 'zod';

const TRUST_PROXY_FORMS =
  'Set the number of proxies in front of Kobo (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,192.0.2.7).';

/**
 * TRUST_PROXY says whose X-Forwarded-For to believe: `false`, a number of hops, or the proxies'
 * addresses and CIDR ranges. `true` is refused: it trusts every hop, so any client could name its
 * own address and walk past the per-address throttles (docs/decisions/014-throttles.md).
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = value?.trim() ?? '';
    if (text === '' || text.toLowerCase() === 'false') return false;
    if (text.toLowerCase() === 'true') {
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY=true trusts every hop, so a client could choose its own address. ${TRUST_PROXY_FORMS}` });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (Number.isSafeInteger(hops)) return hops === 0 ? false : hops;
    }
    const entries = text.split(',').map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isAddressOrRange(entry));
    if (invalid.length > 0) {
      const named = invalid.map((entry) => `"${entry}"`).join(', ');
      ctx.addIssue({ code: 'custom', message: `not a number of hops, an IP address or a CIDR range: ${named}. ${TRUST_PROXY_FORMS}` });
      return z.NEVER;
    }
    return entries;
  });

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // Not /0: a range that holds every address is `true` again.
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Every setting Kobo reads from the environment, with its default. README.md lists the same.
 * Parsed once at start-up so that a typo fails loudly instead of falling back silently.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  APP_URL: z.string().url().optional(),
  APP_TIMEZONE: z.string().default('Africa/Lagos'),
  AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  OUTBOX_DIR: z.string().optional(),
  MAIL_FROM: z.string().default('Kobo <no-reply@kobo.local>'),
  TRUST_PROXY: trustProxySchema,
  // The throttles (docs/decisions/014-throttles.md), all counted in one SIGN_IN_WINDOW_MINUTES window.
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  FORGOT_PASSWORD_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  FORGOT_PASSWORD_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  SIGN_IN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * Renders the first screen (/login, /staff-savings, /dashboard) on the server, the latter two
   * with the visitor's data (docs/decisions/058). `off` sends the data-free shell, as before.
   */
  SERVER_RENDER: z.enum(['on', 'off']).default('on'),
  /** Where `npm run backup` and the nightly backup write (default DATA_DIR/backups; docs/decisions/025-backups.md). */
  BACKUP_DIR: z.string().optional(),
  /** When the nightly backup runs, HH:MM in APP_TIMEZONE. */
  BACKUP_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'BACKUP_TIME is a time of day as HH:MM, e.g. 02:00')
    .default('02:00'),
  /** How many backup files the nightly job keeps in the backup folder (older ones are deleted). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(14),
  /** Turns GET /metrics on, for callers with `Authorization: Bearer <METRICS_TOKEN>` (docs/decisions/027-metrics-and-tokens.md). */
  METRICS_TOKEN: z.string().min(16).optional(),
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/**
 * Fastify's `trustProxy` for a TRUST_PROXY setting. The Fastify in use (5.12.8) ignores a bare hop
 * count, because a count cannot tell a proxy from a client that reached Kobo directly; a count is
 * therefore spelled out as a function that trusts the peer and the hops before it, so that with N
 * the client is the Nth address from the right of X-Forwarded-For. The README says to use a count
 * only where Kobo can be reached through its proxies alone.
 */
export function trustProxyOption(setting: Env['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
