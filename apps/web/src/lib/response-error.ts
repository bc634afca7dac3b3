import type { ApiErrorBody } from '@kobo/core';
import { ApiError } from './api-client.ts';

/**
 * The ApiError for a non-2xx answer, read as api-client.ts reads it: for requests apiRequest
 * cannot make (extra headers, a file instead of JSON).
 */
export async function responseError(response: Response): Promise<ApiError> {
  let body: ApiErrorBody = { error: `HTTP_${response.status}`, message: '' };
  try {
    const parsed: unknown = await response.json();
    if (isApiErrorBody(parsed)) body = parsed;
  } catch {
    // Not JSON (a proxy's error page, say): keep the body without a message.
  }
  return new ApiError(response.status, body);
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
