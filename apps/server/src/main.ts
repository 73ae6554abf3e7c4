import { buildApp } from './app';
import { loadConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo';
import { prepareStartup } from './startup';

const { database, config, demoLoaded, now } = await prepareStartup(loadConfig());
const app = await buildApp(config, database, { now });

if (demoLoaded) app.log.info('demo data loaded into the empty database');

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
