import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import { accountRoutes } from './account/account.routes.ts';
import { categoriesRoutes } from './categories/categories.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { openChangeHub } from './events/change-feed.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { expensesRoutes } from './expenses/expenses.routes.ts';
import { exportRoutes } from './export/export.routes.ts';

/**
 * Issue 3's API in one registration: categories, expenses, dashboard and report, the Excel
 * export, live change events and account deletion (docs/decisions/008-expenses-api.md).
 */
export async function expenseModules(app: FastifyInstance, deps: { database: DatabaseHandle; now: () => Date; timeZone: string }) {
  const { db } = deps.database;
  const services = { db, now: deps.now, timeZone: deps.timeZone };
  const hub = await openChangeHub(deps.database);
  // preClose: before the database handle closes in onClose.
  app.addHook('preClose', async () => hub.close());

  await categoriesRoutes(app, services);
  await expensesRoutes(app, services);
  await dashboardRoutes(app, services);
  await exportRoutes(app, services);
  await eventsRoutes(app, { hub });
  await accountRoutes(app, { db });
}
