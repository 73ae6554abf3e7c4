/**
 * The business clock as the server keeps it (JUNKAN_CLOCK may set it apart from real time): every API answer
 * carries the server's business instant (BUSINESS_TIME_HEADER), and the web app's "today" and "this month" are this
 * machine's clock moved by the difference. The web app's only reader of the machine's clock for business dates
 * (a guard test, apps/server/src/clock-guard.test.ts, fails on any other).
 */
export { BUSINESS_TIME_HEADER } from '@junkan/shared/session';

let offsetMs = 0;
/** Whether an answer has set the clock since the app loaded. */
let heard = false;

/** Takes the server's business instant from an answer received now. */
export function noteBusinessTime(iso: string | null | undefined, receivedAt: number = Date.now()): void {
  if (!iso) return;
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return;
  offsetMs = instant - receivedAt;
  heard = true;
}

/** The clock's difference from this machine's, for an app that keeps it while offline (the driver's phone). */
export const businessClockOffset = () => offsetMs;

/**
 * Puts back a kept difference when the app loads offline, before any answer could tell it: an answer heard since
 * always wins.
 */
export function restoreBusinessClockOffset(kept: number): void {
  if (!heard && Number.isFinite(kept)) offsetMs = kept;
}

/** The business clock now (epoch ms): the server's, as last heard, running on in real time. */
export function businessNow(): number {
  return Date.now() + offsetMs;
}
