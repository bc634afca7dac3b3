import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { resolveAuthSecret } from './auth/auth-secret.ts';
import { createAuth, type Auth } from './auth/auth.ts';
import { createSessionActorReader } from './auth/session-actor.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerAuthentication } from './plugins/authentication.ts';
import { registerRequestLogging } from './plugins/request-logging.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { savingsRoutes } from './modules/savings/savings.routes.ts';
import { expenseModules } from './modules/expense-modules.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { resetLinkMail } from './mail/reset-link-mail.ts';

export type BuildOptions = {
  env: Env;
  /** An already-open database (tests); otherwise opened from env and closed with the app. */
  database?: DatabaseHandle;
  /** The clock, for tests of time windows. */
  now?: () => Date;
  logger?: boolean;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream;
};

// Module augmentation needs `interface`: a `type` cannot merge into Fastify's declarations.
// oxlint-disable-next-line typescript/consistent-type-definitions
declare module 'fastify' {
  // oxlint-disable-next-line typescript/consistent-type-definitions
  interface FastifyInstance {
    /** The app's own parts, for tests and scripts that need to reach past HTTP. */
    kobo: { database: DatabaseHandle; auth: Auth; mailer: Mailer; apiRoutes: ApiRoute[] };
  }
}

export type KoboApp = FastifyInstance;
export type ApiRoute = { method: string; url: string; isPublic: boolean; permission: string | undefined };

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
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: env.OUTBOX_DIR ?? join(env.DATA_DIR, 'outbox'),
    log: app.log,
  });
  const authSecret = await resolveAuthSecret(db, env.AUTH_SECRET);
  const auth = createAuth({
    db,
    secret: authSecret,
    baseUrl: appUrl,
    secureCookies: isHttps,
    sendResetLink: async (to, token) => mailer.send(resetLinkMail(to, `${appUrl}/reset-password?token=${encodeURIComponent(token)}`)),
  });

  // Every API route, as registered: the access test checks that each one is in its table.
  const apiRoutes: ApiRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      apiRoutes.push({ method, url: route.url, isPublic: route.config?.isPublic === true, permission: route.config?.permission });
    }
  });
  registerErrorHandling(app);
  registerRequestLogging(app);
  await registerSecurity(app, { isHttps, trustedOrigins: [new URL(appUrl).origin] });
  registerAuthentication(app, { readSessionUser: await createSessionActorReader({ auth, db, secret: authSecret }) });

  const throttle = { maxFailures: env.SIGN_IN_MAX_FAILURES, windowMinutes: env.SIGN_IN_WINDOW_MINUTES };
  await healthRoutes(app, { db });
  await authRoutes(app, { db, auth, throttle, now });
  await savingsRoutes(app, { db, now, timeZone: env.APP_TIMEZONE });
  await expenseModules(app, { database, now, timeZone: env.APP_TIMEZONE });
  await usersRoutes(app, { db, now });
  await auditRoutes(app, { db, timeZone: env.APP_TIMEZONE });
  await registerWebApp(app, env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST);

  app.addHook('onClose', release);

  app.decorate('kobo', { database, auth, mailer, apiRoutes });
  return app;
}
