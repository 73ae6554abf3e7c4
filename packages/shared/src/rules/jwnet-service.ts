/**
 * When the manifest network takes work (section 9): its daily window in Japan time, and the running functions
 * of a manifest that block a report's actions.
 */

/** Section 9: the manifest network takes fixes, cancels and approvals 07:00-19:00 Japan time. */
export const JWNET_SERVICE_HOURS = { openMinute: 7 * 60, closeMinute: 19 * 60 } as const;
/** Running-function codes that block even a TEMP_TRANSPORT manifest: registration and transport-end report. */
export const JWNET_BLOCKING_FUNCTION_CODES = ['1000', '0403'] as const;
/** The registration's running-function code: while it runs, the manifest takes no report. */
export const JWNET_REGISTRATION_FUNCTION_CODE = '1000';
export const MANIFEST_STATUS_TEMP_TRANSPORT = 'TEMP_TRANSPORT';

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Japan has no daylight saving time: a fixed +9 h gives the Tokyo clock whatever the machine's zone. */
export function isJwnetServiceHours(now: Date): boolean {
  const jst = new Date(now.getTime() + JST_OFFSET_MS);
  const minute = jst.getUTCHours() * 60 + jst.getUTCMinutes();
  return minute >= JWNET_SERVICE_HOURS.openMinute && minute < JWNET_SERVICE_HOURS.closeMinute;
}

/** The next opening of the network's window (07:00 Japan time) after `now`: when closed-hours work is worth retrying. */
export function nextJwnetOpening(now: Date): Date {
  const jst = new Date(now.getTime() + JST_OFFSET_MS);
  const opening =
    Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth(), jst.getUTCDate()) +
    JWNET_SERVICE_HOURS.openMinute * 60_000 -
    JST_OFFSET_MS;
  return new Date(opening > now.getTime() ? opening : opening + 86_400_000);
}

/** Running functions block everything, except on a TEMP_TRANSPORT manifest whose codes are neither 1000 nor 0403. */
export function isBlockedByRunningFunctions(
  manifestStatus: string | null | undefined,
  runningFunctions: readonly string[] | undefined,
): boolean {
  const running = runningFunctions ?? [];
  if (running.length === 0) return false;
  if (manifestStatus !== MANIFEST_STATUS_TEMP_TRANSPORT) return true;
  return running.some((code) => (JWNET_BLOCKING_FUNCTION_CODES as readonly string[]).includes(code));
}

/**
 * Why running functions block (each situation has its own message): the registration not reflected yet,
 * or another function of the manifest still running. Null when they do not block.
 */
export function runningFunctionBlock(
  manifestStatus: string | null | undefined,
  runningFunctions: readonly string[] | undefined,
): 'jwnet_registration_pending' | 'jwnet_function_running' | null {
  if (!isBlockedByRunningFunctions(manifestStatus, runningFunctions)) return null;
  return runningFunctions?.includes(JWNET_REGISTRATION_FUNCTION_CODE)
    ? 'jwnet_registration_pending'
    : 'jwnet_function_running';
}
