import type { FastifyRequest } from 'fastify';
import pino from 'pino';
import { currentRequestId } from './request-context';

/**
 * What the log must never carry: secrets, password hashes, tokens, mailed links. Errors are logged through
 * `serializeLoggedError` (no query parameters, no driver detail), requests through `serializeLoggedRequest`
 * (token-like query values masked), and these keys are censored wherever a log call puts them.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  ...[
    'password',
    'pass',
    'oldPass',
    'newPass',
    'passwordHash',
    'token',
    'tokenHash',
    'emailToken',
    'jwtSecret',
  ].flatMap((key) => [key, `*.${key}`]),
];

/** Error properties worth logging; anything else (`params`, `query`, `detail`, `where`...) may carry values. */
const ERROR_FIELDS = [
  'code',
  'constraint',
  'table',
  'column',
  'severity',
  'routine',
  'statusCode',
  'kind',
  'errno',
  'syscall',
] as const;

/** Drizzle puts the query's parameters into its error message: keep the SQL text, drop the values. */
function scrubMessage(message: string): string {
  const at = message.indexOf('\nparams:');
  return at >= 0 ? message.slice(0, at) : message;
}

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as the log may show it: type, scrubbed message and stack, safe fields, and its causes. */
export function serializeLoggedError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) {
    // A thrown non-error (an object of unknown content) is not logged as it is.
    return {
      type: typeof err,
      message: typeof err === 'string' ? scrubMessage(err) : '[not logged]',
      stack: '',
    };
  }
  const type = err.constructor?.name || err.name;
  const fields = err as unknown as Record<string, unknown>;
  let message = scrubMessage(err.message);
  // PostgreSQL's data exceptions (SQLSTATE class 22) end their message with the refused value.
  if (typeof fields.code === 'string' && /^22[0-9A-Z]{3}$/.test(fields.code))
    message = message.replace(/: [\s\S]*$/, ': [value not logged]');
  const frames = err.stack?.indexOf('\n    at ') ?? -1;
  const stack = `${err.name}: ${message}${frames >= 0 ? err.stack?.slice(frames) : ''}`;
  const out: LoggedError = { type, message, stack };
  for (const key of ERROR_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (err.cause !== undefined && depth < 4) out.cause = serializeLoggedError(err.cause, depth + 1);
  return out;
}

/**
 * Masks the values of token-like query parameters (mailed links, activation checks) in a logged URL, and the
 * secret path segment of a calendar feed's address (`/api/calendar-feed/<token>.ics`).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&][^=&#]*token[^=&#]*=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/calendar-feed\/)[^/?#]+/gi, '$1[redacted]');
}

export function serializeLoggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Adds the current request id (lib/request-context.ts) to a line logged outside a request's own logger: by a job
 * or a mail delivery the request caused, or by a service through `app.log`. A request's logger has it bound already.
 */
function requestIdMixin(_merge: object, _level: number, logger: pino.Logger): object {
  const reqId = currentRequestId();
  if (!reqId) return {};
  const bound = (logger as unknown as Record<symbol, string | undefined>)[pino.symbols.chindingsSym];
  return bound?.includes('"reqId":') ? {} : { reqId };
}

/** Pino options of every server logger: the redaction, the serializers above, and the request id of the work. */
export function safeLoggerOptions() {
  return {
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: (err: unknown) => serializeLoggedError(err), req: serializeLoggedRequest },
    mixin: requestIdMixin,
  };
}
