import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { jwnetRequests, mailOutbox, serverProcesses } from '../../db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ADMIN = 'admin';
const READS = ['/admin/operations/jwnet', '/admin/operations/mail', '/admin/operations/processes'];

let keys = 0;
const request = async (values: Partial<typeof jwnetRequests.$inferInsert>) => {
  const manifestNumber = `9000000000${++keys}`.slice(0, 11);
  const kind = values.kind ?? 'REPORT_TRANSPORT_END';
  const [row] = await t.db
    .insert(jwnetRequests)
    .values({
      requestKey: `operations-${keys}`,
      kind,
      manifestNumber,
      payload: { kind, manifestNumber },
      ...values,
    })
    .returning();
  return row!;
};

describe('the operations calls', () => {
  it('are for administrators only', async () => {
    for (const url of READS) {
      expect((await t.anonymous.get(url)).statusCode, url).toBe(401);
      expect((await t.as('discharger').get(url)).statusCode, url).toBe(403);
      expect((await t.as('transporter').get(url)).statusCode, url).toBe(403);
      expect((await t.as(ADMIN).get(url)).statusCode, url).toBe(200);
    }
    for (const url of ['/admin/operations/jwnet/1/resend', '/admin/operations/mail/1/resend'])
      expect((await t.as('transporter').post(url)).statusCode, url).toBe(403);
  });

  it('lists the processes serving, from the database', async () => {
    const res = await t.as(ADMIN).get('/admin/operations/processes');
    const own = res.json().find((p: { id: string }) => p.id === t.app.processes.id);
    expect(own).toMatchObject({ pid: process.pid, worksJobs: false, version: 'dev' });
    // A process silent for over a minute is not serving; its next heartbeat brings it back.
    const listed = async () =>
      (await t.as(ADMIN).get('/admin/operations/processes'))
        .json()
        .some((p: { id: string }) => p.id === own.id);
    await t.db
      .update(serverProcesses)
      .set({ heartbeatAt: sql`now() - interval '61 seconds'` })
      .where(eq(serverProcesses.id, own.id));
    expect(await listed()).toBe(false);
    await t.app.processes.beat();
    expect(await listed()).toBe(true);
  });

  it('shows the network queue and sends a refused report again once', async () => {
    const waiting = await request({ state: 'QUEUED', createdAt: new Date(Date.now() - 3_600_000) });
    const refused = await request({ state: 'REFUSED', refusalCode: 'E_DATE', lastError: 'E_DATE: bad date' });
    const register = await request({ kind: 'REGISTER_MANIFEST', state: 'REFUSED', refusalCode: 'E_INVALID' });
    const res = (await t.as(ADMIN).get('/admin/operations/jwnet')).json();
    expect(res.waitingCount).toBeGreaterThanOrEqual(1);
    expect(res.oldestWaitingAt).toBe(waiting.createdAt.toISOString());
    expect(res.waiting.find((r: { id: number }) => r.id === waiting.id)).toMatchObject({ canResend: false });
    expect(res.refused.find((r: { id: number }) => r.id === refused.id)).toMatchObject({
      refusal: 'jwnet_refused_date',
      refusalCode: 'E_DATE',
      canResend: true,
    });
    expect(res.refused.find((r: { id: number }) => r.id === register.id)).toMatchObject({ canResend: false });

    const resent = await t.as(ADMIN).post(`/admin/operations/jwnet/${refused.id}/resend`);
    expect(resent.statusCode).toBe(200);
    const [copy] = await t.db.select().from(jwnetRequests).where(eq(jwnetRequests.id, resent.json().id));
    expect(copy).toMatchObject({
      state: 'QUEUED',
      kind: 'REPORT_TRANSPORT_END',
      manifestNumber: refused.manifestNumber,
    });
    expect(copy!.requestKey).not.toBe(refused.requestKey);
    expect(
      (await t.app.jobs.pending('jwnet-manifest')).some((j) => j.singletonKey === refused.manifestNumber),
    ).toBe(true);
    // Sent again already, still waiting, or work that needs its user: refused.
    for (const id of [refused.id, waiting.id, register.id]) {
      const again = await t.as(ADMIN).post(`/admin/operations/jwnet/${id}/resend`);
      expect(again.statusCode, String(id)).toBe(409);
      expect(again.json().code).toBe('operations_not_resendable');
    }
    expect((await t.as(ADMIN).post('/admin/operations/jwnet/999999/resend')).statusCode).toBe(404);
  });

  it('shows failed mail and delivers it again on resend, only a failed one', async () => {
    t.smtp.setDown(true);
    const id = (await t.app.mailer.send({ to: 'ops@example.com', subject: 'ops', text: 'text' }))!;
    await t.deliverMail();
    t.smtp.setDown(false);
    const res = (await t.as(ADMIN).get('/admin/operations/mail')).json();
    expect(res.smtp).toBe(true);
    expect(res.backlog).toBeGreaterThanOrEqual(1);
    expect(res.failed.find((m: { id: number }) => m.id === id)).toMatchObject({
      to: 'ops@example.com',
      attempts: 1,
      error: expect.any(String),
    });
    // Its retry waits for the backoff: the resend delivers it now.
    await t.app.jobs.raw.deleteJob(
      'mail-delivery',
      (await t.app.jobs.pending('mail-delivery')).map((j) => j.id),
    );
    expect((await t.as(ADMIN).post(`/admin/operations/mail/${id}/resend`)).statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(mail?.status).toBe('SENT');
    expect(t.smtp.mails.some((m) => m.to.includes('ops@example.com'))).toBe(true);

    const again = await t.as(ADMIN).post(`/admin/operations/mail/${id}/resend`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('operations_not_resendable');
    expect((await t.as(ADMIN).post('/admin/operations/mail/999999/resend')).statusCode).toBe(404);
  });
});
