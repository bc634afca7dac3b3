import { responseError } from './response-error.ts';

/**
 * A JSON POST with an Idempotency-Key header: the server posts once per key and answers a retry
 * with the first result. Refusals throw ApiError and network failures the fetch TypeError, as
 * apiRequest does.
 */
export async function idempotentPost<T>(path: string, body: unknown, idempotencyKey: string): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await responseError(response);
  return (await response.json()) as T;
}
