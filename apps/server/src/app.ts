import { existsSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_BASE } from '@junkan/shared/paths';
import { BUSINESS_TIME_HEADER } from '@junkan/shared/session';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { accountMasterRoutes } from './features/account-master/account-master.routes';
import { achievementRoutes } from './features/achievements/achievements.routes';
import { attachmentRoutes } from './features/attachments/attachments.routes';
import { authRoutes } from './features/auth/auth.routes';
import { LoginThrottle } from './features/auth/login-throttle';
import { bankAccountRoutes } from './features/bank-accounts/bank-accounts.routes';
import { businessCalendarRoutes } from './features/business-calendar/business-calendar.routes';
import { chatRoutes } from './features/chat/chat.routes';
import { codeMasterRoutes } from './features/code-masters/code-masters.routes';
import { collectionAreaRoutes } from './features/collection-areas/collection-areas.routes';
import { collectionScheduleRoutes } from './features/collection-schedules/collection-schedules.routes';
import { collectionRoutes } from './features/collections/collections.routes';
import { companyRoutes } from './features/companies/companies.routes';
import { defineContractCalendar } from './features/contracts/contract-calendar';
import { defineContractCoverageJob } from './features/contracts/contract-coverage';
import { contractRoutes } from './features/contracts/contracts.routes';
import { dispatchRoutes } from './features/dispatch/dispatch.routes';
import { disposalSiteMasterRoutes } from './features/disposal-site-master/disposal-site-master.routes';
import { disposalUnitPriceRoutes } from './features/disposal-unit-prices/disposal-unit-prices.routes';
import { driverMarkRoutes } from './features/driver-marks/driver-marks.routes';
import { defineEvidencePackJobs } from './features/evidence-packs/evidence-pack-build';
import { evidencePackRoutes } from './features/evidence-packs/evidence-packs.routes';
import { handlingWastePriceRoutes } from './features/handling-waste-prices/handling-waste-prices.routes';
import { inquiryRoutes } from './features/inquiries/inquiries.routes';
import { cardPaymentRoutes, defineCardPaymentWork } from './features/invoices/card-payments.routes';
import { defineInvoiceOverdueJob } from './features/invoices/invoice-overdue';
import { invoiceRoutes } from './features/invoices/invoices.routes';
import { qualifiedInvoiceRoutes } from './features/invoices/qualified-invoices.routes';
import { jobRoutes } from './features/jobs/jobs.routes';
import { JwnetWorker } from './features/jwnet/jwnet-worker';
import { manifestRoutes } from './features/manifests/manifests.routes';
import { noticeRoutes } from './features/notices/notices.routes';
import { operationsRoutes } from './features/operations/operations.routes';
import { outboxRoutes } from './features/outbox/outbox.routes';
import { definePermitExpiryJob } from './features/permits/permit-expiry';
import { permitRoutes } from './features/permits/permits.routes';
import { projectRoutes } from './features/projects/projects.routes';
import { quoteRoutes } from './features/quotes/quotes.routes';
import { transportApprovalRoutes } from './features/transport-approval/transport-approval.routes';
import { transportOperatorMasterRoutes } from './features/transport-operator-master/transport-operator-master.routes';
import { handleJwnetOutcome } from './features/transport-reports/jwnet-outcomes';
import { transportReportRoutes } from './features/transport-reports/transport-reports.routes';
import { userRoutes } from './features/users/users.routes';
import { wasteMasterRoutes } from './features/waste-master/waste-master.routes';
import { zipcodeRoutes } from './features/zipcode/zipcode.routes';
import { resolveBusinessClock } from './lib/clock';
import { JSON_BOUNDS } from './lib/input-bounds';
import { safeLoggerOptions } from './lib/log-safety';
import { PgRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { RedisRateLimiter } from './lib/redis-rate-limiter';
import { requestIdOf, runWithRequestId } from './lib/request-context';
import { SECURITY_HEADER_OPTIONS, securityHeadersOf } from './lib/security-headers';
import { authPlugin } from './plugins/auth';
import {
  type CardProvider,
  CardProviderHub,
  cardProviderWebhookRoutes,
  createCardProvider,
} from './plugins/card-provider';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { createEventBus, type EventBus } from './plugins/events';
import { createFileStorage, type FileStorage } from './plugins/file-storage';
import { defineOrphanFileSweep } from './plugins/file-storage/orphan-sweep';
import { registerHealthRoutes } from './plugins/health';
import { inputGuard } from './plugins/input-guard';
import { JobEngine } from './plugins/jobs/job-engine';
import { HttpJwnetAdapter } from './plugins/jwnet/http-jwnet-adapter';
import type { JwnetAdapter } from './plugins/jwnet/jwnet-adapter';
import { JwnetNetwork } from './plugins/jwnet/jwnet-network';
import { Mailer } from './plugins/mail';
import { registerMetrics } from './plugins/metrics';
import { ProcessRegistry } from './plugins/processes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    mailer: Mailer;
    /** Fixed-window counters shared by every server process (PostgreSQL, or Redis when configured). */
    rateLimiter: RateLimiter;
    /** Events between every server process on the database (LISTEN/NOTIFY; in-process on PGlite). */
    events: EventBus;
    loginThrottle: LoginThrottle;
    /** The manifest network (adapter and its kept service status). */
    jwnet: JwnetNetwork;
    /** Sends queued manifest-network work, as the job engine's manifest jobs. */
    jwnetWorker: JwnetWorker;
    /** Background jobs (pg-boss): queues, retries, schedules run once across processes. */
    jobs: JobEngine;
    /** The one business clock (lib/clock.ts): every business date and time, the schedules too; tests set it. */
    now: () => Date;
    /** Uploaded and generated files (`plugins/file-storage`): the database, a folder or a bucket. */
    files: FileStorage;
    /** The card payment provider (`plugins/card-provider`) and the handlers of its webhook events. */
    cardProvider: CardProviderHub;
    /** Set once the process begins to stop (shutdown.ts): readiness answers 503 from then on. */
    lifecycle: {
      shuttingDown: boolean;
      /** When running jobs must have finished (`performance.now()` time); without it the engine's own grace. */
      jobsDeadline?: number;
    };
    /** This process's row among the processes serving (`server_processes`), with its heartbeat. */
    processes: ProcessRegistry;
  }
}

