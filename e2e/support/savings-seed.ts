import { request, type APIRequestContext } from 'playwright-core';
import type { PostedTransaction, PostedTransfer, SavingsHolderListItem, SavingsRequestCreated } from '@kobo/core';
import type { KoboServer, TestUser } from './kobo-server.ts';
import { apiAs } from './users-seed.ts';

/** A staff member made as an admin makes one (POST /api/savings/staff): a sign-in, a staff ID, an account. */
export type SeededStaff = TestUser & { staffId: string };

/**
 * Seeds savings data through the real API, signed in as `user` (an admin for staff and transfers;
 * a regular user may post on their own account). kobo.createUser('staff') opens no savings
 * account and picks its own staff ID, so savings tests create staff here instead.
 */
export async function savingsApi(kobo: KoboServer, user: TestUser) {
  const api = await request.newContext({ baseURL: kobo.baseURL });
  const signIn = await api.post('/api/auth/sign-in', { data: { email: user.email, password: user.password } });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()} ${await signIn.text()}`);

  return {
    async createStaff(input: { name: string; email?: string; password?: string; phoneNumber?: string }): Promise<SeededStaff> {
      const email = input.email ?? `${input.name.toLowerCase().replaceAll(/\W+/g, '.')}.${Date.now().toString(36)}@kobo.test`;
      const password = input.password ?? 'password1';
      const { staff } = await json<{ staff: SavingsHolderListItem }>(
        api,
        '/api/savings/staff',
        { email, password, name: input.name, ...(input.phoneNumber ? { phoneNumber: input.phoneNumber } : {}) },
      );
      if (!staff.staffId) throw new Error('the new staff member has no staff ID');
      return { id: staff.userId, email, name: input.name, password, role: 'staff', staffId: staff.staffId };
    },
    /** A deposit or withdrawal; `userId` only when signed in as an admin. */
    post(input: { type: 'deposit' | 'withdrawal'; amount: string | number; userId?: string; description?: string }) {
      return json<PostedTransaction>(api, '/api/savings/transactions', input);
    },
    transfer(input: { fromUserId: string; toUserId: string; amount: string | number; description?: string }) {
      return json<PostedTransfer>(api, '/api/savings/transfers', input);
    },
    /** Issue 15: a posting the server records as a request (202), for an administrator to decide. */
    request(input: { type: 'deposit' | 'withdrawal'; amount: string | number; userId?: string; description?: string }) {
      return json<SavingsRequestCreated>(api, '/api/savings/transactions', input, 202);
    },
    requestTransfer(input: { fromUserId: string; toUserId: string; amount: string | number; description?: string }) {
      return json<SavingsRequestCreated>(api, '/api/savings/transfers', input, 202);
    },
    dispose: () => api.dispose(),
  };
}

/**
 * A POST that must answer `status`: a seed that meant to post money and got a request instead
 * (202, issue 15) fails here rather than leave the balance it expected at zero.
 */
async function json<T>(api: APIRequestContext, path: string, data: unknown, status?: 202): Promise<T> {
  const response = await api.post(path, { data });
  const isExpected = status ? response.status() === status : response.ok() && response.status() !== 202;
  if (!isExpected) throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Issue 15: the organisation's approval settings, as an admin saves them in Settings. A threshold
 * in naira ('50000') turns two-person approval on, null off; `memberPostingsDirect: true` lets a
 * regular user's own deposits and withdrawals post at once, as before issue 15.
 */
export async function setApprovalSettings(
  kobo: KoboServer,
  admin: TestUser,
  settings: { twoPersonThreshold: string | null; memberPostingsDirect: boolean },
): Promise<void> {
  const call = await apiAs(kobo, admin);
  await call('PUT', '/api/savings/approval-settings', settings);
}
