import { errorSchema, idParamSchema, okSchema } from '@junkan/shared/api/common';
import {
  disposalSiteInputSchema,
  disposalSiteLastCodeSchema,
  disposalSiteListQuerySchema,
  disposalSitePageSchema,
  disposalSiteSchema,
} from '@junkan/shared/api/disposal-sites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createDisposalSite,
  deleteDisposalSite,
  getLastDisposalSiteCode,
  listDisposalSites,
  updateDisposalSite,
} from './disposal-site-master.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['disposal-site-master'];
const config = { permission: 'MASTER_DISPOSAL_SITE' as const };

export const disposalSiteMasterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/disposal-site-master',
    {
      config,
      schema: {
        tags,
        querystring: disposalSiteListQuerySchema,
        response: { 200: disposalSitePageSchema, ...errors },
      },
    },
    (request) => listDisposalSites(app.db, request.query),
  );
  app.get(
    '/disposal-site-master/last-code',
    { config, schema: { tags, response: { 200: disposalSiteLastCodeSchema, ...errors } } },
    async () => ({ lastCode: await getLastDisposalSiteCode(app.db) }),
  );
  app.post(
    '/disposal-site-master',
    {
      config,
      schema: { tags, body: disposalSiteInputSchema, response: { 200: disposalSiteSchema, ...errors } },
    },
    (request) => createDisposalSite(app, request.caller(), request.body),
  );
  app.put(
    '/disposal-site-master/:id',
    {
      config,
      schema: {
        tags,
        params: idParamSchema,
        body: disposalSiteInputSchema,
        response: { 200: disposalSiteSchema, ...errors },
      },
    },
    (request) => updateDisposalSite(app, request.caller(), request.params.id, request.body),
  );
  app.delete(
    '/disposal-site-master/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: okSchema, ...errors } } },
    (request) => deleteDisposalSite(app, request.caller(), request.params.id),
  );
};
