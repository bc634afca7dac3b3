import { request, type APIRequestContext } from 'playwright-core';
import type { PostedTransaction, PostedTransfer, SavingsHolderListItem } from '@kobo/core';
import type { KoboServer, TestUser } from './kobo-server.ts';

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
    dispose: () => api.dispose(),
  };
}

async function json<T>(api: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await api.post(path, { data });
  if (!response.ok()) throw new Error(`POST ${path} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}
