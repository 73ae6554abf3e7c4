import { type RunningCardSimulator, startCardSimulator } from '@junkan/card-simulator';
import type { BuildAppOptions } from '../src/app';
import type { AppConfig } from '../src/config';
import { createTestApp, TEST_CARD_KEYS, type TestContext } from './test-app';

/** Fills the simulator's hosted card form as a browser would and answers the one-time token it issues. */
export async function cardToken(
  simulatorUrl: string,
  number: string,
  opts: { expiry?: string; returnUrl?: string } = {},
): Promise<string> {
  const res = await fetch(`${simulatorUrl}/hosted/card-form`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      key: TEST_CARD_KEYS.publishableKey,
      return_url: opts.returnUrl ?? 'http://junkan.test/sys/return',
      number,
      expiry: opts.expiry ?? '12/39',
      cvc: '123',
      name: 'TARO YAMADA',
    }),
    redirect: 'manual',
  });
  const token = new URL(res.headers.get('location') ?? 'http://x/').searchParams.get('card_token');
  if (res.status !== 303 || !token) throw new Error(`card form refused ${number}: ${res.status}`);
  return token;
}

/** Answers the 3-D Secure challenge at `actionUrl` as the card holder would; gives the redirect's location. */
export async function answerChallenge(actionUrl: string, password: string): Promise<string> {
  const res = await fetch(actionUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password }),
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`challenge answered ${res.status}`);
  return res.headers.get('location')!;
}

/**
 * The real app wired to a card simulator started in this process with the test keys. With `listen`, the app
 * also listens on a free port and the simulator sends its webhooks there; `now` is the app's business clock.
 */
export async function startCardHarness(
  opts: { listen?: boolean; timeoutMs?: number; now?: BuildAppOptions['now'] } = {},
) {
  const sim: RunningCardSimulator = await startCardSimulator({ ...TEST_CARD_KEYS, retryBaseMs: 50 });
  const cardProvider: AppConfig['cardProvider'] = {
    provider: 'simulator',
    url: sim.url,
    publicUrl: sim.url,
    ...TEST_CARD_KEYS,
    timeoutMs: opts.timeoutMs ?? 2_000,
  };
  let t: TestContext;
  try {
    t = await createTestApp({ cardProvider }, opts.now ? { now: opts.now } : {});
  } catch (err) {
    await sim.close();
    throw err;
  }
  let appUrl: string | null = null;
  if (opts.listen) {
    appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await sim.control.setWebhook({ url: `${appUrl}/api/card-provider/webhook` });
  }
  return {
    t,
    sim,
    appUrl,
    tokenFor: (number: string, o?: { expiry?: string; returnUrl?: string }) => cardToken(sim.url, number, o),
    /** Before each test: the simulator forgets everything; webhooks still go to the app. */
    async reset() {
      await sim.control.reset();
      if (appUrl)
        await sim.control.setWebhook({ url: `${appUrl}/api/card-provider/webhook`, retryBaseMs: 50 });
    },
    async close() {
      await t.close();
      await sim.close();
    },
  };
}

export type CardHarness = Awaited<ReturnType<typeof startCardHarness>>;
