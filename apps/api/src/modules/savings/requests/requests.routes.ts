import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approvalSettingsSchema, cancelRequestSchema, declineRequestSchema, savingsRequestListQuerySchema } from '@kobo/core';
import { readApprovalSettings, saveApprovalSettings } from './approval-settings.ts';
import { approveRequest } from './approve-request.ts';
import { cancelRequest } from './cancel-request.ts';
import { declineRequest } from './decline-request.ts';
import { countPendingRequests, listMyRequests, listRequests } from './list-requests.ts';
import type { RequestDeps } from './request-deps.ts';

const manageSavings = { access: 'manage_staff_savings' } as const;
/** The requests' lists: an officer or the auditor (issue 27); deciding stays the officer's. */
const readRequests = { access: 'view_staff_savings' } as const;
/** The maker cancels: an admin their two-person request, a member their own (cancel-request.ts decides). */
const makers = { access: ['manage_staff_savings', 'post_own_savings'] } as const;
const idParams = z.object({ id: z.uuid() });

/**
 * Two-person approval and members' requests (issue 15; docs/decisions/021-two-person-approval.md).
 * Requests are made through POST /api/savings/transactions and /transfers (savings.routes.ts).
 */
export async function requestsRoutes(app: FastifyInstance, deps: RequestDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/savings/approval-settings', { config: manageSavings }, async () => readApprovalSettings(deps.db));

  routes.put('/api/savings/approval-settings', { config: manageSavings, schema: { body: approvalSettingsSchema } }, async (request) =>
    saveApprovalSettings(deps, request.actor, request.body),
  );

  routes.get('/api/savings/requests', { config: readRequests, schema: { querystring: savingsRequestListQuerySchema } }, async (request) =>
    listRequests(deps.db, request.query),
  );

  routes.get('/api/savings/requests/count', { config: readRequests }, async () => countPendingRequests(deps.db));

  routes.get('/api/savings/requests/mine', { config: { access: 'view_own_savings' } }, async (request) => listMyRequests(deps.db, request.actor));

  routes.post('/api/savings/requests/:id/approve', { config: manageSavings, schema: { params: idParams } }, async (request) =>
    approveRequest(deps, request.actor, request.params.id),
  );

  routes.post('/api/savings/requests/:id/decline', { config: manageSavings, schema: { params: idParams, body: declineRequestSchema } }, async (request) =>
    declineRequest(deps, request.actor, request.params.id, request.body.reason),
  );

  routes.post('/api/savings/requests/:id/cancel', { config: makers, schema: { params: idParams, body: cancelRequestSchema } }, async (request) =>
    cancelRequest(deps, request.actor, request.params.id, request.body.reason),
  );
}
