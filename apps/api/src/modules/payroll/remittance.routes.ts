import type { FastifyInstance } from 'fastify';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';

/**
 * The payroll loop after payday (issue 30, docs/decisions/047-payroll-loop.md): what payroll
 * remitted, read from its file or keyed, matched to the issued advice and posted as the month's
 * batch; the arrears and over-deductions it leaves.
 */
export async function payrollRemittanceRoutes(app: FastifyInstance, deps: SavingsDeps) {
  void app;
  void deps;
}
