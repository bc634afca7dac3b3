import { describe, expect, it } from 'vitest';
import { formatNaira, koboToNairaString, MAX_AMOUNT_KOBO, parseNaira } from './money.ts';

describe('parseNaira', () => {
  it.each([
    ['1500', 150_000],
    ['1,250.50', 125_050],
    ['₦1,250.5', 125_050],
    ['₦ 40', 4_000],
    ['0.01', 1],
    ['0', 0],
    ['  12.30 ', 1_230],
    [0.1, 10],
    [19.99, 1_999],
    [1_000_000_000_000, 100_000_000_000_000],
  ])('reads %s as %i kobo without float error', (input, kobo) => {
    expect(parseNaira(input)).toBe(kobo);
  });

  it.each(['', 'abc', '-5', '1.234', '1e3', '1,2,3', '12.', NaN, Infinity, -1, 0.001])('refuses %s', (input) => {
    expect(parseNaira(input)).toBeNull();
  });
});

describe('formatNaira', () => {
  it.each([
    [150_000, '₦1,500.00'],
    [125_050, '₦1,250.50'],
    [1, '₦0.01'],
    [0, '₦0.00'],
    [-99, '-₦0.99'],
    [99_900, '₦999.00'],
    [10_000_000, '₦100,000.00'],
    [123_456_789, '₦1,234,567.89'],
    [-123_456_789, '-₦1,234,567.89'],
    [MAX_AMOUNT_KOBO, '₦1,000,000,000,000.00'],
  ])('shows %i kobo as %s (en-NG)', (kobo, text) => {
    expect(formatNaira(kobo)).toBe(text);
  });

  it("writes whole naira as the en-NG locale's own currency format does", () => {
    const locale = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
    for (const naira of [0, 7, 10, 99, 100, 999, 1_000, 9_999, 10_000, 123_456, 1_000_000, 12_345_678, 999_999_999_999]) {
      expect(formatNaira(naira * 100)).toBe(locale.format(naira));
    }
  });

  it('gives the plain decimal for inputs and exports', () => {
    expect(koboToNairaString(125_050)).toBe('1250.50');
    expect(koboToNairaString(5)).toBe('0.05');
  });
});
