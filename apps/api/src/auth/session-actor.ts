import { createHmac, timingSafeEqual } from 'node:crypto';
import { parse as parseCookies } from 'cookie';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS, type Auth } from './auth.ts';
import type { PublicUserRow } from './public-user.ts';

/**
 * The user columns a caller is made of (toPublicUser), and no more: the mail opt-outs' array and
 * the other columns were read, parsed and dropped on every request.
 */
const callerColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  active: users.active,
  staffId: users.staffId,
  phoneNumber: users.phoneNumber,
  accessLevel: users.accessLevel,
  createdAt: users.createdAt,
};

/** Signed cookie values already verified, and their tokens (see verifiedTokenOnce). */
const VERIFIED_COOKIES_KEPT = 10_000;

/**
 * Who is calling, read in one query on every request (docs/decisions/012-one-round-trip-postings.md).
 *
 * Better Auth issued the cookie and owns every write to a session; this reads it the way Better
 * Auth's getSession does (the signed `<token>.<HMAC-SHA256 base64>` cookie, the session row, its
 * expiry), but as one prepared statement that joins the user row, instead of the three queries
 * and two Web Crypto calls that getSession and the separate user read cost. The user row is still
 * read fresh on every request, so a changed role or a deactivation counts at once.
 *
 * A session that has expired, or is due for its daily extension, is handed to Better Auth's own
 * getSession, which deletes or extends it; that happens once a day per session, not per request.
 */
export type SessionRead = {
  user: PublicUserRow | null;
  /** Set-Cookie lines from Better Auth when it extended or removed the session: the reply carries them. */
  setCookies: string[];
};
export type SessionActorReader = (cookieHeader: string | undefined, fetchHeaders: () => Headers) => Promise<SessionRead>;

const NOBODY: SessionRead = { user: null, setCookies: [] };

export async function createSessionActorReader(deps: { auth: Auth; db: Database; secret: string }): Promise<SessionActorReader> {
  const { auth, db } = deps;
  const cookieName = (await auth.$context).authCookies.sessionToken.name;
  const sessionWithUser = db
    .select({ user: callerColumns, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('kobo_session_actor');

  const verified = new Map<string, string>();
  return async (cookieHeader, fetchHeaders) => {
    if (!cookieHeader) return NOBODY;
    const token = verifiedTokenOnce(verified, parseCookies(cookieHeader)[cookieName], deps.secret);
    if (!token) return NOBODY;
    const [row] = await sessionWithUser.execute({ token });
    if (!row) return NOBODY;
    const expiresAt = row.expiresAt.getTime();
    const now = Date.now();
    const isDueForExtension = expiresAt - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now;
    if (expiresAt <= now || isDueForExtension) {
      // Better Auth extends the session row and re-issues the cookie, or deletes both.
      const { headers, response } = await auth.api.getSession({ headers: fetchHeaders(), returnHeaders: true });
      return { user: response ? row.user : null, setCookies: headers.getSetCookie() };
    }
    return { user: row.user, setCookies: [] };
  };
}

/**
 * verifiedToken, remembering the values that verified: a signed value verifies the same way every
 * time (one secret per reader), so a client's every request after its first costs a map lookup
 * instead of an HMAC. Only values whose signature matched are kept, so a forged value is checked
 * afresh each time; the map is emptied when full. The session row is still read on every request.
 */
function verifiedTokenOnce(verified: Map<string, string>, cookieValue: string | undefined, secret: string): string | null {
  if (!cookieValue) return null;
  const known = verified.get(cookieValue);
  if (known !== undefined) return known;
  const token = verifiedToken(cookieValue, secret);
  if (token === null) return null;
  if (verified.size >= VERIFIED_COOKIES_KEPT) verified.clear();
  verified.set(cookieValue, token);
  return token;
}

/**
 * The session token of a cookie value Better Auth signed (better-call's signCookieValue: the
 * value, a dot, and the base64 HMAC-SHA256 of the value under the auth secret); null when the
 * value is missing, malformed or signed with another secret.
 */
export function verifiedToken(cookieValue: string | undefined, secret: string): string | null {
  if (!cookieValue) return null;
  const dot = cookieValue.lastIndexOf('.');
  if (dot < 1) return null;
  const token = cookieValue.slice(0, dot);
  const signature = Buffer.from(cookieValue.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return token;
}
