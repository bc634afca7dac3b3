import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvalSettingsAnswerSchema,
  approvalSettingsSchema,
  cancelRequestSchema,
  declineRequestSchema,
  mySavingsRequestsSchema,
  savingsRequestAnswerSchema,
  savingsRequestApprovedSchema,
  savingsRequestCountSchema,
  savingsRequestListQuerySchema,
  savingsRequestListSchema,
  SAVINGS_POSTING_REFUSALS,
} from '@kobo/core';
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
/** A request that is gone, or was decided (or cancelled) first. */
const decisionRefusals = ['SAVINGS_REQUEST_NOT_FOUND', 'SAVINGS_REQUEST_DECIDED'] as const;

/**
 * Two-person approval and members' requests (issue 15; docs/decisions/021-two-person-approval.md).
 * Requests are made through POST /api/savings/transactions and /transfers (savings.routes.ts).
 */
export async function requestsRoutes(app: FastifyInstance, deps: RequestDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/savings/approval-settings', { config: manageSavings, schema: { operationId: 'getApprovalSettings', response: { 200: approvalSettingsAnswerSchema } } }, async () => readApprovalSettings(deps.db));

  routes.put(
    '/api/savings/approval-settings',
    {
      config: manageSavings,
      schema: { operationId: 'saveApprovalSettings', body: approvalSettingsSchema, response: { 200: approvalSettingsAnswerSchema } },
    },
    async (request) =>
      saveApprovalSettings(deps, request.actor, request.body),
  );

  routes.get(
    '/api/savings/requests',
    {
      config: readRequests,
      schema: { operationId: 'listSavingsRequests', querystring: savingsRequestListQuerySchema, response: { 200: savingsRequestListSchema } },
    },
    async (request) =>
      listRequests(deps.db, request.query),
  );

  routes.get('/api/savings/requests/count', { config: readRequests, schema: { operationId: 'countPendingSavingsRequests', response: { 200: savingsRequestCountSchema } } }, async () => countPendingRequests(deps.db));

  routes.get(
    '/api/savings/requests/mine',
    { config: { access: 'view_own_savings' }, schema: { operationId: 'listMySavingsRequests', response: { 200: mySavingsRequestsSchema } } },
    async (request) =>
      listMyRequests(deps.db, request.actor),
  );

  routes.post(
    '/api/savings/requests/:id/approve',
    {
      config: {
        ...manageSavings,
        // Approving posts the request's money, with every refusal a posting can give.
        errors: [...SAVINGS_POSTING_REFUSALS, 'INSUFFICIENT_BALANCE_FOR_TRANSFER', 'INVALID_TRANSFER', ...decisionRefusals, 'OWN_SAVINGS_REQUEST'],
      },
      schema: { operationId: 'approveSavingsRequest', params: idParams, response: { 200: savingsRequestApprovedSchema } },
    },
    async (request) => approveRequest(deps, request.actor, request.params.id),
  );

  routes.post(
    '/api/savings/requests/:id/decline',
    {
      config: { ...manageSavings, errors: [...decisionRefusals, 'OWN_SAVINGS_REQUEST'] },
      schema: { operationId: 'declineSavingsRequest', params: idParams, body: declineRequestSchema, response: { 200: savingsRequestAnswerSchema } },
    },
    async (request) =>
      declineRequest(deps, request.actor, request.params.id, request.body.reason),
  );

  routes.post(
    '/api/savings/requests/:id/cancel',
    {
      config: { ...makers, errors: [...decisionRefusals, 'NOT_REQUEST_MAKER'] },
      schema: { operationId: 'cancelSavingsRequest', params: idParams, body: cancelRequestSchema, response: { 200: savingsRequestAnswerSchema } },
    },
    async (request) =>
      cancelRequest(deps, request.actor, request.params.id, request.body.reason),
  );
}
