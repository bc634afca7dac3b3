import type { SetupInfo } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { hasNoUsers } from './create-account.ts';

export async function getSetupInfo(db: Database): Promise<SetupInfo> {
  return { needsFirstAdmin: await hasNoUsers(db) };
}
