import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { bpToShare, checkNominees, shareToBp, totalBp, type NomineeRow } from './nominee-rows.ts';

const row = (share: string, overrides: Partial<NomineeRow> = {}): NomineeRow => ({
  key: share,
  name: 'Ngozi Okafor',
  relationship: 'Daughter',
  phone: '08031234567',
  share,
  ...overrides,
});

describe('a nominee share as typed', () => {
  it('reads whole and two-decimal percentages as basis points', () => {
    expect(shareToBp('60')).toBe(6000);
    expect(shareToBp('33.33')).toBe(3333);
    expect(shareToBp(' 12.5% ')).toBe(1250);
    expect(bpToShare(3333)).toBe('33.33');
    expect(bpToShare(6000)).toBe('60');
  });

  it('refuses three decimals, words and blanks', () => {
    expect(shareToBp('33.333')).toBeNull();
    expect(shareToBp('sixty')).toBeNull();
    expect(shareToBp('')).toBeNull();
    expect(shareToBp('-5')).toBeNull();
  });
});

describe('the nominees list', () => {
  it('sends 60% and 40% as 6000 and 4000 basis points', () => {
    expect(checkNominees([row('60'), row('40', { name: 'Emeka Okafor', relationship: 'Son' })])).toEqual({
      input: {
        nominees: [
          { name: 'Ngozi Okafor', relationship: 'Daughter', phone: '08031234567', shareBp: 6000 },
          { name: 'Emeka Okafor', relationship: 'Son', phone: '08031234567', shareBp: 4000 },
        ],
      },
    });
  });

  it('accepts 33.33 + 33.33 + 33.34 and an empty list', () => {
    expect(totalBp([row('33.33'), row('33.33'), row('33.34')])).toBe(10_000);
    expect('input' in checkNominees([row('33.33'), row('33.33'), row('33.34')])).toBe(true);
    expect(checkNominees([])).toEqual({ input: { nominees: [] } });
  });

  it('flags every invalid field beside itself, and a total other than 100% beside the list', () => {
    expect(checkNominees([row('60', { name: ' ', phone: 'call me' }), row('30.555', { relationship: '' })])).toEqual({
      problems: {
        rows: [{ name: MESSAGES.nomineeNameRequired, phone: MESSAGES.nomineePhoneInvalid }, { relationship: MESSAGES.nomineeRelationshipRequired, share: MESSAGES.nomineeShareInvalid }],
        list: MESSAGES.nomineeSharesNot100,
      },
    });
  });
});
