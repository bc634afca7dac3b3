import { afterAll, beforeAll, expect } from 'vitest';
import type { SavingsHolderListItem } from '@kobo/core';
import { createTestContext, uniqueEmail, type SignedInClient, type TestClient, type TestContext } from '../../test/test-app.ts';
import { findBookProblems } from '../ledger/book-problems.ts';
import { findLedgerDrift, findNegativeStatements } from '../ledger/ledger-drift.ts';

/** Test helpers for the savings API: every call goes through HTTP, as the screens' would. */
export async function addStaff(admin: TestClient, overrides: Record<string, unknown> = {}): Promise<SavingsHolderListItem> {
  const response = await admin.post('/api/savings/staff', {
    email: uniqueEmail('staff'),
    password: 'secret1',
    name: 'Bola Staff',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().staff;
}

export function post(client: TestClient, body: Record<string, unknown>, idempotencyKey?: string) {
  return client.post('/api/savings/transactions', body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
}

export function transfer(client: TestClient, body: Record<string, unknown>, idempotencyKey?: string) {
  return client.post('/api/savings/transfers', body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
}

export async function deposit(admin: TestClient, userId: string, amount: string | number) {
  const response = await post(admin, { userId, type: 'deposit', amount });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export async function balanceOf(admin: TestClient, ref: string): Promise<number> {
  const response = await admin.get(`/api/savings/accounts/${ref}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().account.balanceKobo;
}

/**
 * DECISIONS 9: after a file's tests, every stored balance equals its ledger sum; and (issue 26) no
 * statement, ordered by value date, goes below zero on any day.
 */
export async function expectNoLedgerDrift(ctx: TestContext) {
  expect(await findLedgerDrift(ctx.app.kobo.database.db)).toEqual([]);
  expect(await findNegativeStatements(ctx.app.kobo.database.db)).toEqual([]);
  expect(await findBookProblems(ctx.app.kobo.database.db)).toEqual([]);
}

/**
 * A file's app and signed-in admin, opened before its tests; after them, the ledger is checked for
 * drift (DECISIONS 9) and everything is closed. `receive` hands the two to the file's variables.
 */
export function openSavingsContext(receive: (opened: { ctx: TestContext; admin: SignedInClient }) => void, now?: () => Date) {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestContext({}, now);
    receive({ ctx, admin: await ctx.signedIn('admin') });
  });
  afterAll(async () => {
    if (ctx) await expectNoLedgerDrift(ctx);
    await ctx?.close();
  });
}

export function reverse(client: TestClient, transactionId: string, body: Record<string, unknown>, idempotencyKey?: string) {
  return client.post(`/api/savings/transactions/${transactionId}/reversal`, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
}

/**
 * Issue 15's approval settings, as an admin sets them on Settings: `threshold` in naira (null:
 * two-person approval off), `memberPostingsDirect` true for the old behaviour (a regular user's own
 * postings move money at once, which the tests of posting mechanics rely on).
 */
export async function setApprovalSettings(admin: TestClient, settings: { threshold: string | null; memberPostingsDirect: boolean }) {
  const response = await admin.request('PUT', '/api/savings/approval-settings', {
    twoPersonThreshold: settings.threshold,
    memberPostingsDirect: settings.memberPostingsDirect,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
