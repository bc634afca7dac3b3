import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { firstIssueMessage } from '../errors.ts';
import { signInSchema, signUpSchema } from './auth.ts';

function signUpMessage(input: Record<string, string>) {
  const result = signUpSchema.safeParse(input);
  return result.success ? 'ok' : firstIssueMessage(result.error);
}

describe('sign-up rules, in the order SPEC 5 checks them', () => {
  it('reports the first failing rule only', () => {
    expect(signUpMessage({})).toBe(MESSAGES.enterName);
    expect(signUpMessage({ name: 'Ada' })).toBe(MESSAGES.enterEmail);
    expect(signUpMessage({ name: 'Ada', email: 'ada@' })).toBe(MESSAGES.invalidEmail);
    expect(signUpMessage({ name: 'Ada', email: 'ada@kobo.ng', password: '12345' })).toBe(MESSAGES.passwordTooShort);
    expect(signUpMessage({ name: 'Ada', email: 'ada@kobo.ng', password: '123456', confirmPassword: '1234567' })).toBe(
      MESSAGES.passwordsDoNotMatch,
    );
    expect(signUpMessage({ name: ' Ada ', email: ' Ada@Kobo.ng ', password: '123456', confirmPassword: '123456' })).toBe('ok');
  });

  it('trims the name and lower-cases the email', () => {
    const parsed = signUpSchema.parse({ name: ' Ada ', email: ' Ada@Kobo.NG ', password: '123456', confirmPassword: '123456' });
    expect(parsed).toEqual({ name: 'Ada', email: 'ada@kobo.ng', password: '123456' });
  });
});

describe('sign-in rules', () => {
  it("asks for both fields with SPEC 5's message", () => {
    for (const input of [{}, { email: 'a@b.ng' }, { password: 'x' }]) {
      const result = signInSchema.safeParse(input);
      expect(result.success ? 'ok' : firstIssueMessage(result.error)).toBe(MESSAGES.fillAllFields);
    }
  });
});
