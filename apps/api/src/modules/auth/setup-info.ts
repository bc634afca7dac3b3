import type { SetupInfo } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { hasNoUsers } from './create-account.ts';
import { readSignUpSettings } from './sign-up-settings.ts';

/** The first account can always be made, whatever the setting says (docs/decisions/023-invitations.md). */
export async function getSetupInfo(db: Database): Promise<SetupInfo> {
  const needsFirstAdmin = await hasNoUsers(db);
  return { needsFirstAdmin, openSignUp: needsFirstAdmin || (await readSignUpSettings(db)).openSignUp };
}
