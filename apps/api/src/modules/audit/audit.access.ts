import type { EndpointAccess } from '../../test/access-table.ts';

/** The audit log: admins read it; nobody writes it over HTTP. */
export const AUDIT_ACCESS: EndpointAccess[] = [{ method: 'GET', url: '/api/audit', access: 'manage_users' }];
