import { errorSchema, idParamSchema } from '@junkan/shared/api/common';
import {
  operationsJwnetResendResponseSchema,
  operationsJwnetResponseSchema,
  operationsMailResendResponseSchema,
  operationsMailResponseSchema,
  operationsProcessesResponseSchema,
} from '@junkan/shared/api/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listOperationsJwnet,
  listOperationsMail,
  listOperationsProcesses,
  resendOperationsJwnet,
  resendOperationsMail,
} from './operations.service';

const tags = ['operations'];
const config = { permission: 'OPERATIONS' as const };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const resendErrors = { ...errors, 409: errorSchema };

/**
 * The operations screen (administrators): the manifest-network queue, the mail outbox, the processes. Its jobs come
 * from the scheduled jobs' own calls (features/jobs).
 */
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/operations/jwnet',
    { config, schema: { tags, response: { 200: operationsJwnetResponseSchema, ...errors } } },
    () => listOperationsJwnet(app),
  );
  app.post(
    '/admin/operations/jwnet/:id/resend',
    {
      config,
      schema: {
        tags,
        params: idParamSchema,
        response: { 200: operationsJwnetResendResponseSchema, ...resendErrors },
      },
    },
    (request) => resendOperationsJwnet(app, request, request.params.id),
  );
  app.get(
    '/admin/operations/mail',
    { config, schema: { tags, response: { 200: operationsMailResponseSchema, ...errors } } },
    () => listOperationsMail(app),
  );
  app.post(
    '/admin/operations/mail/:id/resend',
    {
      config,
      schema: {
        tags,
        params: idParamSchema,
        response: { 200: operationsMailResendResponseSchema, ...resendErrors },
      },
    },
    (request) => resendOperationsMail(app, request, request.params.id),
  );
  app.get(
    '/admin/operations/processes',
    { config, schema: { tags, response: { 200: operationsProcessesResponseSchema, ...errors } } },
    () => listOperationsProcesses(app),
  );
};
