import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@kobo/core';
import { SESSION_QUERY_KEY } from '../lib/auth/session.ts';
import { forgetOfflineAnswers, keepOfflineAnswersFor, saveAnswer } from '../lib/offline-answers.ts';

/**
 * What a server-rendered page carries for the browser (docs/decisions/058): its query cache, and the
 * API answers it was built from (the session's first). An answer that is some query's data names
 * that query rather than carrying its body again, which would double the bytes on a slow line.
 */
export type ServerState = { queries: DehydratedState; answers: CarriedAnswer[] };
export type CarriedAnswer = { path: string; body: unknown } | { path: string; query: number };

/** The page's answers, each naming the query whose data it is where one is (src/entry-server.tsx). */
export function carryAnswersOnce(queries: DehydratedState, answers: { path: string; body: unknown }[]): CarriedAnswer[] {
  const data = queries.queries.map((query) => JSON.stringify(query.state.data));
  return answers.map((answer) => {
    const query = data.indexOf(JSON.stringify(answer.body));
    return query === -1 ? answer : { path: answer.path, query };
  });
}

/** The data block's id in the page (apps/api/src/plugins/server-render.ts writes it). */
export const SERVER_STATE_ID = 'kobo-state';

/**
 * Takes the answers a server-rendered page was built from, before the first render, so the
 * hydrating render shows what the HTML shows. They are kept for offline use as the browser's own
 * requests would have kept them (src/lib/auth/session.ts, api-client.ts; docs/decisions/030):
 * another person's kept answers go. Returns whether the page was rendered on the server.
 */
export function takeServerState(client: QueryClient): boolean {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return false;
  const state = JSON.parse(text) as ServerState;
  // The answers count as fetched when the page arrived, by this device's clock: the server's clock
  // may differ from a phone's by minutes (its times would make them fresh for too long, or stale at
  // once and asked again straight away, doubling a first visit's bytes).
  const fetchedAt = pageArrivedAt();
  for (const query of state.queries.queries) query.state.dataUpdatedAt = fetchedAt;
  hydrate(client, state.queries);
  const user = client.getQueryData<PublicUser | null>(SESSION_QUERY_KEY);
  const [session, ...rest] = state.answers.map((answer) => ({
    path: answer.path,
    body: 'query' in answer ? state.queries.queries[answer.query]?.state.data : answer.body,
  }));
  if (!user || !session) {
    forgetOfflineAnswers();
    return true;
  }
  keepOfflineAnswersFor(user.id, session);
  for (const answer of rest) saveAnswer(answer.path, answer.body, fetchedAt);
  return true;
}

/** When the page's HTML had arrived, in this device's time (now, where the browser cannot say). */
function pageArrivedAt(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation && navigation.responseEnd > 0 ? Math.round(performance.timeOrigin + navigation.responseEnd) : Date.now();
}
