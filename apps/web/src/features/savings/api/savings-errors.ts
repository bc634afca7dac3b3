import { MESSAGES } from '@kobo/core';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * The sentence for a failed savings request: a refusal (4xx) carries the spec's own sentence from
 * the server ('Insufficient balance for withdrawal', …); a server error or a lost connection
 * shows the screen's generic one ('Failed to process transaction', …).
 */
export function savingsErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return fallback;
}

/** SPEC 8 "Create staff": the network and rate-limit sentences, then the server's, else the generic one. */
export function createStaffErrorMessage(error: unknown): string {
  if (error instanceof TypeError) return MESSAGES.staffNetworkError;
  if (error instanceof ApiError && error.status === 429) return MESSAGES.staffTooManyAttempts;
  return savingsErrorMessage(error, MESSAGES.createStaffFailed);
}
