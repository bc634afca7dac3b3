import { readEnv } from './config/env.ts';
import { buildApp } from './app.ts';
import { serverClock } from './config/test-clock.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

async function main() {
  const env = readEnv();
  let app;
  try {
    const now = serverClock(env);
    app = await buildApp({ env, ...(now ? { now } : {}) });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    { database: env.DATABASE_URL ? 'postgres' : `pglite:${env.DATA_DIR}` },
    `Kobo is running at ${env.APP_URL ?? `http://localhost:${env.PORT}`}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
