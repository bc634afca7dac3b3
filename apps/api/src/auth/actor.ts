import type { PublicUser, Role } from '@kobo/core';

/** A signed-in, active caller, as the gate resolved them for this request. */
export type Actor = PublicUser & { role: Role };
