import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { trustProxyOption, type Env } from './config/env.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { resolveAuthSecret } from './auth/auth-secret.ts';
import { createAuth, type Auth } from './auth/auth.ts';
import { createSessionActorReader } from './auth/session-actor.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { startOutbox, type Outbox } from './mail/outbox.ts';
import { startLedgerNotifier, type LedgerNotifier } from './mail/ledger-notifier.ts';
import { startMonthlyStatements, type MonthlyStatements } from './mail/monthly-statements.ts';
import { renderStatementAttachment, STATEMENT_ATTACHMENT } from './mail/statement-attachment.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { responseSerializer } from './http/response-serializer.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerGate, type GatedRoute } from './plugins/gate.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRequestLogging } from './plugins/request-logging.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { createTokenCallerReader } from './modules/tokens/token-caller.ts';
import { tokensRoutes } from './modules/tokens/tokens.routes.ts';
import { backupsRoutes } from './modules/backups/backups.routes.ts';
import { startNightlyBackups, type NightlyBackups } from './backup/nightly-backup.ts';
import { backupDirectory } from './backup/backup-location.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { savingsRoutes } from './modules/savings/savings.routes.ts';
import { batchRoutes } from './modules/batches/batches.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { loansRoutes } from './modules/loans/loans.routes.ts';
import { loanTopUpRoutes } from './modules/loans/loan-topups.routes.ts';
import { loanRiskRoutes } from './modules/loan-risk/loan-risk.routes.ts';
import { savingsProductsRoutes } from './modules/savings-products/savings-products.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { budgetsRoutes } from './modules/budgets/budgets.routes.ts';
import { openChangeHub } from './modules/events/change-feed.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { expensesRoutes } from './modules/expenses/expenses.routes.ts';
import { receiptsRoutes } from './modules/receipts/receipts.routes.ts';
import { exportRoutes } from './modules/export/export.routes.ts';
import { expenseImportRoutes } from './modules/expense-import/expense-import.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { invitationsRoutes } from './modules/users/invitations/invitations.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { booksReportsRoutes } from './modules/books/books-reports.routes.ts';
import { booksChartRoutes } from './modules/books/books-chart.routes.ts';
import { booksEntriesRoutes } from './modules/books/books-entries.routes.ts';
import { resetLinkMail } from './mail/reset-link-mail.ts';
import { savingsReportsRoutes } from './modules/savings-reports/savings-reports.routes.ts';
import { payrollAdviceRoutes } from './modules/payroll/advice.routes.ts';
import { payrollRemittanceRoutes } from './modules/payroll/remittance.routes.ts';
import { yearEndRoutes } from './modules/year-end/year-end.routes.ts';
import { exitRoutes } from './modules/exits/exits.routes.ts';
import { exitSettlementRoutes } from './modules/exits/exit-settlement.routes.ts';
import { loanRecoveryRoutes } from './modules/loan-recovery/loan-recovery.routes.ts';
import { loanPenaltiesRoutes } from './modules/loan-penalties/loan-penalties.routes.ts';
import { startPlannerStatistics } from './db/planner-statistics.ts';
import { yearEndPackRoutes } from './modules/year-end-pack/year-end-pack.routes.ts';

export type BuildOptions = {
  env: Env;
  /** An already-open database (tests); otherwise opened from env and closed with the app. */
  database?: DatabaseHandle;
  /** The clock, for tests of time windows. */
  now?: () => Date;
  logger?: boolean;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /**
   * false: the ledger notifier, the monthly statements and the nightly backup run only when a test
   * drains or checks them (app.kobo.notifier, .statements, .backups), never by a timer mid-test.
   * The outbox still polls.
   */
  backgroundJobs?: boolean;
};

// Module augmentation needs `interface`: a `type` cannot merge into Fastify's declarations.
// oxlint-disable-next-line typescript/consistent-type-definitions
declare module 'fastify' {
  // oxlint-disable-next-line typescript/consistent-type-definitions
  interface FastifyInstance {
    /** The app's own parts, for tests and scripts that need to reach past HTTP. */
    kobo: {
      database: DatabaseHandle;
      auth: Auth;
      mailer: Mailer;
      outbox: Outbox;
      notifier: LedgerNotifier;
      statements: MonthlyStatements;
      backups: NightlyBackups;
      routes: () => GatedRoute[];
    };
  }
}

