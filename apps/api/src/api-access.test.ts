import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ROLES, type Role } from '@kobo/core';
import { createTestContext, type TestClient, type TestContext } from './test/test-app.ts';
import type { Access, EndpointAccess } from './test/access-table.ts';
import { AUTH_ACCESS, SIGN_OUT_ACCESS } from './modules/auth/auth.access.ts';
import { SAVINGS_ACCESS } from './modules/savings/savings.access.ts';
import { EXPENSE_MODULES_ACCESS } from './modules/expense-modules.access.ts';
import { USERS_ACCESS } from './modules/users/users.access.ts';
import { AUDIT_ACCESS } from './modules/audit/audit.access.ts';

/**
 * Every API endpoint, who may call it, and a request that exercises it. Each module keeps its rows
 * in `<module>.access.ts`; a route missing from the table fails the first test below.
 */
const ENDPOINTS: EndpointAccess[] = [
  ...AUTH_ACCESS,
  ...SAVINGS_ACCESS,
  ...EXPENSE_MODULES_ACCESS,
  ...USERS_ACCESS,
  ...AUDIT_ACCESS,
  // Last: it ends the callers' sessions.
  ...SIGN_OUT_ACCESS,
];

type Caller = 'visitor' | 'deactivated' | Role;
const CALLERS: Caller[] = ['visitor', 'deactivated', ...ROLES];

function expectedStatus(access: Access, caller: Caller): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (caller === 'visitor' || caller === 'deactivated') return 401;
  if (access === 'signedIn') return 'allowed';
  if (typeof access === 'object') return access.roles.includes(caller) ? 'allowed' : 403;
  return can(caller, access) ? 'allowed' : 403;
}

/** 401 and 403 are refusals; any other answer below 500 means the caller got past the door. */
function outcomeOf(status: number): 'allowed' | 401 | 403 | 'server error' {
  if (status === 401 || status === 403) return status;
  return status < 500 ? 'allowed' : 'server error';
}

let ctx: TestContext;
const clients = new Map<Caller, TestClient>();
beforeAll(async () => {
  ctx = await createTestContext();
  // One signed-in client per caller, shared by the rows (signing in costs a password hash).
  for (const caller of CALLERS) clients.set(caller, await clientFor(caller));
});
afterAll(async () => ctx?.close());

async function clientFor(caller: Caller): Promise<TestClient> {
  if (caller === 'visitor') return ctx.client();
  if (caller === 'deactivated') {
    const client = await ctx.signedIn('admin');
    await ctx.setActive(client.userId, false);
    return client;
  }
  return ctx.signedIn(caller);
}

describe('API access by role', () => {
  it('has a row for every API route the server registers', () => {
    const registered = ctx.app.kobo.apiRoutes.map((route) => `${route.method} ${route.url}`).toSorted();
    const listed = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.url}`).toSorted();
    expect(listed).toEqual(registered);
    for (const route of ctx.app.kobo.apiRoutes) {
      const row = ENDPOINTS.find((endpoint) => endpoint.method === route.method && endpoint.url === route.url);
      expect(row?.access === 'public', `${route.method} ${route.url} public?`).toBe(route.isPublic);
    }
  });

  it.each(ENDPOINTS.flatMap((endpoint) => CALLERS.map((caller) => ({ endpoint, caller, name: `${endpoint.method} ${endpoint.url}` }))))(
    '$name as $caller',
    async ({ endpoint, caller }) => {
      const client = clients.get(caller);
      if (!client) throw new Error(`no client for ${caller}`);
      const response = await client.request(endpoint.method, endpoint.path ?? endpoint.url, endpoint.body);
      expect(outcomeOf(response.statusCode), response.body).toBe(expectedStatus(endpoint.access, caller));
    },
  );
});
