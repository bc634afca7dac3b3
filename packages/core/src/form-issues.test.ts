import { describe, expect, it } from 'vitest';
import { fieldsNeedAttention, issuesByField } from './form-issues.ts';
import { changePasswordFormSchema } from './schemas/account.ts';
import { signUpSchema } from './schemas/auth.ts';

describe('a failed parse, sorted for a form', () => {
  it('keeps the first sentence of each field, in the order checked, and the first without a field', () => {
    const issues = [
      { code: 'custom' as const, path: ['name'], message: 'Please enter your name', input: '' },
      { code: 'custom' as const, path: ['name'], message: 'Name must be at most 100 characters', input: '' },
      { code: 'custom' as const, path: [], message: 'Something about the whole form', input: '' },
      { code: 'custom' as const, path: ['email'], message: 'Please enter your email', input: '' },
      { code: 'custom' as const, path: [], message: 'A second sentence about the form', input: '' },
    ];
    const sorted = issuesByField({ issues });
    expect(sorted).toEqual({
      fields: { name: 'Please enter your name', email: 'Please enter your email' },
      general: 'Something about the whole form',
    });
    expect(Object.keys(sorted.fields)).toEqual(['name', 'email']);
  });

  it('flags every empty field of sign-up and change password at once', () => {
    const signUp = signUpSchema.safeParse({ name: '', email: '', password: '', confirmPassword: '' });
    expect(signUp.success ? null : issuesByField(signUp.error)).toEqual({
      fields: { name: 'Please enter your name', email: 'Please enter your email', password: 'Password must be at least 6 characters' },
      general: null,
    });
    const password = changePasswordFormSchema.safeParse({ currentPassword: '', newPassword: '', confirmPassword: 'x' });
    expect(password.success ? null : issuesByField(password.error)).toEqual({
      fields: {
        currentPassword: 'Please enter your current password',
        newPassword: 'Password must be at least 6 characters',
        confirmPassword: 'Passwords do not match',
      },
      general: null,
    });
  });

  it('words the summary for one field and for several', () => {
    expect(fieldsNeedAttention(1)).toBe('1 field needs attention');
    expect(fieldsNeedAttention(2)).toBe('2 fields need attention');
  });
});
