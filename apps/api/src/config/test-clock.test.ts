import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverClock } from './test-clock.ts';

const dir = mkdtempSync(join(tmpdir(), 'kobo-test-clock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The simulator's clock for a server in another process (docs/decisions/066).
describe('KOBO_TEST_CLOCK_FILE', () => {
  it('is the wall clock when unset', () => {
    expect(serverClock({ NODE_ENV: 'test' }, {})).toBeUndefined();
  });

  it('reads the file afresh on every call outside production', () => {
    const file = join(dir, 'clock');
    writeFileSync(file, '2016-03-01T09:00:00.000Z');
    const now = serverClock({ NODE_ENV: 'test' }, { KOBO_TEST_CLOCK_FILE: file });
    expect(now?.().toISOString()).toBe('2016-03-01T09:00:00.000Z');
    writeFileSync(file, '2016-03-02T09:00:00.000Z\n');
    expect(now?.().toISOString()).toBe('2016-03-02T09:00:00.000Z');
    writeFileSync(file, 'tomorrow');
    expect(() => now?.()).toThrow(`KOBO_TEST_CLOCK_FILE (${file}) holds no timestamp`);
  });

  it('stops a production server from starting', () => {
    expect(() => serverClock({ NODE_ENV: 'production' }, { KOBO_TEST_CLOCK_FILE: join(dir, 'clock') })).toThrow(
      'KOBO_TEST_CLOCK_FILE is for tests and the simulator only: unset it to run in production.',
    );
  });
});
