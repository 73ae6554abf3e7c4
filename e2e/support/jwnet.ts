import { expect } from '@playwright/test';
import { JWNET_DELAY_MS, JWNET_ORIGIN } from './env';

async function control(body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${JWNET_ORIGIN}/__control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`simulator control ${String(body.action)}: ${res.status} ${await res.text()}`);
}

/** Moves the simulated network's clock past its delay, so the work it holds is reflected. */
function reflectNetworkWork(): Promise<void> {
  return control({ action: 'advanceClock', ms: JWNET_DELAY_MS + 1_000 });
}

/** How many work requests the network has taken since it started. */
async function receivedRequests(): Promise<number> {
  const res = await fetch(`${JWNET_ORIGIN}/__control`);
  if (!res.ok) throw new Error(`simulator settings: ${res.status}`);
  return ((await res.json()) as { requests: number }).requests;
}

/**
 * Lets the network reflect the work the server sends it, until `settled` passes. The server sends in the
 * background: work that reaches the network after the clock was moved on waits for the next move, so the clock
 * is moved on again whenever the network has taken new work since the last move.
 */
export async function reflectUntil(settled: () => Promise<void>, timeout = 30_000): Promise<void> {
  let reflectedAt = -1;
  await expect(async () => {
    const received = await receivedRequests();
    if (received !== reflectedAt) {
      await reflectNetworkWork();
      reflectedAt = received;
    }
    await settled();
  }).toPass({ timeout, intervals: [500, 1_000, 2_000] });
}

/** The network refuses the next work it is sent with `code` (and its own English sentence). */
export function refuseNextWork(code: string, message: string): Promise<void> {
  return control({ action: 'refuse', count: 1, code, message });
}
