import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { jwnetRequests } from '../db/schema';
import { bearerMatches } from './metrics';

const TOKEN = 'metrics-test-token';
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
});
afterAll(() => t?.close());

// /metrics lives outside /api, where the kit's calls go: raw inject with the scraper's header.
const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line (`name{labels} value`) of a scrape, 0 when absent. */
const sample = (body: string, line: string) => {
  const found = body.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
};

describe('GET /metrics', () => {
  it('is off (404) when METRICS_TOKEN is unset', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    } finally {
      await off.close();
    }
  });

  it('refuses a missing or wrong token, and a user token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
    expect((await scrape(`Bearer ${await t.as('admin').token()}`)).statusCode).toBe(401);
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
  });

  it('answers the metrics in Prometheus format, by route pattern, with figures that move', async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const name of [
      'junkan_http_request_duration_seconds',
      'junkan_job_runs_total',
      'junkan_job_lag_seconds',
      'junkan_jobs',
      'junkan_jwnet_queue_depth',
      'junkan_jwnet_oldest_waiting_seconds',
      'junkan_jwnet_refused',
      'junkan_mail_backlog',
      'junkan_mail_failed',
      'junkan_card_payment_attempts',
      'junkan_processes_serving',
      'junkan_db_pool_connections',
      'junkan_process_cpu_seconds_total',
    ])
      expect(res.body, name).toContain(`# TYPE ${name} `);
    // This test app registered itself as a serving process.
    expect(sample(res.body, 'junkan_processes_serving')).toBeGreaterThanOrEqual(1);

    // Requests are counted under their route pattern, not their address.
    const line =
      'junkan_http_request_duration_seconds_count{method="GET",route="/api/projects/:id",status="404"}';
    const before = sample(res.body, line);
    await t.as('discharger').get('/projects/999999');
    await t.as('discharger').get('/projects/999998');
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(after, line)).toBe(before + 2);
    expect(after).not.toContain('/api/projects/999999');

    // A mail delivered by a job counts a run of its queue.
    const runs = 'junkan_job_runs_total{queue="mail-delivery",outcome="completed"}';
    const runsBefore = sample(after, runs);
    await t.app.mailer.send({ to: 'metrics@example.com', subject: 's', text: 't' });
    await t.deliverMail();
    const withMail = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(withMail, runs)).toBe(runsBefore + 1);

    // The manifest-network queue is read from the database at each scrape.
    const depth = sample(withMail, 'junkan_jwnet_queue_depth');
    await t.db.insert(jwnetRequests).values({
      requestKey: 'metrics-test',
      kind: 'CANCEL_REPORT',
      manifestNumber: '99999999999',
      payload: { kind: 'CANCEL_REPORT', manifestNumber: '99999999999' },
      createdAt: new Date(Date.now() - 120_000),
    });
    const queued = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(queued, 'junkan_jwnet_queue_depth')).toBe(depth + 1);
    expect(sample(queued, 'junkan_jwnet_oldest_waiting_seconds')).toBeGreaterThanOrEqual(119);
  });
});
