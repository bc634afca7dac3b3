import type { AdviceSummary } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { readAdviceSummaries } from './advice-store.ts';

/** GET /api/payroll/advices: every month's advice, newest month first (issue 30). */
export async function listAdvices(db: Database): Promise<{ advices: AdviceSummary[] }> {
  return { advices: await readAdviceSummaries(db) };
}
