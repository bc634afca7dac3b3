import { describe, expect, it } from 'vitest';
import { auditQuerySchema } from '../audit.ts';
import { MESSAGES } from '../messages.ts';
import { firstIssueMessage } from '../errors.ts';
import { addUserSchema, changeRoleSchema, userListQuerySchema } from './users.ts';

function addUserMessage(input: unknown) {
  const result = addUserSchema.safeParse(input);
  return result.success ? 'ok' : firstIssueMessage(result.error);
}

describe('add-user rules, in the order the form checks them (SPEC 5, 8)', () => {
  it('reports the first failing rule only', () => {
    expect(addUserMessage(undefined)).toBe(MESSAGES.emailAndPasswordRequired);
    expect(addUserMessage({ email: 'a@b.co' })).toBe(MESSAGES.emailAndPasswordRequired);
    const form = { email: '', name: '', password: '', role: '' };
    expect(addUserMessage(form)).toBe(MESSAGES.addUserEmailRequired);
    expect(addUserMessage({ ...form, email: 'x' })).toBe(MESSAGES.addUserNameRequired);
    expect(addUserMessage({ ...form, email: 'x', name: 'Ada' })).toBe(MESSAGES.addUserPasswordRequired);
    expect(addUserMessage({ ...form, email: 'x', name: 'Ada', password: '1' })).toBe(MESSAGES.addUserRoleRequired);
    expect(addUserMessage({ email: 'x', name: 'Ada', password: '1', role: 'user' })).toBe(MESSAGES.addUserInvalidEmail);
    expect(addUserMessage({ email: 'a@b.co', name: 'Ada', password: '12345', role: 'user' })).toBe(MESSAGES.passwordTooShort);
    expect(addUserMessage({ email: 'a@b.co', name: 'Ada', password: '      ', role: 'user' })).toBe(MESSAGES.addUserWeakPassword);
    expect(addUserMessage({ email: 'a@b.co', name: 'Ada', password: '123456', role: 'root' })).toBe(MESSAGES.addUserInvalidRole);
  });

  it('trims and lower-cases the email, trims the name, keeps the password as typed', () => {
    expect(addUserSchema.parse({ email: ' Ada@Kobo.NG ', name: ' Ada ', password: ' pass word ', role: 'staff' })).toEqual({
      email: 'ada@kobo.ng',
      name: 'Ada',
      password: ' pass word ',
      role: 'staff',
    });
  });
});

describe('role change, list and audit queries', () => {
  it('needs a known role', () => {
    expect(changeRoleSchema.safeParse({}).error?.issues[0]?.message).toBe(MESSAGES.addUserRoleRequired);
    expect(changeRoleSchema.safeParse({ role: 'boss' }).error?.issues[0]?.message).toBe(MESSAGES.addUserInvalidRole);
    expect(changeRoleSchema.parse({ role: 'manager' })).toEqual({ role: 'manager' });
  });

  it('defaults the users table to the first page of 20 by name', () => {
    expect(userListQuerySchema.parse({})).toEqual({ search: '', sort: 'name', order: 'asc', page: 1, pageSize: 20 });
  });

  it('checks the audit dates', () => {
    expect(auditQuerySchema.safeParse({ from: '2026-02-30' }).error?.issues[0]?.message).toBe(MESSAGES.invalidDate);
    expect(auditQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).error?.issues[0]?.message).toBe(MESSAGES.endBeforeStart);
    expect(auditQuerySchema.parse({ kind: '', userId: '' })).toEqual({ limit: 50 });
  });
});