export type KoboApp = FastifyInstance;

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp(options: BuildOptions): Promise<KoboApp> {
  const { env } = options;
  const ownsDatabase = !options.database;
  const unlock = !options.database && !env.DATABASE_URL ? lockDataDir(env.DATA_DIR) : () => {};
  let database: DatabaseHandle | undefined;
  try {
    database =
      options.database ??
      (await openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR }));
    return await assembleApp(options, database, async () => {
      if (ownsDatabase) await database?.close();
      unlock();
    });
  } catch (error) {
    // A start that fails half-way leaves no pool open and no lock behind.
    if (ownsDatabase) await database?.close().catch(() => {});
    unlock();
    throw error;
  }
}

async function assembleApp(options: BuildOptions, database: DatabaseHandle, release: () => Promise<void>): Promise<KoboApp> {
  const { env } = options;
  const now = options.now ?? (() => new Date());
  await migrateDatabase(database);
  const { db } = database;

  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
  const isHttps = appUrl.startsWith('https://');
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // One line per request comes from plugins/request-logging.ts instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers go out through their routes' schemas, compiled; the tests also check each against its schema.
  app.setSerializerCompiler(responseSerializer({ checkAnswers: env.NODE_ENV === 'test' }));

  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: env.OUTBOX_DIR ?? join(env.DATA_DIR, 'outbox'),
    log: app.log,
  });
  const outbox = startOutbox({
    db,
    mailer,
    log: app.log,
    attachments: { [STATEMENT_ATTACHMENT]: renderStatementAttachment({ db, timeZone: env.APP_TIMEZONE }) },
  });
  // Issue 15: postings become receipts (a notice per ledger row, written by a trigger), and the 1st brings statements.
  const background = options.backgroundJobs ?? true;
  const notifier = startLedgerNotifier({ db, outbox, log: app.log, appUrl, pollMs: background ? 3_000 : null });
  const statements = startMonthlyStatements({ db, outbox, log: app.log, now, timeZone: env.APP_TIMEZONE, appUrl, hourly: background });
  const backupSchedule = { time: env.BACKUP_TIME, keep: env.BACKUP_KEEP, directory: backupDirectory(env) };
  // The embedded database has no autovacuum: the server gathers its planner statistics itself.
  const plannerStatistics = startPlannerStatistics({ database, log: app.log, timer: background });
  const backups = startNightlyBackups({ database, log: app.log, now, timeZone: env.APP_TIMEZONE, ...backupSchedule, timer: background });
  if (background) {
    app.addHook('onReady', async () => {
      await statements.check().catch((error: unknown) => app.log.error({ err: error }, 'the monthly statements could not be run'));
    });
  }
  // Before the database closes: work in flight finishes, nothing new is claimed; the notifier
  // first, so the mail it queues last finds the outbox still open.
  app.addHook('preClose', async () => {
    statements.close();
    await plannerStatistics.close();
    await backups.close();
    await notifier.close();
    await outbox.close();
  });
  const authSecret = await resolveAuthSecret(db, env.AUTH_SECRET);
  const auth = createAuth({
    db,
    secret: authSecret,
    baseUrl: appUrl,
    secureCookies: isHttps,
    sendResetLink: async (to, token) => mailer.send(resetLinkMail(to, `${appUrl}/reset-password?token=${encodeURIComponent(token)}`)),
  });

  registerErrorHandling(app);
  registerRequestLogging(app);
  await registerSecurity(app, { isHttps, trustedOrigins: [new URL(appUrl).origin] });
  await registerCompression(app);
  // Before any route registers: the gate sees every route and refuses to start on one that declares no access.
  const routes = registerGate(app, {
    readSessionUser: await createSessionActorReader({ auth, db, secret: authSecret }),
    readTokenCaller: createTokenCallerReader({ db, now }),
  });
  registerInputGuard(app);
  // Before the routes too: the OpenAPI document collects each route as it registers (plugins/openapi.ts).
  await registerOpenApi(app, { appUrl });

  const throttle = {
    windowMinutes: env.SIGN_IN_WINDOW_MINUTES,
    signInPerAddress: env.SIGN_IN_MAX_FAILURES,
    signInPerAccount: env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
    resetPerAddress: env.FORGOT_PASSWORD_MAX_PER_ADDRESS,
    resetPerEmail: env.FORGOT_PASSWORD_MAX_PER_EMAIL,
  };
  await healthRoutes(app, { db });
  registerMetrics(app, { database, metricsToken: env.METRICS_TOKEN });
  await authRoutes(app, { db, auth, throttle, now });
  await savingsRoutes(app, { db, now, timeZone: env.APP_TIMEZONE, outbox, appUrl });
  // The monthly run moves savings and loan repayments together, so it stands above both, in its
  // own scope: its upload parser must not reach the other routes.
  await app.register(async (scope) => batchRoutes(scope, { db, now, timeZone: env.APP_TIMEZONE }));
  // Issue 30: the payroll loop stands on the monthly run; the remittance's upload parser stays in its scope.
  await payrollAdviceRoutes(app, { db, now, timeZone: env.APP_TIMEZONE });
  await app.register(async (scope) => payrollRemittanceRoutes(scope, { db, now, timeZone: env.APP_TIMEZONE }));
  const services = { db, now, timeZone: env.APP_TIMEZONE };
  await categoriesRoutes(app, services);
  await loansRoutes(app, { ...services, outbox, appUrl });
  // Issue 33, part A: payoff quotes and restructures of running loans.
  await loanTopUpRoutes(app, { ...services, outbox, appUrl });
  // Issue 33, part C: portfolio at risk and the month-end provision, above the loans and the books.
  await loanRiskRoutes(app, services);
  await savingsProductsRoutes(app, services);
  await expensesRoutes(app, services);
  await receiptsRoutes(app, services);
  await dashboardRoutes(app, services);
  await reportsRoutes(app, services);
  await budgetsRoutes(app, services);
  await exportRoutes(app, services);
  await booksReportsRoutes(app, services);
  await booksChartRoutes(app, services);
  await booksEntriesRoutes(app, services);
  await savingsReportsRoutes(app, { ...services, background });
  await expenseImportRoutes(app, services);
  await yearEndRoutes(app, { ...services, outbox });
  await yearEndPackRoutes(app, services);
  // Issue 32: a member leaves, on the books, the savings products and the loans.
  await exitRoutes(app, { ...services, outbox, appUrl });
  await exitSettlementRoutes(app, { ...services, outbox, appUrl });
  // Issue 33: recovery from guarantors reads across savings and loans, beside the exits.
  await loanRecoveryRoutes(app, { ...services, outbox });
  // Issue 33, part B: penalty charges, their waiver, and the daily job (run hourly-checked when `background`).
  await loanPenaltiesRoutes(app, { ...services, background });
  // Live changes fan out through LISTEN/NOTIFY; the hub closes in preClose, before the database does.
  const hub = await openChangeHub(database);
  app.addHook('preClose', async () => hub.close());
  await eventsRoutes(app, { hub });
  await accountRoutes(app, { db, auth, throttle, now, outbox, appUrl });
  await usersRoutes(app, { db, now });
  await invitationsRoutes(app, { db, now, outbox, appUrl });
  await auditRoutes(app, { db, timeZone: env.APP_TIMEZONE });
  await mailRoutes(app, { db, outbox, now });
  await tokensRoutes(app, { db, now });
  await backupsRoutes(app, { db, now, timeZone: env.APP_TIMEZONE, schedule: backupSchedule });
  await registerWebApp(app, env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST, { timeZone: env.APP_TIMEZONE, serverRender: env.SERVER_RENDER === 'on' });

  app.addHook('onClose', release);

  app.decorate('kobo', { database, auth, mailer, outbox, notifier, statements, backups, routes });
  return app;
}