export type App = FastifyInstance;

export interface BuildAppOptions {
  /** `false` for none; an object (e.g. `{ level, stream }`) is merged over the safe defaults. */
  logger?: false | Exclude<FastifyServerOptions['logger'], boolean | undefined>;
  now?: () => Date;
  /** Replaces the HTTP adapter to the configured network address. */
  jwnetAdapter?: JwnetAdapter;
  /** Replaces the configured card provider's client. */
  cardProvider?: CardProvider;
}

export async function buildApp(
  config: AppConfig,
  database: DatabaseHandle,
  opts: BuildAppOptions = {},
): Promise<App> {
  const app = Fastify({
    // Whatever the caller passes, the log keeps its redaction and safe serializers.
    logger:
      opts.logger === false ? false : { level: config.logLevel, ...opts.logger, ...safeLoggerOptions() },
    // A sane X-Request-Id from the proxy or client is kept (so its id follows the request into the log), else a
    // fresh one; echoed in the answer's header and carried into the jobs and mails the request causes.
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    requestIdHeader: false,
    bodyLimit: JSON_BOUNDS.bytes,
    // Off unless configured: otherwise any client could name its own address to the limiters.
    trustProxy: trustProxyOption(config.trustProxy),
    // Requests refused before any route runs answer in the product's error shape too (plugins/error-handler.ts).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // The rest of the request runs under its id: the jobs it queues and the mails it writes take it from there.
  app.addHook('onRequest', (request, _reply, done) => runWithRequestId(request.id, done));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('lifecycle', { shuttingDown: false });
  // The one business clock: the caller's (tests), or the configured one kept in the database (lib/clock.ts).
  const now = opts.now ?? (await resolveBusinessClock(database.db, config.clockStart));
  app.decorate('now', now);
  const jobs = new JobEngine(database, config.databaseUrl, { ...config.jobs, now, log: app.log });
  app.decorate('jobs', jobs);
  // Started once every queue below is defined; stopped before the mail transport and the database close.
  app.addHook('onReady', async () => jobs.start());
  const files = createFileStorage(config.fileStorage, database.db);
  app.decorate('files', files);
  const mailer = new Mailer(database.db, app.log, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    jobs,
    files,
  });
  app.decorate('mailer', mailer);
  const rateLimiter: RateLimiter = config.redisUrl
    ? new RedisRateLimiter(config.redisUrl)
    : new PgRateLimiter(database.db, (err) => app.log.warn({ err }, 'old rate-limit counters not deleted'));
  app.decorate('rateLimiter', rateLimiter);
  app.addHook('onClose', async () => rateLimiter.close?.());
  const events = createEventBus(database, app.log);
  app.decorate('events', events);
  app.addHook('onClose', async () => events.close());
  app.decorate('loginThrottle', new LoginThrottle(rateLimiter, config.loginRateLimit));
  const jwnetAdapter =
    opts.jwnetAdapter ?? new HttpJwnetAdapter(config.jwnet.url, { timeoutMs: config.jwnet.timeoutMs, now });
  app.decorate('jwnet', new JwnetNetwork(jwnetAdapter));
  app.decorate(
    'jwnetWorker',
    new JwnetWorker(database.db, jwnetAdapter, {
      pollMs: config.jwnet.pollMs,
      now,
      onOutcome: handleJwnetOutcome,
      jobs,
      log: app.log,
    }),
  );
  app.decorate(
    'cardProvider',
    new CardProviderHub(opts.cardProvider ?? createCardProvider(config.cardProvider)),
  );
  app.jwnetWorker.defineJobs();
  const processes = new ProcessRegistry(
    database.db,
    { version: config.version ?? 'dev', worksJobs: config.jobs.work },
    app.log,
  );
  app.decorate('processes', processes);
  app.addHook('onReady', async () => processes.start());
  registerMetrics(app, database, jobs);
  app.addHook('onClose', async () => {
    await processes.stop();
    const deadline = app.lifecycle.jobsDeadline;
    await jobs.stop(deadline ? Math.max(1_000, deadline - performance.now()) : undefined);
    mailer.close();
    files.close();
  });
  // Every answer's standing headers, set once as the request comes in (one synchronous hook: the product's most
  // read calls are small, and a hook per header showed in their time): helmet's security headers, worked out once
  // (lib/security-headers.ts), the request id, and for the API the business time and no caching. A route or a
  // later hook that sets one of them (a download's cache-control, the docs page's CSP) replaces it.
  const securityHeaders = securityHeadersOf(SECURITY_HEADER_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) {
      // The web app's "today" follows the business clock, not the browser's machine.
      reply.header(BUSINESS_TIME_HEADER, now().toISOString());
      // API answers carry personal or company data: never kept by the browser or a proxy.
      if (!request.url.startsWith('/api/docs')) reply.header('cache-control', 'no-store');
    }
    done();
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'junkan API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The document shows which calls need no token: a public route lists no security requirement.
  app.addHook('onRoute', (route) => {
    if (route.config?.public) route.schema = { ...route.schema, security: [] };
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {
      onRequest: (_request, reply, next) => {
        // The docs page needs inline scripts: relax the CSP for it alone.
        reply.header('content-security-policy', "default-src 'self' 'unsafe-inline' data:");
        next();
      },
    },
  });

  await app.register(authPlugin, {
    secret: config.jwtSecret,
    db: database.db,
    events,
    sessionCacheMs: config.sessionCacheMs,
  });
  await app.register(inputGuard);

  await app.register(
    async (api) => {
      // API answers only (the web app's files have their .br/.gz copies): from the threshold up, as the client
      // accepts. Downloads keep their own headers; a PDF is not compressible and is sent as it is.
      await api.register(compress, {
        threshold: config.compressThreshold,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      });
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(bankAccountRoutes);
      await api.register(companyRoutes);
      await api.register(noticeRoutes);
      await api.register(chatRoutes);
      await api.register(outboxRoutes);
      await api.register(operationsRoutes);
      await api.register(jobRoutes);
      await api.register(zipcodeRoutes);
      await api.register(projectRoutes);
      await api.register(attachmentRoutes);
      await api.register(quoteRoutes);
      await api.register(contractRoutes);
      await api.register(transportReportRoutes);
      await api.register(achievementRoutes);
      await api.register(manifestRoutes);
      await api.register(wasteMasterRoutes);
      await api.register(codeMasterRoutes);
      await api.register(disposalSiteMasterRoutes);
      await api.register(transportOperatorMasterRoutes);
      await api.register(transportApprovalRoutes);
      await api.register(accountMasterRoutes);
      await api.register(collectionAreaRoutes);
      await api.register(handlingWastePriceRoutes);
      await api.register(disposalUnitPriceRoutes);
      await api.register(businessCalendarRoutes);
      await api.register(collectionScheduleRoutes);
      await api.register(collectionRoutes);
      await api.register(dispatchRoutes);
      await api.register(driverMarkRoutes);
      await api.register(qualifiedInvoiceRoutes);
      await api.register(invoiceRoutes);
      await api.register(cardPaymentRoutes);
      await api.register(permitRoutes);
      await api.register(evidencePackRoutes);
      await api.register(inquiryRoutes);
    },
    { prefix: '/api' },
  );
  // Its own plugin: the raw-body parser the signature check needs stays with this one route.
  await app.register(cardProviderWebhookRoutes, { prefix: '/api' });

  registerHealthRoutes(app);
  defineContractCalendar(app);
  defineOrphanFileSweep(app);
  defineInvoiceOverdueJob(app);
  definePermitExpiryJob(app);
  defineEvidencePackJobs(app);
  defineContractCoverageJob(app);
  defineCardPaymentWork(app);
  registerWebApp(app, config.webDist);
  return app;
}

/** A hop count as the function proxy-addr makes of it (Fastify's types name no number). */
function trustProxyOption(value: AppConfig['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** Serves the built web app under its base (`APP_BASE`, /sys/), with deep links answered by index.html. */
function registerWebApp(app: FastifyInstance, webDist: string): void {
  const base = `${APP_BASE}/`;
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect(base));
  app.get(APP_BASE, { schema: { hide: true } }, (_req, reply) => reply.redirect(base));
  if (!existsSync(path.join(webDist, 'index.html'))) return;
  app.register(fastifyStatic, {
    root: webDist,
    prefix: base,
    wildcard: false,
    index: ['index.html'],
    // The build writes .br and .gz copies (scripts/compress-web.mjs): sent as the browser accepts them.
    preCompressed: true,
    // Hashed file names change with their content, so they never need asking again; anything else is revalidated.
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get(`${APP_BASE}/*`, { schema: { hide: true } }, (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    if (rel && existsSync(path.join(webDist, rel)) && !rel.includes('..')) return reply.sendFile(rel);
    if (/\.[a-z0-9]+$/i.test(rel) && rel.startsWith('assets/')) {
      return reply.status(404).send({ code: 'not_found', message: 'Not found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
