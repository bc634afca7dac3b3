import { describe, expect, it } from 'vitest';
import { inertText, nairaCell, wallClockCell } from './cells.ts';

describe('spreadsheet cells', () => {
  it.each(['=1+1', '+234', '-5', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","y")'])(
    'writes %j so that no spreadsheet evaluates it',
    (text) => {
      expect(inertText(text)).toBe(`'${text}`);
    },
  );

  it('leaves ordinary text alone', () => {
    expect(inertText('Diesel for the generator')).toBe('Diesel for the generator');
    expect(inertText('')).toBe('');
  });

  it('writes kobo as naira', () => {
    expect(nairaCell(150_000)).toBe(1500);
    expect(nairaCell(1)).toBe(0.01);
  });

  it("writes an instant as the organisation's wall clock", () => {
    // 23:30 UTC on 31 December is 00:30 on 1 January in Lagos (UTC+1).
    expect(wallClockCell(new Date('2026-12-31T23:30:00Z'), 'Africa/Lagos').toISOString()).toBe('2027-01-01T00:30:00.000Z');
  });
});
