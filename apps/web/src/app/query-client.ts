import { QueryClient } from '@tanstack/react-query';
import { ApiError, OfflineError } from '../lib/api-client.ts';

/** A refusal (4xx) will not change on retry, nor will having no connection; a network or server failure might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  if (error instanceof OfflineError) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // 'always': without a connection a query still runs, so apiRequest can answer with what this
      // device kept or say it is offline, and a change fails at once instead of waiting to be sent
      // silently later (docs/decisions/030-installable-and-offline.md).
      queries: { retry: shouldRetry, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
