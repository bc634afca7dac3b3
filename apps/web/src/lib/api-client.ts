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

type RequestOptions = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal };

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
    headers: hasBody ? { 'content-type': 'application/json', accept: 'application/json' } : { accept: 'application/json' },
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

async function readErrorBody(response: Response): Promise<ApiErrorBody> {
  try {
    const body: unknown = await response.json();
    if (isApiErrorBody(body)) return body;
  } catch {
    // Not JSON (a proxy's error page, say): fall through to a body without a message.
  }
  return { error: `HTTP_${response.status}`, message: '' };
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

/** The sentence for a failed request: the API's own message, else the screen's generic one. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
