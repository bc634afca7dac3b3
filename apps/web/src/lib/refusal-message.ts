import { ApiError } from './api-client.ts';

/**
 * The sentence for a failed request: a refusal (4xx) carries the spec's own sentence from the
 * server ('Only administrators can delete expenses', 'Cannot delete item because…'); a server error
 * or a lost connection shows the screen's generic one ('Failed to delete expense', …).
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return fallback;
}
