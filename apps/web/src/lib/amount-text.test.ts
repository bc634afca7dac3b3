import { describe, expect, it } from 'vitest';
import { plainAmount, stepAmount, withSeparators } from './amount-text.ts';

describe('the amount field text', () => {
  it('takes what an amount may be as typed, separators or not', () => {
    expect(plainAmount('1,234.5')).toBe('1234.5');
    expect(plainAmount('1234.')).toBe('1234.');
    expect(plainAmount('')).toBe('');
    expect(plainAmount('.5')).toBe('.5');
  });

  it('refuses a letter, a minus, a second point and a third decimal', () => {
    expect(plainAmount('12a')).toBeNull();
    expect(plainAmount('-5')).toBeNull();
    expect(plainAmount('1.2.3')).toBeNull();
    expect(plainAmount('1.234')).toBeNull();
    expect(plainAmount('1e5')).toBeNull();
  });

  it('groups thousands and keeps the decimals as typed', () => {
    expect(withSeparators('1234567.5')).toBe('1,234,567.5');
    expect(withSeparators('15000.00')).toBe('15,000.00');
    expect(withSeparators('999')).toBe('999');
    expect(withSeparators('1000.')).toBe('1,000.');
    expect(withSeparators('abc')).toBe('abc');
  });

  it('steps by one kobo and never below zero', () => {
    expect(stepAmount('10', 1)).toBe('10.01');
    expect(stepAmount('1,000.00', -1)).toBe('999.99');
    expect(stepAmount('', 1)).toBe('0.01');
    expect(stepAmount('0', -1)).toBe('0.00');
  });
});
