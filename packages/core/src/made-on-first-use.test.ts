import { describe, expect, it } from 'vitest';
import { madeOnFirstUse } from './made-on-first-use.ts';

describe('madeOnFirstUse', () => {
  it('makes nothing until asked, then makes once and answers the same value every time', () => {
    let made = 0;
    const value = madeOnFirstUse(() => ({ serial: ++made }));
    expect(made).toBe(0);
    const first = value();
    expect(first).toEqual({ serial: 1 });
    expect(value()).toBe(first);
    expect(made).toBe(1);
  });

  it('keeps a made value that is falsy', () => {
    let made = 0;
    const value = madeOnFirstUse(() => (made++, 0));
    expect([value(), value()]).toEqual([0, 0]);
    expect(made).toBe(1);
  });
});
