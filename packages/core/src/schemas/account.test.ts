import { describe, expect, it } from 'vitest';
import { changeEmailSchema, changePasswordFormSchema, profileDetailsSchema } from './account.ts';

function problem(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path[0], message: issue.message } : null;
}

describe('the /profile forms’ rules', () => {
  it('trims the details, and turns a blank phone into none', () => {
    expect(profileDetailsSchema.parse({ name: '  Ada Obi ', phoneNumber: '  ' })).toEqual({ name: 'Ada Obi', phoneNumber: null });
    expect(profileDetailsSchema.parse({ name: 'Ada', phoneNumber: '+234 (803) 555-0101' })).toEqual({ name: 'Ada', phoneNumber: '+234 (803) 555-0101' });
    expect(problem(profileDetailsSchema.safeParse({ name: 'Ada', phoneNumber: '-0803' }))).toEqual({ field: 'phoneNumber', message: 'Please enter a valid phone number' });
  });

  it('checks the password form in its order: current, new, confirmation', () => {
    expect(problem(changePasswordFormSchema.safeParse({ currentPassword: '', newPassword: '1', confirmPassword: '2' }))).toEqual({
      field: 'currentPassword',
      message: 'Please enter your current password',
    });
    expect(problem(changePasswordFormSchema.safeParse({ currentPassword: 'old-one', newPassword: '12345', confirmPassword: '2' }))).toEqual({
      field: 'newPassword',
      message: 'Password must be at least 6 characters',
    });
    expect(problem(changePasswordFormSchema.safeParse({ currentPassword: 'old-one', newPassword: '123456', confirmPassword: '1234567' }))).toEqual({
      field: 'confirmPassword',
      message: 'Passwords do not match',
    });
    // What the route is sent: no confirmation.
    expect(changePasswordFormSchema.parse({ currentPassword: 'old-one', newPassword: '123456', confirmPassword: '123456' })).toEqual({
      currentPassword: 'old-one',
      newPassword: '123456',
    });
  });

  it('lower-cases the new email, and asks for the address before the password', () => {
    expect(changeEmailSchema.parse({ newEmail: ' Ada@Kobo.NG ', currentPassword: 'x' })).toEqual({ newEmail: 'ada@kobo.ng', currentPassword: 'x' });
    expect(problem(changeEmailSchema.safeParse({ newEmail: '', currentPassword: '' }))).toEqual({ field: 'newEmail', message: 'Please enter the new email address' });
  });
});
