/**
 * The callers of the route × role table and the outcomes each row expects, in one place so the
 * table's parts (expected-access.ts and the books' files beside it) share them.
 *
 * Each row's `expect` is in the order of CALLERS: 'ok' means the caller got past the gate (any
 * answer below 500 other than 401/403), 401 and 403 are the gate's refusals.
 */
export const CALLERS = ['admin', 'manager', 'user', 'staff', 'auditor', 'visitor', 'deactivated', 'deleted'] as const;
export type Caller = (typeof CALLERS)[number];
export type Outcome = 'ok' | 401 | 403;
export type Expect = readonly [
  admin: Outcome,
  manager: Outcome,
  user: Outcome,
  staff: Outcome,
  auditor: Outcome,
  visitor: Outcome,
  deactivated: Outcome,
  deleted: Outcome,
];

export type ExpectedAccess = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  expect: Expect;
  /** The concrete path to call when `url` has parameters or needs a query. */
  path?: string;
  /** A body that gets past the door without changing anything shared (it may fail validation). */
  body?: unknown;
};

export const EVERYONE: Expect = ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'];
export const SIGNED_IN: Expect = ['ok', 'ok', 'ok', 'ok', 'ok', 401, 401, 401];
export const ADMIN: Expect = ['ok', 403, 403, 403, 403, 401, 401, 401];
/** Issue 27: what an admin reads and the auditor reads too (the auditor changes nothing). */
export const ADMIN_AND_AUDITOR: Expect = ['ok', 403, 403, 403, 'ok', 401, 401, 401];
export const ADMIN_MANAGER: Expect = ['ok', 'ok', 403, 403, 403, 401, 401, 401];
/** Reading expenses: everyone but staff, the auditor included. */
export const EXPENSE_READERS: Expect = ['ok', 'ok', 'ok', 403, 'ok', 401, 401, 401];
/** Adding or changing expenses: everyone but staff and the auditor. */
export const EXPENSE_WRITERS: Expect = ['ok', 'ok', 'ok', 403, 403, 401, 401, 401];
export const HOLDERS: Expect = [403, 403, 'ok', 'ok', 403, 401, 401, 401];
export const ADMIN_AND_USER: Expect = ['ok', 403, 'ok', 403, 403, 401, 401, 401];
export const ADMIN_AND_HOLDERS: Expect = ['ok', 403, 'ok', 'ok', 403, 401, 401, 401];
/** A holder's own statement, or any holder's for an admin or the auditor. */
export const READERS_AND_HOLDERS: Expect = ['ok', 403, 'ok', 'ok', 'ok', 401, 401, 401];
/** The books' reads (issue 27): admins and the auditor. */
export const BOOK_READERS: Expect = ADMIN_AND_AUDITOR;
/** The books' writes (issue 27): admins alone. */
export const BOOK_ADMIN: Expect = ADMIN;

export const nobody = '00000000-0000-4000-8000-000000000000';

