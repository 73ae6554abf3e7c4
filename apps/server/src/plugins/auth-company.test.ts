import type { Page } from '@junkan/shared/api/common';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, companyId, DIS } from '../../test/fixtures/demo-data';
import { createTestApp, type TestContext } from '../../test/test-app';
import { users } from '../db/schema';
import { hashPassword } from '../lib/password';
import { DEMO_PASSWORD } from '../seed/demo';
import { authPlugin, type CompanyUse } from './auth';
import { registerErrorHandler } from './error-handler';

// The company a route declares (`config.company`), resolved once by the auth hook: on routes of the app, and on a
// probe app with the same hook, secret and database that answers what `request.caller()` holds.

/** A discharger whose registration is not finished: signed in, no company yet. */
const NO_COMPANY = 'nocompany.scope@example.com';

let t: TestContext;
let probe: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(users).values({
    email: NO_COMPANY,
    userName: '未登録',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    role: 'WASTE',
    enabled: true,
  });
  probe = Fastify({ logger: false });
  registerErrorHandler(probe);
  await probe.register(authPlugin, {
    secret: t.config.jwtSecret,
    db: t.db,
    events: t.app.events,
    sessionCacheMs: 0,
  });
  const routes: [string, CompanyUse | undefined][] = [
    ['act', 'act'],
    ['read', 'read'],
    ['undeclared', undefined],
  ];
  for (const [path, company] of routes)
    probe.get(`/api/probe/${path}`, { config: company ? { company } : {} }, (request) => ({
      companyId: request.caller().companyId,
    }));
  // The session and the audit id stay readable without a declared company.
  probe.get('/api/probe/session', (request) => ({ userId: request.caller().session.userId }));
  await probe.ready();
});
afterAll(async () => {
  await probe?.close();
  await t.close();
});

const probeAs = async (who: string, path: string) =>
  probe.inject({ url: `/api/probe/${path}`, headers: t.auth(await t.as(who).token()) });

describe("the auth hook's resolution of config.company", () => {
  it("gives an operator its own company on 'act' and 'read' routes", async () => {
    const own = await companyId(t.db, '株式会社グリーン商事');
    for (const path of ['act', 'read']) {
      const res = await probeAs(DIS, path);
      expect(res.statusCode, path).toBe(200);
      expect(res.json(), path).toEqual({ companyId: own });
    }
  });

  it("refuses an admin acting for no company 403 on 'act', and scopes its 'read' to a company no row has", async () => {
    const act = await probeAs(ADMIN, 'act');
    expect(act.statusCode).toBe(403);
    expect(act.json().code).toBe('forbidden');
    const read = await probeAs(ADMIN, 'read');
    expect(read.statusCode).toBe(200);
    expect(read.json<{ companyId: number }>().companyId).toBeLessThan(1);
  });

  it('answers 500 when a route that declared no company reads it, and the session still without one', async () => {
    const res = await probeAs(DIS, 'undeclared');
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('server_error');
    const session = await probeAs(DIS, 'session');
    expect(session.statusCode).toBe(200);
  });

  it('refuses a public route declaring a company when it is registered', async () => {
    const app = Fastify({ logger: false });
    await app.register(authPlugin, {
      secret: 'probe',
      db: t.db,
      events: t.app.events,
      sessionCacheMs: 0,
    });
    expect(() =>
      app.get('/api/probe/public', { config: { public: true, company: 'read' } }, () => ({})),
    ).toThrow(/public route declares no company/);
    await app.close();
  });
});

describe("the app's routes for a caller without a company", () => {
  it("refuses an admin acting for no company 403 on an 'act' route (the calendar feed)", async () => {
    const res = await t.as(ADMIN).get('/calendar-feed');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it("answers an admin acting for no company a 'read' route as for another company's records: 404", async () => {
    const [project] = await t.db.query.projects.findMany({ limit: 1 });
    for (const url of [`/projects/${project!.id}`, `/projects/${project!.id}/attachments`]) {
      const res = await t.as(ADMIN).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('project_not_found');
    }
  });

  it("answers a discharger without a company empty lists on 'read' routes and 403 on 'act' routes", async () => {
    const page = await t.as(NO_COMPANY).get('/projects?page=1&size=20');
    expect(page.statusCode).toBe(200);
    expect(page.json<Page<unknown>>()).toMatchObject({ items: [], total: 0 });
    const invoices = await t.as(NO_COMPANY).get('/invoices?page=1&size=20');
    expect(invoices.statusCode).toBe(200);
    expect(invoices.json<Page<unknown>>()).toMatchObject({ items: [], total: 0 });
    const home = await t.as(NO_COMPANY).get('/projects/home');
    expect(home.json()).toEqual({ latest: [], counts: { PRE_CONTRACT: 0, IN_PROGRESS: 0, PAST: 0 } });
    for (const url of ['/calendar-feed', '/report-deadlines']) {
      const res = await t.as(NO_COMPANY).get(url);
      expect(res.statusCode, url).toBe(403);
    }
  });
});
