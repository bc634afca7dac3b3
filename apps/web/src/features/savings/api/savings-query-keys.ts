import type { SavingsPeriod } from '@kobo/core';

/** Every savings answer sits under ['savings'], so a posting refreshes them all at once. */
export const savingsKeys = {
  all: ['savings'] as const,
  holders: (search: string) => ['savings', 'holders', search] as const,
  mine: ['savings', 'me'] as const,
  account: (ref: string, period: SavingsPeriod) => ['savings', 'account', ref, period] as const,
};
