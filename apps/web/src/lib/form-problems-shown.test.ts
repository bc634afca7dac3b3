import { describe, expect, it } from 'vitest';
import { problemsShown } from './form-problems-shown.ts';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

describe('where a form’s problems are shown', () => {
  it('puts each sentence beside its field and sums up several in the banner', () => {
    const shown = problemsShown(FIELDS, {
      fields: { confirmPassword: 'Passwords do not match', currentPassword: 'Please enter your current password' },
      general: null,
    });
    expect(shown).toEqual({
      banner: '2 fields need attention',
      beside: { currentPassword: 'Please enter your current password', confirmPassword: 'Passwords do not match' },
      flagged: ['currentPassword', 'confirmPassword'],
    });
  });

  it('needs no banner for one field', () => {
    expect(problemsShown(FIELDS, { fields: { newPassword: 'Password must be at least 6 characters' }, general: null }).banner).toBe(null);
  });

  it('keeps a refusal without a field in the banner, beside the fields’ own sentences', () => {
    const shown = problemsShown(FIELDS, { fields: { newPassword: 'Password must be at least 6 characters' }, general: 'Too many attempts. Please try again later.' });
    expect(shown.banner).toBe('Too many attempts. Please try again later.');
    expect(shown.beside).toEqual({ newPassword: 'Password must be at least 6 characters' });
  });

  it('says a sentence the spec gives the banner once, there, and flags its fields without it', () => {
    const shown = problemsShown(['email', 'password'] as const, { fields: { email: 'Please fill in all fields', password: 'Please fill in all fields' }, general: null }, [
      'Please fill in all fields',
    ]);
    expect(shown.banner).toBe('Please fill in all fields');
    expect(shown.beside).toEqual({ email: true, password: true });
  });

  it('says a sentence two fields share once, beside the first', () => {
    const shown = problemsShown(FIELDS, { fields: { newPassword: 'Required', confirmPassword: 'Required' }, general: null });
    expect(shown.beside).toEqual({ newPassword: 'Required', confirmPassword: true });
    expect(shown.banner).toBe('2 fields need attention');
  });
});
