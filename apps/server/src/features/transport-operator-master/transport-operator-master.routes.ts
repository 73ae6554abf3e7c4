import { errorSchema } from '@junkan/shared/api/common';
import {
  companyIdParamSchema,
  operatorPermitSchema,
  transportOperatorInputSchema,
  transportOperatorListQuerySchema,
  transportOperatorPageSchema,
  transportOperatorSchema,
} from '@junkan/shared/api/transport-operators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokyoDate } from '../../lib/time';
import {
  getTransportOperator,
  listOperatorPermits,
  listTransportOperators,
  saveTransportOperator,
} from './transport-operator-master.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['transport-operator-master'];
const config = { permission: 'MASTER_TRANSPORT_OPERATOR' as const };

export const transportOperatorMasterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/transport-operators',
    {
      config,
      schema: {
        tags,
        querystring: transportOperatorListQuerySchema,
        response: { 200: transportOperatorPageSchema, ...errors },
      },
    },
    (request) => listTransportOperators(app.db, request.query, tokyoDate(app.now())),
  );
  app.get(
    '/admin/transport-operators/:companyId',
    {
      config,
      schema: { tags, params: companyIdParamSchema, response: { 200: transportOperatorSchema, ...errors } },
    },
    (request) => getTransportOperator(app.db, request.params.companyId, tokyoDate(app.now())),
  );
  app.get(
    '/admin/transport-operators/:companyId/permits',
    {
      config,
      schema: {
        tags,
        description: "The operator's live permits, soonest expiry first, with their expiry status.",
        params: companyIdParamSchema,
        response: { 200: z.array(operatorPermitSchema), ...errors },
      },
    },
    (request) => listOperatorPermits(app.db, request.params.companyId, tokyoDate(app.now())),
  );
  app.put(
    '/admin/transport-operators/:companyId',
    {
      config,
      schema: {
        tags,
        params: companyIdParamSchema,
        body: transportOperatorInputSchema,
        response: { 200: transportOperatorSchema, ...errors },
      },
    },
    (request) => saveTransportOperator(app, request.caller(), request.params.companyId, request.body),
  );
};
