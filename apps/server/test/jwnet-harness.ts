import {
  type ManifestRegistration,
  type RunningJwnetSimulator,
  startJwnetSimulator,
} from '@junkan/jwnet-simulator';
import { inArray } from 'drizzle-orm';
import { jwnetRequests, manifests } from '../src/db/schema';
import { tokyoDate } from '../src/lib/time';
import { createTestApp, type TestContext } from './test-app';

/** Tomorrow in Japan at `time`: after the database's own clock, which stamps queued work. */
export const tomorrowAt = (time: string) =>
  new Date(`${tokyoDate(new Date(Date.now() + 86_400_000))}T${time}+09:00`);

export interface JwnetHarnessOptions {
  /** Where the business clock starts, and where `reset` puts it back. */
  start: Date;
  /** How long the simulated network takes to reflect a request. */
  delayMs: number;
}

/**
 * The real app wired to the manifest-network simulator, one business clock for both: the app's `now` and the
 * network's clock move together. The worker does not run by itself; tests run it (`syncNetwork`).
 */
export async function startJwnetHarness({ start, delayMs }: JwnetHarnessOptions) {
  let now = start;
  const sim: RunningJwnetSimulator = await startJwnetSimulator({ delayMs, clock: start.toISOString() });
  let t: TestContext;
  try {
    t = await createTestApp({ jwnet: { url: sim.url, timeoutMs: 1_000, pollMs: 1_000 } }, { now: () => now });
  } catch (err) {
    await sim.close();
    throw err;
  }

  /** Moves the app's clock and the network's by `ms`. */
  async function advance(ms: number) {
    now = new Date(now.getTime() + ms);
    await sim.control.advanceClock(ms);
  }

  /** Puts both clocks at `at`; the app asks the network's state afresh. */
  async function setTime(at: Date) {
    now = at;
    await sim.control.setClock(at.toISOString());
    t.app.jwnet.forgetStatus();
  }

  return {
    t,
    sim,
    /** The business clock, for the app's, the worker's and the adapters' `now`. */
    now: () => now,
    /** Today in Japan by the business clock. */
    today: () => tokyoDate(now),
    advance,
    setTime,
    /** Moves only the app's clock (the network keeps its own). */
    setAppTime: (at: Date) => {
      now = at;
    },

    /** Sends what is queued and lets the network reflect it, until nothing is left to do. */
    async syncNetwork() {
      for (let i = 0; i < 6; i++) {
        await t.app.jwnetWorker.runOnce();
        await advance(delayMs + 1_000);
      }
      await t.app.jwnetWorker.runOnce();
    },

    /**
     * A manifest the discharger registered on the network itself (not through the product), and the product's
     * row for it; answers its number.
     */
    async networkManifest(
      row: Omit<typeof manifests.$inferInsert, 'manifestNumber'>,
      registration: Partial<ManifestRegistration> = {},
    ): Promise<string> {
      const m = await sim.control.createManifest({
        deliveryDate: tokyoDate(new Date(now.getTime() - 86_400_000)),
        dischargerSubscriberNumber: 'G000001',
        dischargerName: '株式会社グリーン商事',
        dischargeFacility: { name: '銀座店', address: '東京都中央区銀座1-1-1' },
        waste: { name: '廃プラスチック類', quantity: 1.5, unit: 't' },
        transporterName: '東都環境サービス株式会社',
        ...registration,
      });
      await t.db.insert(manifests).values({ ...row, manifestNumber: m.manifestNumber });
      return m.manifestNumber;
    },

    /**
     * Before each test: work a test left unfinished is dropped (it would meet the next test's faults first),
     * the network forgets everything, and both clocks go back to the start.
     */
    async reset() {
      await t.db
        .update(jwnetRequests)
        .set({ state: 'FAILED' })
        .where(inArray(jwnetRequests.state, ['QUEUED', 'SENT']));
      await sim.control.reset();
      await setTime(start);
    },

    async close() {
      await t.close();
      await sim.close();
    },
  };
}

export type JwnetHarness = Awaited<ReturnType<typeof startJwnetHarness>>;
