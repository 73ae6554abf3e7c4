import { appLink } from '@junkan/shared/paths';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo';
import { shutdownGracefully } from './shutdown';
import { prepareStartup } from './startup';

const { database, config, demoLoaded, now } = await prepareStartup(loadConfig());
const app = await buildApp(config, database, { now });

if (demoLoaded) app.log.info('demo data loaded into the empty database');

let stopping = false;
const shutdown = (signal: string) => {
  // A second signal while stopping (an impatient Ctrl-C) ends the process at once.
  if (stopping) {
    app.log.warn({ signal }, 'stopped before the graceful shutdown ended');
    process.exit(1);
  }
  stopping = true;
  const { timeoutMs } = config.shutdown;
  app.log.info({ signal, timeoutMs }, 'shutting down');
  setTimeout(() => {
    app.log.error({ timeoutMs }, 'graceful shutdown took too long; exiting');
    process.exit(1);
  }, timeoutMs).unref();
  shutdownGracefully(app, database).then(
    () => {
      app.log.info('stopped');
      process.exit(0);
    },
    (err: unknown) => {
      app.log.error({ err }, 'graceful shutdown failed');
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    url: appLink(config.publicUrl, '/'),
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
