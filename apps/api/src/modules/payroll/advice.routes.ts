import type { FastifyInstance } from 'fastify';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';

/**
 * The payroll loop before payday (issue 30, docs/decisions/047-payroll-loop.md): the settings,
 * the payroll layouts, and the month's deduction advice (prepare, change a line, hold a member
 * out, issue, download in a layout).
 */
export async function payrollAdviceRoutes(app: FastifyInstance, deps: SavingsDeps) {
  void app;
  void deps;
}
