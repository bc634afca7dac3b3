import type { ApiErrorBody } from '@kobo/core';

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

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
};

/**
 * The one way the app talks to the API: same origin, JSON both ways, the session cookie sent.
 * A non-2xx answer throws ApiError; a network failure throws the fetch TypeError unchanged, so
 * each screen can show its own generic sentence for it (see `errorMessage`).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  const response = await fetch(path, {
    method: options.method ?? (hasBody ? 'POST' : 'GET'),
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  if (!response.ok) throw await responseError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
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
 * server ('Only administrators can delete expenses', 'Insufficient balance for withdrawal', …); a
 * server error (5xx) or a lost connection shows the screen's own fallback ('Failed to delete
 * expense', …), since what went wrong there is not the user's to fix.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return fallback;
}
