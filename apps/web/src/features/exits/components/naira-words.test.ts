import { describe, expect, it } from 'vitest';
import { nairaInWords } from './naira-words.ts';

describe('an amount in words', () => {
  it("writes COOPERATIVE.md's exit figures as a voucher does", () => {
    expect(nairaInWords(22_180_000)).toBe('Two hundred and twenty-one thousand, eight hundred naira only');
    expect(nairaInWords(13_308_000)).toBe('One hundred and thirty-three thousand and eighty naira only');
    expect(nairaInWords(8_872_000)).toBe('Eighty-eight thousand, seven hundred and twenty naira only');
    expect(nairaInWords(4_000_000)).toBe('Forty thousand naira only');
  });

  it('writes kobo, zero, millions and a sign-free shortfall', () => {
    expect(nairaInWords(150)).toBe('One naira and fifty kobo');
    expect(nairaInWords(0)).toBe('Zero naira only');
    expect(nairaInWords(123_456_789)).toBe('One million, two hundred and thirty-four thousand, five hundred and sixty-seven naira and eighty-nine kobo');
    expect(nairaInWords(-4_000_000)).toBe('Forty thousand naira only');
    expect(nairaInWords(100_500)).toBe('One thousand and five naira only');
  });
});
