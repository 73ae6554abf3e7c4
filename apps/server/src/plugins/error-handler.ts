import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiErrorBody } from '@junkan/shared/errors';
import { type MessageCode, messageCodeOfIssue } from '@junkan/shared/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { dataExceptionState, retentionRefusalUntil } from '../lib/db-errors';

/** One error handler: codes and fields for 4xx, a masked `server_error` for everything else. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { code: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      if (error.params) body.params = error.params;
      if (error.details) body.details = error.details;
      if (error.gaps) body.gaps = error.gaps;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, MessageCode> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[field] ??= messageCodeOfIssue({
          code: issue.keyword,
          message: issue.message ?? '',
          origin: issue.params?.origin,
        });
      }
      return reply.status(400).send({ code: 'validation_error', message: 'Validation failed', fields });
    }
    // Whatever path tried it, a record within its retention period is not deleted: say until when.
    const until = retentionRefusalUntil(error);
    if (until !== null)
      return reply.status(409).send({
        code: 'retention_period_until',
        message: 'Kept for the retention period',
        params: { until },
      });
    // Last net: a value the database refused is bad input a schema missed. Logged without its parameters.
    const sqlState = dataExceptionState(error);
    if (sqlState) {
      request.log.warn({ sqlState, route: request.routeOptions.url }, 'database refused an input value');
      return reply.status(400).send({ code: 'invalid_request', message: 'Invalid request' });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.status(413).send({ code: 'request_too_large', message: 'Request too large' });
    if (status === 429)
      return reply.status(429).send({ code: 'too_many_requests', message: 'Too many requests' });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: 'invalid_request', message: 'Invalid request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'server_error', message: 'Server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ code: 'not_found', message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}

/**
 * Errors Fastify answers before any route runs (`frameworkErrors`): an address that does not decode (`%` alone,
 * an encoded lone surrogate), a path parameter past its length. Answered in the product's shape, without the
 * address echoed back.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // A path parameter past the router's length is 414 (the address is too long), anything else 400.
  if (error.statusCode === 414)
    void reply
      .status(414)
      .send({ code: 'request_too_large', message: 'Address too long' } satisfies ApiErrorBody);
  else
    void reply
      .status(400)
      .send({ code: 'invalid_request', message: 'Invalid request' } satisfies ApiErrorBody);
}

/**
 * A request Node's HTTP parser refuses before Fastify sees it (`clientErrorHandler`): headers or an address past
 * the size limit (431), a client too slow to send its request (408), anything else unreadable (400). Answered in
 * the product's shape on the raw socket, which is then closed, as Node and Fastify do.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, ApiErrorBody] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, { code: 'request_too_large', message: 'Request headers too large' }]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, { code: 'timeout_error', message: 'Request timeout' }]
        : [400, { code: 'invalid_request', message: 'Invalid request' }];
  const text = JSON.stringify(body);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    );
  socket.destroy(err);
}
