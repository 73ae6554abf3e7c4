import { errorSchema, okSchema } from '@junkan/shared/api/common';
import {
  transportApprovalListQuerySchema,
  transportApprovalListSchema,
  transportRejectRequestSchema,
} from '@junkan/shared/api/transport-approval';
import { companyIdParamSchema } from '@junkan/shared/api/transport-operators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decideTransportCompany, listTransportCompaniesForApproval } from './transport-approval.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['transport-approval'];
const config = { permission: 'TRANSPORT_APPROVAL' as const };

export const transportApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/transport-companies',
    {
      config,
      schema: {
        tags,
        querystring: transportApprovalListQuerySchema,
        response: { 200: transportApprovalListSchema, ...errors },
      },
    },
    (request) => listTransportCompaniesForApproval(app.db, request.query.approvalStatus),
  );
  app.post(
    '/admin/transport-companies/:companyId/approve',
    { config, schema: { tags, params: companyIdParamSchema, response: { 200: okSchema, ...errors } } },
    (request) => decideTransportCompany(app, request.caller(), request.params.companyId, { approve: true }),
  );
  app.post(
    '/admin/transport-companies/:companyId/reject',
    {
      config,
      schema: {
        tags,
        params: companyIdParamSchema,
        body: transportRejectRequestSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    (request) =>
      decideTransportCompany(app, request.caller(), request.params.companyId, {
        approve: false,
        reason: request.body.reason,
      }),
  );
};
