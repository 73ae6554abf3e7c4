import { buildApp } from './app';
import { businessClock, loadConfig } from './config';
import { openDatabase } from './db/client';
import { blankDeliveredLinkTokens } from './plugins/mail';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed/demo';
import { seedReferenceData } from './seed/reference';

const config = loadConfig();
const database = await openDatabase(config);
await seedReferenceData(database.db);
await blankDeliveredLinkTokens(database.db);
const app = await buildApp(config, database, { now: businessClock(config.clockStart) });

if (config.seedDemo && (await seedDemoData(database.db, { files: app.files })))
  app.log.info('demo data loaded into the empty database');

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    url: `${config.publicUrl}/sys/`,
    database: database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)',
    mail: config.smtpUrl ? 'SMTP' : 'outbox only (GET /api/admin/outbox)',
    files: config.fileStorage.driver,
  },
  'junkan is ready',
);
app.log.info(
  { demoPassword: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS.map((a) => `${a.email} (${a.role})`) },
  'demo accounts',
);
