import { describe, expect, it } from 'vitest';
import { formatStaffId, parseStaffId } from './staff-id.ts';

describe('staff IDs (SPEC 4, DECISIONS 10)', () => {
  it('formats STF plus at least three digits and never truncates', () => {
    expect(formatStaffId(1)).toBe('STF001');
    expect(formatStaffId(42)).toBe('STF042');
    expect(formatStaffId(999)).toBe('STF999');
    expect(formatStaffId(1000)).toBe('STF1000');
  });

  it('parses its own output and refuses anything else', () => {
    expect(parseStaffId('STF007')).toBe(7);
    expect(parseStaffId('STF1000')).toBe(1000);
    expect(parseStaffId('STF07')).toBeNull();
    expect(parseStaffId('stf007')).toBeNull();
    expect(() => formatStaffId(0)).toThrow(RangeError);
  });
});
