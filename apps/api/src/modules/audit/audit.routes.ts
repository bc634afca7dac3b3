import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@kobo/core';
import { listAuditEntries, type AuditDeps } from './list-audit.ts';

/**
 * The audit log is read-only over HTTP: this module registers one GET and nothing else, and the
 * table's triggers refuse UPDATE and DELETE (docs/decisions/011-people-and-audit.md).
 */
export async function auditRoutes(app: FastifyInstance, deps: AuditDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/audit', { config: { access: 'view_audit_log' }, schema: { operationId: 'listAuditEntries', querystring: auditQuerySchema, response: { 200: auditPageSchema } } }, async (request) =>
      listAuditEntries(deps, request.query),
    );
}
