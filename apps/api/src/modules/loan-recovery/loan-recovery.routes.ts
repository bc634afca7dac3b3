import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  claimRepaymentInputSchema,
  guarantorClaimSchema,
  loanRecoveryAnswerSchema,
  loanRecoveryListQuerySchema,
  loanRecoveryListSchema,
  loanRecoverySettingsSchema,
  loanRecoveryViewSchema,
  myGuarantorClaimsSchema,
  recoveryDeclineInputSchema,
} from '@kobo/core';
import { approveRecovery } from './approve-recovery.ts';
import { declineRecovery } from './decline-recovery.ts';
import { readMyClaims, repayClaim } from './guarantor-claims.ts';
import { listRecoveries } from './list-recoveries.ts';
import type { LoanRecoveryDeps } from './loan-recovery-deps.ts';
import { proposeRecovery } from './propose-recovery.ts';
import { readLoanRecovery } from './read-loan-recovery.ts';
import { readRecoverySettings, saveRecoverySettings } from './recovery-settings.ts';

/** Officers (manage_staff_savings) change; officers and the auditor (view_staff_savings) read; a holder reads their own debts and credits. */
const officers = { access: 'manage_staff_savings' } as const;
const readers = { access: ['manage_staff_savings', 'view_staff_savings'] } as const;
const holders = { access: 'view_own_savings' } as const;
const idParams = z.object({ id: z.string().min(1).max(200) });

/**
 * Recovery from guarantors (issue 33, docs/decisions/055-guarantor-recovery.md): the default
 * setting, a loan's recovery position, proposals and their two-person approval, and the borrower's
 * debts to the guarantors who paid.
 */
export async function loanRecoveryRoutes(app: FastifyInstance, deps: LoanRecoveryDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/loan-recovery/settings', { config: readers, schema: { operationId: 'getLoanRecoverySettings', response: { 200: loanRecoverySettingsSchema } } }, async () =>
    readRecoverySettings(deps.db),
  );

  routes.put(
    '/api/loan-recovery/settings',
    { config: officers, schema: { operationId: 'saveLoanRecoverySettings', body: loanRecoverySettingsSchema, response: { 200: loanRecoverySettingsSchema } } },
    async (request) => saveRecoverySettings(deps, request.actor, request.body),
  );

  routes.get(
    '/api/loans/:id/recovery',
    { config: { ...readers, errors: ['LOAN_NOT_FOUND'] }, schema: { operationId: 'getLoanRecovery', params: idParams, response: { 200: loanRecoveryAnswerSchema } } },
    async (request) => readLoanRecovery(deps, request.params.id),
  );

  routes.post(
    '/api/loans/:id/recoveries',
    {
      config: { ...officers, errors: ['LOAN_NOT_FOUND', 'LOAN_NOT_ACTIVE', 'RECOVERY_NOT_IN_DEFAULT', 'RECOVERY_NOTHING_TO_RECOVER', 'RECOVERY_ALREADY_PROPOSED'] },
      schema: { operationId: 'proposeLoanRecovery', params: idParams, response: { 201: loanRecoveryViewSchema } },
    },
    async (request, reply) => reply.status(201).send(await proposeRecovery(deps, request.actor, request.params.id)),
  );

  routes.get('/api/loan-recoveries', { config: readers, schema: { operationId: 'listLoanRecoveries', querystring: loanRecoveryListQuerySchema, response: { 200: loanRecoveryListSchema } } }, async (request) =>
    listRecoveries(deps.db, request.query.status),
  );

  routes.post(
    '/api/loan-recoveries/:id/approve',
    {
      // The journal entry is refused in a locked month; a guarantor who no longer holds savings is not found.
      config: { ...officers, errors: ['RECOVERY_NOT_FOUND', 'RECOVERY_NOT_PROPOSED', 'RECOVERY_OWN_APPROVAL', 'RECOVERY_CHANGED', 'NO_SAVINGS_ACCOUNT', 'SAVINGS_ACCOUNT_CLOSED', 'PERIOD_LOCKED'] },
      schema: { operationId: 'approveLoanRecovery', params: idParams, response: { 200: loanRecoveryViewSchema } },
    },
    async (request) => approveRecovery(deps, request.actor, request.params.id),
  );

  routes.post(
    '/api/loan-recoveries/:id/decline',
    {
      config: { ...officers, errors: ['RECOVERY_NOT_FOUND', 'RECOVERY_NOT_PROPOSED'] },
      schema: { operationId: 'declineLoanRecovery', params: idParams, body: recoveryDeclineInputSchema, response: { 200: loanRecoveryViewSchema } },
    },
    async (request) => declineRecovery(deps, request.actor, request.params.id, request.body.reason),
  );

  routes.get('/api/account/guarantor-claims', { config: holders, schema: { operationId: 'getMyGuarantorClaims', response: { 200: myGuarantorClaimsSchema } } }, async (request) =>
    readMyClaims(deps.db, request.actor.id),
  );

  routes.post(
    '/api/guarantor-claims/:id/repayments',
    {
      config: { ...officers, errors: ['CLAIM_NOT_FOUND', 'CLAIM_REPAYMENT_TOO_MUCH'] },
      schema: { operationId: 'repayGuarantorClaim', params: idParams, body: claimRepaymentInputSchema, response: { 200: guarantorClaimSchema } },
    },
    async (request) => repayClaim(deps, request.actor, request.params.id, request.body.amountKobo),
  );
}
