import { APIError } from 'better-auth/api';
import type { Auth } from '../../auth/auth.ts';

export async function signOut(auth: Auth, headers: Headers): Promise<string[]> {
  try {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch (error) {
    // Signing out without a session is already done.
    if (error instanceof APIError) return [];
    throw error;
  }
}
