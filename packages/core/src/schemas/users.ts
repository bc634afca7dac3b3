import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { ROLES, isRole, type Role } from '../roles.ts';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth.ts';
import { isValidPhoneNumber } from './phone-number.ts';

function emailIsValid(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && z.email().safeParse(email).success;
}

const trimmedText = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

type PersonIssue = { field: 'email' | 'name' | 'password' | 'role'; message: string };

/**
 * The add-user form's checks in its order (docs/decisions/011): each required field, then the
 * email's shape, the name's length, the password's length and strength, and the role. An
 * invitation (docs/decisions/023) leaves the password out: the person chooses their own.
 */
function newPersonIssues(person: { email: string; name: string; role: string; password?: string }): PersonIssue[] {
  const missing = newPersonMissing(person);
  if (missing.length > 0) return missing;
  const issue = newPersonShapeIssue(person);
  return issue ? [issue] : [];
}

/** Every required field left empty, in the form's order, so the form flags them all at once (docs/decisions/060-every-field-at-once.md). */
function newPersonMissing({ email, name, role, password }: { email: string; name: string; role: string; password?: string }): PersonIssue[] {
  const missing: PersonIssue[] = [];
  if (!email) missing.push({ field: 'email', message: MESSAGES.addUserEmailRequired });
  if (!name) missing.push({ field: 'name', message: MESSAGES.addUserNameRequired });
  if (password === '') missing.push({ field: 'password', message: MESSAGES.addUserPasswordRequired });
  if (!role) missing.push({ field: 'role', message: MESSAGES.addUserRoleRequired });
  return missing;
}

function newPersonShapeIssue(person: { email: string; name: string; role: string; password?: string }): PersonIssue | null {
  const { email, name, role, password } = person;
  if (!emailIsValid(email)) return { field: 'email', message: MESSAGES.addUserInvalidEmail };
  if (name.length > MAX_NAME_LENGTH) return { field: 'name', message: `Name must be at most ${MAX_NAME_LENGTH} characters` };
  if (password !== undefined) {
    if (password.length < MIN_PASSWORD_LENGTH) return { field: 'password', message: MESSAGES.passwordTooShort };
    if (password.length > MAX_PASSWORD_LENGTH) return { field: 'password', message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` };
    // Long enough but mostly spaces: SPEC 8's weak-password answer (docs/decisions/011).
    if (password.trim().length < MIN_PASSWORD_LENGTH) return { field: 'password', message: MESSAGES.addUserWeakPassword };
  }
  if (!isRole(role)) return { field: 'role', message: MESSAGES.addUserInvalidRole };
  return null;
}

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
    const issues = newPersonIssues({ email: value.email.trim(), name: trimmedText(value.name), role: trimmedText(value.role), password: value.password });
    for (const issue of issues) fail(issue.field, issue.message);
  })
  .transform((value) => ({
    email: trimmedText(value.email).toLowerCase(),
    name: trimmedText(value.name),
    password: value.password as string,
    role: trimmedText(value.role) as Role,
  }));
export type AddUserInput = { email: string; name: string; password: string; role: Role | '' };

/**
 * Send an invitation (issue 15, docs/decisions/023-invitations.md): the add-user form's fields and
 * messages without the password, and Add New Staff's optional phone number.
 */
export const inviteUserSchema = z
  .preprocess(
    (value) => value ?? {},
    z.object({ email: z.unknown().optional(), name: z.unknown().optional(), role: z.unknown().optional(), phoneNumber: z.unknown().optional() }),
  )
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const issues = newPersonIssues({ email: trimmedText(value.email), name: trimmedText(value.name), role: trimmedText(value.role) });
    for (const issue of issues) fail(issue.field, issue.message);
    if (issues.length > 0) return;
    const phone = value.phoneNumber;
    if (phone === undefined || phone === null) return;
    if (typeof phone !== 'string' || (phone.trim() !== '' && !isValidPhoneNumber(phone.trim()))) fail('phoneNumber', MESSAGES.staffInvalidPhone);
  })
  .transform((value) => ({
    email: trimmedText(value.email).toLowerCase(),
    name: trimmedText(value.name),
    role: trimmedText(value.role) as Role,
    phoneNumber: trimmedText(value.phoneNumber) || null,
  }));
export type InviteUserInput = { email: string; name: string; role: Role | ''; phoneNumber: string };

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
