import { errorSchema, idParamSchema, okSchema } from '@junkan/shared/api/common';
import {
  disposalPermitKindsSchema,
  disposalUnitPriceListQuerySchema,
  disposalUnitPricePageSchema,
  disposalUnitPriceRequestSchema,
  disposalUnitPriceSchema,
} from '@junkan/shared/api/disposal-unit-prices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tokyoDate } from '../../lib/time';
import {
  createDisposalUnitPrice,
  deleteDisposalUnitPrice,
  disposalPermitKinds,
  listDisposalUnitPrices,
  updateDisposalUnitPrice,
} from './disposal-unit-prices.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['disposal-unit-prices'];
/** Transporters, and an admin acting for one (spec: "with also the transport role ... disposal unit price"). */
const config = { role: 'TRANSPORT', permission: 'DISPOSAL_UNIT_PRICE', company: 'act' } as const;

export const disposalUnitPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/trans/disposal-unit-prices',
    {
      config,
      schema: {
        tags,
        querystring: disposalUnitPriceListQuerySchema,
        response: { 200: disposalUnitPricePageSchema, ...errors },
      },
    },
    (request) =>
      listDisposalUnitPrices(app.db, request.caller().companyId, request.query, tokyoDate(app.now())),
  );
  app.get(
    '/trans/disposal-unit-prices/permits',
    { config, schema: { tags, response: { 200: disposalPermitKindsSchema, ...errors } } },
    (request) => disposalPermitKinds(app.db, request.caller().companyId, tokyoDate(app.now())),
  );
  app.post(
    '/trans/disposal-unit-prices',
    {
      config,
      schema: {
        tags,
        body: disposalUnitPriceRequestSchema,
        response: { 200: disposalUnitPriceSchema, ...errors },
      },
    },
    (request) => createDisposalUnitPrice(app, request.caller(), request.body),
  );
  app.put(
    '/trans/disposal-unit-prices/:id',
    {
      config,
      schema: {
        tags,
        params: idParamSchema,
        body: disposalUnitPriceRequestSchema,
        response: { 200: disposalUnitPriceSchema, ...errors },
      },
    },
    (request) => updateDisposalUnitPrice(app, request.caller(), request.params.id, request.body),
  );
  app.delete(
    '/trans/disposal-unit-prices/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await deleteDisposalUnitPrice(app, request.caller(), request.params.id);
      return { result: true };
    },
  );
};
