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
export function reflectNetworkWork(): Promise<void> {
  return control({ action: 'advanceClock', ms: JWNET_DELAY_MS + 1_000 });
}

/** The network refuses the next work it is sent with `code` (and its own English sentence). */
export function refuseNextWork(code: string, message: string): Promise<void> {
  return control({ action: 'refuse', count: 1, code, message });
}
