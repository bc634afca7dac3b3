import type { SavingsPeriod } from '@kobo/core';

/** Every savings answer sits under ['savings'], so a posting refreshes them all at once. */
export const savingsKeys = {
  all: ['savings'] as const,
  holders: (search: string) => ['savings', 'holders', search] as const,
  mine: ['savings', 'me'] as const,
  account: (ref: string, period: SavingsPeriod) => ['savings', 'account', ref, period] as const,
  // The monthly run (issue 11) lives under ['savings'] too: a batch moves balances.
  runPreparation: (month: string) => ['savings', 'runs', 'prepare', month] as const,
  batches: ['savings', 'batches'] as const,
  batch: (id: string) => ['savings', 'batches', id] as const,
  // Issue 15's requests hold money and become postings, so they live under ['savings'] too: any
  // posting, approval or decision refreshes balances, lists and the navigation's count at once.
  requests: ['savings', 'requests'] as const,
  requestList: (status: 'pending' | 'decided') => ['savings', 'requests', 'list', status] as const,
  requestCount: ['savings', 'requests', 'count'] as const,
  myRequests: ['savings', 'requests', 'mine'] as const,
};
