import { errorSchema, idParamSchema, okSchema } from '@junkan/shared/api/common';
import {
  wasteCodeCheckQuerySchema,
  wasteCodeCheckResponseSchema,
  wasteCodeParamSchema,
  wasteItemSchema,
  wasteListQuerySchema,
  wasteListSchema,
  wasteManagePageSchema,
  wasteManageQuerySchema,
  wasteParentParamSchema,
  wasteRequestSchema,
} from '@junkan/shared/api/waste';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createWaste,
  deleteWaste,
  isWasteCodeUsed,
  listWasteChildren,
  listWastes,
  listWastesForManagement,
  updateWaste,
} from './waste-master.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['waste-master'];
const permission = 'MASTER_WASTE' as const;

/**
 * Waste classifications (major, middle, minor). The flat list and the children of a node are open to
 * every signed-in user (the quote and report screens choose wastes from them); the rest is the master's.
 */
export const wasteMasterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/waste',
    {
      schema: { tags, querystring: wasteListQuerySchema, response: { 200: wasteListSchema, ...errors } },
    },
    (request) => listWastes(app.db, request.query.category),
  );
  app.get(
    '/waste/manage',
    {
      config: { permission },
      schema: {
        tags,
        querystring: wasteManageQuerySchema,
        response: { 200: wasteManagePageSchema, ...errors },
      },
    },
    (request) => listWastesForManagement(app.db, request.query),
  );
  app.get(
    '/waste/parent/:id',
    {
      schema: {
        tags,
        params: wasteParentParamSchema,
        querystring: wasteListQuerySchema,
        response: { 200: wasteListSchema, ...errors },
      },
    },
    (request) => listWasteChildren(app.db, request.params.id, request.query.category),
  );
  app.get(
    '/waste/check-waste-code/:code',
    {
      config: { permission },
      schema: {
        tags,
        params: wasteCodeParamSchema,
        querystring: wasteCodeCheckQuerySchema,
        response: { 200: wasteCodeCheckResponseSchema, ...errors },
      },
    },
    async (request) => ({
      exists: await isWasteCodeUsed(app.db, request.params.code, request.query.excludeId),
    }),
  );
  app.post(
    '/waste',
    {
      config: { permission },
      schema: { tags, body: wasteRequestSchema, response: { 200: wasteItemSchema, ...errors } },
    },
    (request) => createWaste(app, request.caller(), request.body),
  );
  app.put(
    '/waste/:id',
    {
      config: { permission },
      schema: {
        tags,
        params: idParamSchema,
        body: wasteRequestSchema,
        response: { 200: wasteItemSchema, ...errors },
      },
    },
    (request) => updateWaste(app, request.caller(), request.params.id, request.body),
  );
  app.delete(
    '/waste/:id',
    {
      config: { permission },
      schema: { tags, params: idParamSchema, response: { 200: okSchema, ...errors } },
    },
    (request) => deleteWaste(app, request.caller(), request.params.id),
  );
};
