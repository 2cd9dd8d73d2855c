import { buildApp } from './app';
import { promoteAdminEmails } from './auth/roles';
import { openConfiguredDatabase } from './db/open-configured';
import { plannerCostsWarning } from './db/planner-costs';
import { prepareDatabase } from './db/prepare';
import { InvalidEnvError, parseEnv, type Env } from './env';
import { loggerOptions } from './logger';
import { stopOnSignals } from './shutdown';

function readEnvOrExit(): Env {
  try {
    return parseEnv();
  } catch (error) {
    if (error instanceof InvalidEnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const env = readEnvOrExit();
  const database = await openConfiguredDatabase(env);
  const { plannerCostsUnchanged } = await prepareDatabase(database);
  await promoteAdminEmails(database.db, env.ADMIN_EMAILS);

  const app = await buildApp({
    env,
    db: database.db,
    logger: loggerOptions(env),
    // `npm run dev` (NODE_ENV=development): the web app from its sources, with hot reload.
    webDev: env.NODE_ENV === 'development',
  });

  stopOnSignals(app, database, env.SHUTDOWN_GRACE_MS);
  if (plannerCostsUnchanged.length > 0) {
    app.log.warn({ functions: plannerCostsUnchanged }, plannerCostsWarning(plannerCostsUnchanged));
  }

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Toolshop is serving on ${env.HOST}:${env.PORT} (database: ${database.engine})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
