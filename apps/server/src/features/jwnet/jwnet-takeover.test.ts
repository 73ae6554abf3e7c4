import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId } from '../../../test/fixtures/demo-data';
import { jobState, silenceJob, superviseQueue } from '../../../test/job-takeover';
import { type JwnetHarness, startJwnetHarness, tomorrowAt } from '../../../test/jwnet-harness';
import type { TestContext } from '../../../test/test-app';
import { jwnetRequests } from '../../db/schema';
import { JOB_HEARTBEAT_SECONDS, takeoverBoundSeconds } from '../../plugins/jobs/job-engine';
import { enqueueJwnet, JWNET_QUEUE } from './jwnet-queue';

let net: JwnetHarness;
let t: TestContext;

beforeAll(async () => {
  net = await startJwnetHarness({ start: tomorrowAt('10:00:00'), delayMs: 60_000 });
  t = net.t;
});
afterAll(() => net?.close());

const silence = (jobId: string, seconds: number) => silenceJob(t, jobId, seconds);
const supervise = () => superviseQueue(t, JWNET_QUEUE);

describe('a manifest-network send held by a process that died', () => {
  it('is taken over within a minute, and sent once', async () => {
    // The queue's settings bound the takeover: heartbeat lapse, supervisor pass, first retry and a poll.
    const queue = t.app.jobs.definitions().find((q) => q.name === JWNET_QUEUE)!;
    expect(takeoverBoundSeconds(queue, 2)).toBeLessThanOrEqual(60);

    const n = await net.networkManifest({
      dischargerCompanyId: await companyId(t.db, '株式会社グリーン商事'),
    });
    await t.db.transaction((tx) =>
      enqueueJwnet(
        tx,
        {
          kind: 'REPORT_TRANSPORT_END',
          manifestNumber: n,
          report: { transportEndDate: net.today(), volume: 1, unit: 't', transporter: '佐藤' },
        },
        null,
        net.now(),
        t.app.jobs,
      ),
    );
    // Process A claims the manifest's job (its worker would now send), then stops answering.
    const [held] = await t.app.jobs.raw.fetch(JWNET_QUEUE);
    expect(held).toBeDefined();

    // While A's heartbeat is fresh (just under the limit), nobody else takes the manifest.
    await silence(held!.id, JOB_HEARTBEAT_SECONDS - 5);
    await supervise();
    expect(await jobState(t, held!.id)).toBe('active');
    expect(await t.app.jwnetWorker.runOnce()).toBe(0);
    expect(net.sim.simulator.receivedWork()).toHaveLength(0);

    // A refreshes its claim, as a live worker does every half heartbeat: still its own after a while.
    await t.app.jobs.raw.touch(JWNET_QUEUE, held!.id);
    await supervise();
    expect(await jobState(t, held!.id)).toBe('active');

    // A is dead: no heartbeat for longer than the limit. The supervisor frees the claim; process B works it.
    await silence(held!.id, JOB_HEARTBEAT_SECONDS + 1);
    await supervise();
    expect(await jobState(t, held!.id)).toBe('retry');
    expect(await t.app.jwnetWorker.runOnce()).toBe(1);
    const [row] = await t.db.select().from(jwnetRequests).where(sql`${jwnetRequests.manifestNumber} = ${n}`);
    expect(row).toMatchObject({ state: 'SENT', attempts: 1 });
    const sent = net.sim.simulator.receivedWork().filter((w) => w.manifestNumber === n);
    expect(sent.map((w) => w.key)).toEqual([row!.requestKey]);

    // A's late completion changes nothing: the claim is no longer its own.
    await t.app.jobs.raw.complete(JWNET_QUEUE, held!.id).catch(() => undefined);
    expect(await t.app.jwnetWorker.runOnce()).toBe(0);
    expect(net.sim.simulator.receivedWork().filter((w) => w.manifestNumber === n)).toHaveLength(1);
  });
});
