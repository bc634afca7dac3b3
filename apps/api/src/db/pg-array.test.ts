import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from './client.ts';
import { pgArray } from './pg-array.ts';
import { openTestDatabase } from '../test/test-database.ts';

let database: { handle: DatabaseHandle; drop: () => Promise<void> };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.drop());

describe('an array parameter', () => {
  it('is written literally, every text element quoted', () => {
    expect(pgArray(['a', 'b,c', null, 'say "hi"', 'C:\\pay'])).toBe('{"a","b,c",NULL,"say \\"hi\\"","C:\\\\pay"}');
    expect(pgArray([1, -20, 100_000_000_000_000])).toBe('{1,-20,100000000000000}');
    expect(pgArray([])).toBe('{}');
  });

  it('refuses a number that is not an exact integer', () => {
    expect(() => pgArray([1.5])).toThrow('not an integer');
    expect(() => pgArray([2 ** 53])).toThrow('not an integer');
  });

  it('reads back from the database as the same values, whatever the text holds', async () => {
    const texts = ['plain', 'comma, inside', '{braces}', 'NULL', '', ' spaced ', 'quote " and \\ backslash', 'Ọ̀ṣun ₦5,000', 'line\nbreak', null];
    const numbers = [0, 1, -1, 100_000_000_000_000, null];
    const [row] = await queryRows<{ texts: (string | null)[]; numbers: (string | null)[] }>(
      database.handle.db,
      sql`select array(select t from unnest(${pgArray(texts)}::text[]) with ordinality as u(t, n) order by n) as texts,
                 array(select v::text from unnest(${pgArray(numbers)}::bigint[]) with ordinality as u(v, n) order by n) as numbers`,
    );
    expect(row?.texts).toEqual(['plain', 'comma, inside', '{braces}', 'NULL', '', ' spaced ', 'quote " and \\ backslash', 'Ọ̀ṣun ₦5,000', 'line\nbreak', null]);
    expect(row?.numbers).toEqual(['0', '1', '-1', '100000000000000', null]);
  });
});
