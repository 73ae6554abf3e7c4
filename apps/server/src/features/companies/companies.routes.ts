import { errorSchema, idParamSchema, tokenResponseSchema } from '@junkan/shared/api/common';
import { companyAuthTokenQuerySchema, companyListSchema } from '@junkan/shared/api/companies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueOperatorToken, listCompaniesForSelection, listServedCompanies } from './companies.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['companies'];

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/companies/waste',
    {
      config: { permission: 'ACCOUNT_SELECTION' },
      schema: { tags, response: { 200: companyListSchema, ...errors } },
    },
    () => listCompaniesForSelection(app, 'WASTE'),
  );
  app.get(
    '/admin/companies/transport',
    {
      config: { permission: 'ACCOUNT_SELECTION' },
      schema: { tags, response: { 200: companyListSchema, ...errors } },
    },
    () => listCompaniesForSelection(app, 'TRANSPORT'),
  );
  app.post(
    '/admin/companies/:id/auth-token',
    {
      config: { permission: 'ACCOUNT_SELECTION' },
      schema: {
        tags,
        params: idParamSchema,
        querystring: companyAuthTokenQuerySchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    (request) => issueOperatorToken(app, request.caller(), request.params.id, request.query.isTransport),
  );
  app.get(
    '/trans/companies',
    {
      config: { permission: 'PROJECT_MANAGEMENT', role: 'TRANSPORT', company: 'act' },
      schema: { tags, response: { 200: companyListSchema, ...errors } },
    },
    (request) => listServedCompanies(app, request.caller().companyId),
  );
};
