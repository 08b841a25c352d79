import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, DataDirLockedError, migrateDatabase, openPglite, openPostgres } from './db/client.ts';
import { firstStart, jwtSecret } from './seed/bootstrap.ts';

async function main() {
  const config = loadConfig();
  const database: Database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE)
    : await openPglite({ dataDir: config.DATA_DIR });
  let closing = false;
  const shutdown = async (signal: string, app?: Awaited<ReturnType<typeof buildApp>>) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: finishing requests and closing the database`);
    try {
      // close() stops accepting, waits for in-flight requests, then we checkpoint and close.
      await app?.close();
      await database.checkpoint();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await migrateDatabase(database);
  const seedDemo = config.SEED_DEMO ?? database.kind === 'pglite';
  const first = await firstStart(database.db, {
    adminEmail: config.ADMIN_EMAIL,
    adminPassword: config.ADMIN_PASSWORD,
    seedDemo,
  });
  const secret = await jwtSecret(database.db, config.JWT_SECRET);
  const app = await buildApp({
    config,
    database,
    jwtSecret: secret,
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization'] },
  });
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.once('SIGINT', () => void shutdown('SIGINT', app));
  process.once('SIGTERM', () => void shutdown('SIGTERM', app));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (first.adminCreated) {
    console.log(`Administrator created: ${first.adminEmail}`);
    if (first.generatedPassword) console.log(`Administrator password (shown once): ${first.generatedPassword}`);
  }
  if (first.referenceSeeded)
    console.log('Reference data created: BGN and EUR at the fixed rate, VAT types, payment types.');
  if (first.demoSeeded)
    console.log(
      'Demo data created. Demo users (password demo1234): manager@, employee@, employee2@, accountant@, client@kantora.local',
    );
  console.log(
    config.SMTP_URL
      ? `Outgoing mail: sent through ${new URL(config.SMTP_URL).host} from ${config.MAIL_FROM}`
      : 'Outgoing mail: held (no SMTP_URL); the administrator reads it under Settings → Outgoing mail',
  );
  // Printed last: tools that wait for this line find the lines above already written.
  const shownHost = config.HOST === '127.0.0.1' || config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  console.log(
    `Kantora is serving at http://${shownHost}:${config.PORT} (${database.kind}${database.kind === 'pglite' ? ` in ${config.DATA_DIR}` : ''})`,
  );
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Kantora could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
