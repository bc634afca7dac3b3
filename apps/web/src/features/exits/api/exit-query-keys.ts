import type { ExitStatus } from '@kobo/core';

/** The exits' answers: every key starts with 'exits', so one invalidation after a step refreshes them all. */
export const exitKeys = {
  all: ['exits'] as const,
  list: (status: ExitStatus | null) => ['exits', 'list', status ?? 'all'] as const,
  detail: (id: string) => ['exits', 'detail', id] as const,
  settings: ['exits', 'settings'] as const,
  mine: ['exits', 'mine'] as const,
  myNominees: ['exits', 'nominees', 'mine'] as const,
  memberNominees: (userId: string) => ['exits', 'nominees', userId] as const,
};
