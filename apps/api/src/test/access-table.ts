import type { Permission } from '@kobo/core';

/**
 * Who may call an endpoint: 'public' (anyone), 'signedIn' (any active account), or a Permission
 * (the roles that hold it in core/permissions.ts). `expectRefusal` overrides the permission's roles
 * where a route is narrower than its permission (e.g. a user's own-savings route).
 */
export type Access = 'public' | 'signedIn' | Permission | { roles: readonly ('admin' | 'manager' | 'user' | 'staff')[] };

export type EndpointAccess = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  access: Access;
  /** A body that gets past the door (it may still fail validation: only 401/403 count as refusal). */
  body?: unknown;
  /** The concrete path to call when `url` has parameters. */
  path?: string;
};
