import type { DehydratedState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { carryAnswersOnce } from './server-state.ts';

/** Two queries as dehydrate() writes them: only their data matters here. */
const queries = {
  mutations: [],
  queries: [
    { queryKey: ['session'], queryHash: '["session"]', state: { data: { id: 'u1', name: 'Ada' } } },
    { queryKey: ['savings', 'me'], queryHash: '["savings","me"]', state: { data: { balanceKobo: 250_000, entries: [] } } },
  ],
} as unknown as DehydratedState;

describe('a server-rendered page carries each answer once', () => {
  it('names the query whose data an answer is, and keeps a body no query holds', () => {
    expect(
      carryAnswersOnce(queries, [
        { path: '/api/auth/session', body: { id: 'u1', name: 'Ada' } },
        { path: '/api/savings/me', body: { balanceKobo: 250_000, entries: [] } },
        { path: '/api/settings/public', body: { organisation: 'Kobo Staff Cooperative' } },
      ]),
    ).toEqual([
      { path: '/api/auth/session', query: 0 },
      { path: '/api/savings/me', query: 1 },
      { path: '/api/settings/public', body: { organisation: 'Kobo Staff Cooperative' } },
    ]);
  });

  it('keeps the body of an answer that differs from a query in any figure', () => {
    expect(carryAnswersOnce(queries, [{ path: '/api/savings/me', body: { balanceKobo: 250_001, entries: [] } }])).toEqual([
      { path: '/api/savings/me', body: { balanceKobo: 250_001, entries: [] } },
    ]);
  });
});
