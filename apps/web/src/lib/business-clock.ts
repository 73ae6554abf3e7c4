/**
 * The business clock as the server keeps it (JUNKAN_CLOCK may set it apart from real time): every API answer
 * carries the server's business instant (BUSINESS_TIME_HEADER), and the web app's "today" and "this month" are this
 * machine's clock moved by the difference. The web app's only reader of the machine's clock for business dates
 * (a guard test, apps/server/src/clock-guard.test.ts, fails on any other).
 */
export { BUSINESS_TIME_HEADER } from '@junkan/shared/session';

let offsetMs = 0;

/** Takes the server's business instant from an answer received now. */
export function noteBusinessTime(iso: string | null | undefined, receivedAt: number = Date.now()): void {
  if (!iso) return;
  const instant = Date.parse(iso);
  if (!Number.isNaN(instant)) offsetMs = instant - receivedAt;
}

/** The business clock now (epoch ms): the server's, as last heard, running on in real time. */
export function businessNow(): number {
  return Date.now() + offsetMs;
}
