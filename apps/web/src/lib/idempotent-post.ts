import { apiRequest } from './api-client.ts';

/**
 * A JSON POST with an Idempotency-Key header: the server posts once per key and answers a retry
 * with the first result. Refusals throw ApiError and network failures the fetch TypeError.
 */
export async function idempotentPost<T>(path: string, body: unknown, idempotencyKey: string): Promise<T> {
  return apiRequest<T>(path, { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey } });
}
