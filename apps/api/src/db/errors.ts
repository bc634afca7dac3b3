/** node-postgres and PGlite both surface PostgreSQL's SQLSTATE as `code`, and drizzle wraps it in `cause`. */
export function postgresErrorOf(error: unknown): { code?: string; constraint?: string; detail?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; detail?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        detail: typeof candidate.detail === 'string' ? candidate.detail : undefined,
      };
    }
    current = candidate.cause;
  }
  return null;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = postgresErrorOf(error);
  if (pgError?.code !== '23505') return false;
  return constraint === undefined || pgError.constraint === undefined || pgError.constraint === constraint;
}
