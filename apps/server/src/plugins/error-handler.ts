import type { ApiErrorBody } from '@junkan/shared/errors';
import { type MessageCode, messageCodeOfIssue } from '@junkan/shared/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
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
