import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { createStaffSchema, savingsAmountKobo, savingsTransactionSchema, transferFormSchema, transferSchema } from './savings.ts';
import { firstIssueMessage } from '../errors.ts';

function messageOf(result: { success: boolean; error?: Parameters<typeof firstIssueMessage>[0] }) {
  return result.success || !result.error ? null : firstIssueMessage(result.error);
}

describe('savings schemas', () => {
  it('reads naira amounts into kobo, above zero, two decimals at most, up to the cap', () => {
    expect(savingsAmountKobo('1,250.50')).toBe(125050);
    expect(savingsAmountKobo(0.01)).toBe(1);
    expect(savingsAmountKobo('1000000000000.00')).toBe(100_000_000_000_000);
    for (const bad of [0, '0.00', -1, '1.005', 'abc', '', null, '1000000000000.01']) expect(savingsAmountKobo(bad)).toBeNull();
  });

  it('checks a transaction amount before its type', () => {
    expect(messageOf(savingsTransactionSchema.safeParse({ amount: 0, type: 'bogus' }))).toBe(MESSAGES.enterValidAmount);
    expect(messageOf(savingsTransactionSchema.safeParse({ amount: 1, type: 'bogus' }))).toBe(MESSAGES.chooseTransactionType);
    expect(savingsTransactionSchema.parse({ amount: '2.5', type: 'deposit', description: '  ' })).toEqual({
      userId: null,
      type: 'deposit',
      amountKobo: 250,
      description: null,
      valueDate: null,
    });
  });

  it('refuses a description over 500 characters instead of cutting it, on postings and transfers', () => {
    const exactly500 = `${'a'.repeat(499)}z`;
    expect(savingsTransactionSchema.parse({ amount: 1, type: 'deposit', description: exactly500 }).description).toBe(exactly500);
    expect(transferSchema.parse({ fromUserId: 'a', toUserId: 'b', amount: 1, description: exactly500 }).description).toBe(exactly500);
    // Measured after trimming, as it is stored.
    expect(savingsTransactionSchema.parse({ amount: 1, type: 'deposit', description: ` ${exactly500} ` }).description).toBe(exactly500);
    for (const description of ['a'.repeat(501), 'a'.repeat(1_000_000)]) {
      expect(messageOf(savingsTransactionSchema.safeParse({ amount: 1, type: 'deposit', description }))).toBe(MESSAGES.savingsDescriptionTooLong);
      expect(messageOf(transferSchema.safeParse({ fromUserId: 'a', toUserId: 'b', amount: 1, description }))).toBe(MESSAGES.savingsDescriptionTooLong);
    }
    expect(MESSAGES.savingsDescriptionTooLong).toBe('Description must be at most 500 characters');
  });

  it('gives the Transfer modal the spec messages in order, with the balance check last', () => {
    const form = transferFormSchema(1000);
    expect(messageOf(form.safeParse({ fromUserId: 'a', amount: 0 }))).toBe(MESSAGES.selectTransferRecipient);
    expect(messageOf(form.safeParse({ fromUserId: 'a', toUserId: 'b', amount: 0 }))).toBe(MESSAGES.enterValidAmount);
    expect(messageOf(form.safeParse({ fromUserId: 'a', toUserId: 'a', amount: 1 }))).toBe(MESSAGES.invalidTransferDetails);
    expect(messageOf(form.safeParse({ fromUserId: 'a', toUserId: 'b', amount: '10.01' }))).toBe(MESSAGES.transferExceedsBalance);
    expect(form.safeParse({ fromUserId: 'a', toUserId: 'b', amount: '10.00' }).success).toBe(true);
    expect(transferSchema.safeParse({ fromUserId: 'a', toUserId: 'b', amount: '10.01' }).success).toBe(true);
  });

  it('checks a new staff member as the modal asks: email, password, name, phone', () => {
    const valid = { email: 'A@B.ng', password: 'secret', name: 'Ada', phoneNumber: '' };
    expect(createStaffSchema.parse(valid)).toEqual({ email: 'a@b.ng', password: 'secret', name: 'Ada', phoneNumber: null });
    expect(messageOf(createStaffSchema.safeParse({ ...valid, email: '' }))).toBe(MESSAGES.staffInvalidEmail);
    expect(messageOf(createStaffSchema.safeParse({ ...valid, password: '12345' }))).toBe(MESSAGES.staffWeakPassword);
    expect(messageOf(createStaffSchema.safeParse({ ...valid, name: ' ' }))).toBe(MESSAGES.staffNameRequired);
  });
});
