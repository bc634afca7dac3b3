import { expect } from 'vitest';
import type { AuditEntryView, PublicUser, Role } from '@kobo/core';
import { uniqueEmail, type TestClient, type TestContext } from '../../test/test-app.ts';

/** Test helpers for User Management: every call goes through HTTP, as the screen's would. */
export async function addUser(admin: TestClient, overrides: { role?: Role; name?: string; email?: string; password?: string } = {}): Promise<PublicUser> {
  const response = await admin.post('/api/users', {
    email: overrides.email ?? uniqueEmail(overrides.role ?? 'user'),
    name: overrides.name ?? 'Ada Obi',
    password: overrides.password ?? 'secret1',
    role: overrides.role ?? 'user',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().user;
}

export function changeRole(admin: TestClient, userId: string, role: unknown) {
  return admin.request('PATCH', `/api/users/${userId}/role`, { role });
}

export function deactivate(admin: TestClient, userId: string) {
  return admin.post(`/api/users/${userId}/deactivate`);
}

export function reactivate(admin: TestClient, userId: string) {
  return admin.post(`/api/users/${userId}/reactivate`);
}

export function deleteUser(admin: TestClient, userId: string) {
  return admin.request('DELETE', `/api/users/${userId}`);
}

/** The audit entries matching `query`, newest first (one page). */
export async function auditEntries(admin: TestClient, query: Record<string, string> = {}): Promise<AuditEntryView[]> {
  const response = await admin.get(`/api/audit?${new URLSearchParams({ limit: '100', ...query })}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entries;
}

/** Signs in as someone an admin created, through the real sign-in route. */
export async function signInAs(client: TestClient, email: string, password = 'secret1') {
  return client.post('/api/auth/sign-in', { email, password });
}

/** A new client of `ctx`, signed in as someone an admin created through the API. */
export async function signedInAs(ctx: TestContext, email: string): Promise<TestClient> {
  const client = ctx.client();
  const response = await signInAs(client, email);
  expect(response.statusCode, response.body).toBe(200);
  return client;
}
