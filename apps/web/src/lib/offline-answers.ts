/**
 * The last successful answer of each GET /api/* request, kept in localStorage so a page already
 * visited still opens without a connection, with the time it was fetched ("Offline — as of
 * 14:05"). See docs/decisions/030-installable-and-offline.md.
 *
 * The answers are one person's: they are kept only once the session has named its owner, all are
 * dropped when another person (or nobody) holds the session, and on sign-out.
 */

const PREFIX = 'kobo.offline.';
const OWNER_KEY = `${PREFIX}owner`;
const ANSWER_PREFIX = `${PREFIX}answer:`;
/** A large list (a year of history) is not worth a full localStorage; the page says offline instead. */
const MAX_ANSWER_CHARS = 500_000;

export type SavedAnswer = { body: unknown; fetchedAt: number };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled (a privacy setting): the app works, only without offline answers.
    return null;
  }
}

/**
 * Keeps answers for this person from now on. When the session names someone new, the last
 * person's answers go and the session answer that named them is the first kept (it was fetched
 * before its owner was known, so it was not kept then).
 */
export function keepOfflineAnswersFor(userId: string, session: { path: string; body: unknown }) {
  const store = storage();
  if (!store || store.getItem(OWNER_KEY) === userId) return;
  forgetOfflineAnswers();
  store.setItem(OWNER_KEY, userId);
  saveAnswer(session.path, session.body, Date.now());
}

/** Drops every kept answer and the owner: on sign-out and when the session has ended. */
export function forgetOfflineAnswers() {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter((key) => key?.startsWith(PREFIX));
  for (const key of keys) if (key) store.removeItem(key);
  servedFromSaved.clear();
  notify();
}

export function saveAnswer(path: string, body: unknown, fetchedAt: number) {
  const store = storage();
  if (!store?.getItem(OWNER_KEY)) return;
  const text = JSON.stringify({ body, fetchedAt } satisfies SavedAnswer);
  try {
    if (text.length <= MAX_ANSWER_CHARS) store.setItem(`${ANSWER_PREFIX}${path}`, text);
    else store.removeItem(`${ANSWER_PREFIX}${path}`);
  } catch {
    // Storage full: this answer is simply not available offline.
  }
}

export function savedAnswer(path: string): SavedAnswer | null {
  const store = storage();
  if (!store?.getItem(OWNER_KEY)) return null;
  const text = store.getItem(`${ANSWER_PREFIX}${path}`);
  if (!text) return null;
  try {
    const saved: unknown = JSON.parse(text);
    if (typeof saved === 'object' && saved !== null && 'fetchedAt' in saved && typeof saved.fetchedAt === 'number' && 'body' in saved) {
      return { body: saved.body, fetchedAt: saved.fetchedAt };
    }
  } catch {
    // A damaged entry: treat it as absent.
  }
  return null;
}

// Which kept answers the screen shows now, by path: "Offline — as of" names the oldest.
const servedFromSaved = new Map<string, number>();
const listeners = new Set<() => void>();
export type OfflineSince = { fetchedAt: number; wasToday: boolean };
let offlineSince: OfflineSince | null = null;

function notify() {
  const times = [...servedFromSaved.values()];
  if (times.length === 0) offlineSince = null;
  else {
    const fetchedAt = Math.min(...times);
    offlineSince = { fetchedAt, wasToday: new Date(fetchedAt).toDateString() === new Date().toDateString() };
  }
  for (const listener of listeners) listener();
}

/** A request failed for want of a connection and its kept answer stood in. */
export function markServedFromSaved(path: string, fetchedAt: number) {
  servedFromSaved.set(path, fetchedAt);
  notify();
}

/** A request reached the server: the connection is back, fresh answers replace the kept ones. */
export function markOnline() {
  if (servedFromSaved.size === 0) return;
  servedFromSaved.clear();
  notify();
}

export function subscribeOfflineSince(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** When the oldest kept answer on screen was fetched (ms since the epoch, and whether today), or null when all are fresh. */
export function getOfflineSince(): OfflineSince | null {
  return offlineSince;
}
