import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request id of the work under way: the HTTP request's, or, in a job or a mail delivery, the id of the request
 * that caused it (carried in the job's data and the outbox row). Log lines, jobs and mails read it from here, so it
 * needs no threading through every call.
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` under `requestId` (as is when there is none). */
export function runWithRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return requestId ? context.run({ requestId }, fn) : fn();
}

export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/** An incoming `X-Request-Id` kept as it is: what a proxy or a client generates (a UUID, a hex or base64url id). */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/**
 * The request id of an HTTP request: a sane incoming `X-Request-Id` (so a reverse proxy's id follows the request
 * into the log), else a fresh UUID. At most 64 characters, as the audit log keeps it.
 */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}
