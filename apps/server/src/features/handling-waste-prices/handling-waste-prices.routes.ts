import { errorSchema, idParamSchema, okSchema } from '@junkan/shared/api/common';
import {
  handlingWastePriceListQuerySchema,
  handlingWastePricePageSchema,
  handlingWastePriceRequestSchema,
  handlingWastePriceSchema,
} from '@junkan/shared/api/handling-waste-prices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tokyoDate } from '../../lib/time';
import {
  createHandlingWastePrice,
  deleteHandlingWastePrice,
  listHandlingWastePrices,
  updateHandlingWastePrice,
} from './handling-waste-prices.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['handling-waste-prices'];
/** Held by the platform transporter (user 20000) through a grant in data (ruling 11). */
const config = { permission: 'HANDLING_WASTE_UNIT_PRICE' } as const;

export const handlingWastePriceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/handling-waste-unit-price',
    {
      config,
      schema: {
        tags,
        querystring: handlingWastePriceListQuerySchema,
        response: { 200: handlingWastePricePageSchema, ...errors },
      },
    },
    (request) => listHandlingWastePrices(app.db, request.query, tokyoDate(app.now())),
  );
  app.post(
    '/handling-waste-unit-price',
    {
      config,
      schema: {
        tags,
        body: handlingWastePriceRequestSchema,
        response: { 200: handlingWastePriceSchema, ...errors },
      },
    },
    (request) => createHandlingWastePrice(app, request.caller(), request.body),
  );
  app.put(
    '/handling-waste-unit-price/:id',
    {
      config,
      schema: {
        tags,
        params: idParamSchema,
        body: handlingWastePriceRequestSchema,
        response: { 200: handlingWastePriceSchema, ...errors },
      },
    },
    (request) => updateHandlingWastePrice(app, request.caller(), request.params.id, request.body),
  );
  app.delete(
    '/handling-waste-unit-price/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await deleteHandlingWastePrice(app, request.caller(), request.params.id);
      return { result: true };
    },
  );
};
