import { MESSAGES, type ApiErrorBody, type ErrorCode } from '@kobo/core';
import { markOnline, markServedFromSaved, saveAnswer, savedAnswer } from './offline-answers.ts';

/** A refusal from the API: its HTTP status and the `{ error, message, field }` body it sent. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.error;
    this.field = body.field;
  }
}

/**
 * No connection, known before or instead of an answer (issue 13): a change that was not sent, or
 * a page whose data this device has never fetched. Its message is the sentence to show.
 */
export class OfflineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OfflineError';
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
};

/**
 * The one way the app talks to the API: same origin, JSON both ways, the session cookie sent.
 * A non-2xx answer throws ApiError. Without a connection (docs/decisions/030-installable-and-offline.md):
 * a GET answers with its last successful answer kept on this device, if any; a change is not even
 * tried while the browser knows it is offline (OfflineError: it was not sent, never queued).
 * Otherwise a network failure throws the fetch TypeError unchanged, so each screen can show its
 * own generic sentence for it (see `errorMessage`): the change may or may not have reached the server.
 */
/**
 * What carries a request: the browser's fetch; on the server, which renders a page's first screen,
 * the API answering in-process with the visitor's own cookie (src/entry-server.tsx, docs/decisions/058).
 */
let transport: typeof fetch = (input, init) => fetch(input, init);
export function carryRequestsWith(fetcher: typeof fetch) {
  transport = fetcher;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  const method = options.method ?? (hasBody ? 'POST' : 'GET');
  const isRead = method === 'GET';
  if (!isRead && isKnownOffline()) throw new OfflineError(MESSAGES.offlineNotSent);
  let response: Response;
  try {
    response = await transport(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (isRead && error instanceof TypeError) {
      const saved = savedAnswer(path);
      if (saved) {
        markServedFromSaved(path, saved.fetchedAt);
        return saved.body as T;
      }
      if (isKnownOffline()) throw new OfflineError(MESSAGES.youAreOffline);
    }
    throw error;
  }
  markOnline();
  if (!response.ok) throw await responseError(response);
  if (response.status === 204) return undefined as T;
  const body = (await response.json()) as T;
  if (isRead) saveAnswer(path, body, Date.now());
  return body;
}

/** navigator.onLine is false only when the device has no network at all; true proves nothing. */
function isKnownOffline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

/** The ApiError for a non-2xx answer; also for requests made with fetch directly (file downloads). */
export async function responseError(response: Response): Promise<ApiError> {
  try {
    const body: unknown = await response.json();
    if (isApiErrorBody(body)) return new ApiError(response.status, body);
  } catch {
    // Not JSON (a proxy's error page, say): fall through to a body without a message.
  }
  return new ApiError(response.status, { error: `HTTP_${response.status}`, message: '' });
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof value.error === 'string' &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

/**
 * The one sentence for a failed request. A refusal (4xx) carries the spec's own sentence from the
 * server ('Only administrators can delete expenses', 'Insufficient balance for withdrawal', …); no
 * connection says so ("You're offline…"); a server error (5xx) or a lost connection shows the
 * screen's own fallback ('Failed to delete expense', …), since what went wrong there is not the
 * user's to fix. The one 5xx with its own sentence is the server's "try again" (503 TRY_AGAIN: the
 * database undid a change that met another at the same moment; nothing was saved).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof OfflineError) return error.message;
  if (error instanceof ApiError && (error.status < 500 || error.code === TRY_AGAIN) && error.message) return error.message;
  return fallback;
}

const TRY_AGAIN: ErrorCode = 'TRY_AGAIN';
