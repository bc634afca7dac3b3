import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { ROLES, isRole, type Role } from '../roles.ts';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth.ts';

function emailIsValid(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && z.email().safeParse(email).success;
}

const trimmedText = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * User Management's add-user form (SPEC 5 "Add user", SPEC 8 "Users"), checked in this order:
 * the programmatic call's 'Email and password are required' (a body without those strings; the
 * form always sends all four), each required field in the form's order, then the email's shape,
 * the password's length and strength, and the role. One schema for the form and the server.
 */
export const addUserSchema = z
  .preprocess(
    (value) => value ?? {},
    z.object({ email: z.unknown().optional(), name: z.unknown().optional(), password: z.unknown().optional(), role: z.unknown().optional() }),
  )
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (typeof value.email !== 'string' || typeof value.password !== 'string') {
      return fail(typeof value.email === 'string' ? 'password' : 'email', MESSAGES.emailAndPasswordRequired);
    }
    const email = value.email.trim();
    const name = trimmedText(value.name);
    const role = trimmedText(value.role);
    if (!email) return fail('email', MESSAGES.addUserEmailRequired);
    if (!name) return fail('name', MESSAGES.addUserNameRequired);
    if (!value.password) return fail('password', MESSAGES.addUserPasswordRequired);
    if (!role) return fail('role', MESSAGES.addUserRoleRequired);
    if (!emailIsValid(email)) return fail('email', MESSAGES.addUserInvalidEmail);
    if (name.length > MAX_NAME_LENGTH) return fail('name', `Name must be at most ${MAX_NAME_LENGTH} characters`);
    if (value.password.length < MIN_PASSWORD_LENGTH) return fail('password', MESSAGES.passwordTooShort);
    if (value.password.length > MAX_PASSWORD_LENGTH) {
      return fail('password', `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);
    }
    // Long enough but mostly spaces: SPEC 8's weak-password answer (docs/decisions/011).
    if (value.password.trim().length < MIN_PASSWORD_LENGTH) return fail('password', MESSAGES.addUserWeakPassword);
    if (!isRole(role)) return fail('role', MESSAGES.addUserInvalidRole);
  })
  .transform((value) => ({
    email: trimmedText(value.email).toLowerCase(),
    name: trimmedText(value.name),
    password: value.password as string,
    role: trimmedText(value.role) as Role,
  }));
export type AddUserInput = { email: string; name: string; password: string; role: Role | '' };

/** A role change: the one field, with the form's own sentence when it is missing. */
export const changeRoleSchema = z
  .preprocess((value) => value ?? {}, z.object({ role: z.unknown().optional() }))
  .superRefine((value, ctx) => {
    if (value.role === undefined || value.role === null || value.role === '') {
      return ctx.addIssue({ code: 'custom', path: ['role'], message: MESSAGES.addUserRoleRequired });
    }
    if (!isRole(value.role)) ctx.addIssue({ code: 'custom', path: ['role'], message: MESSAGES.addUserInvalidRole });
  })
  .transform((value) => ({ role: value.role as Role }));

export const USER_SORT_FIELDS = ['name', 'email', 'role', 'status', 'createdAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export const USER_PAGE_SIZES = [10, 20, 50, 100] as const;
export const MAX_USER_PAGE_SIZE = 100;

/** The users table: search (name, email or staff ID), one sort column, and a page. */
export const userListQuerySchema = z.object({
  search: z.string().trim().max(200).default(''),
  role: z.enum(ROLES).optional(),
  sort: z.enum(USER_SORT_FIELDS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_USER_PAGE_SIZE).default(20),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const userIdParamsSchema = z.object({ id: z.string().min(1).max(200) });
