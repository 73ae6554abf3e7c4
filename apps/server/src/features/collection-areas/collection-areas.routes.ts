import {
  areaNameExistsParamsSchema,
  areaNameExistsQuerySchema,
  areaNameExistsResponseSchema,
  collectionAreaListQuerySchema,
  collectionAreaListSchema,
  collectionAreaLookupQuerySchema,
  collectionAreaLookupResponseSchema,
  collectionAreaRequestSchema,
  collectionAreaSchema,
  posCodeExistsQuerySchema,
  posCodeExistsResponseSchema,
} from '@junkan/shared/api/collection-areas';
import { errorSchema, idParamSchema, okSchema } from '@junkan/shared/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tokyoDate } from '../../lib/time';
import { type Caller, operatorRole } from '../../plugins/auth';
import {
  areaNameExists,
  listCollectionAreas,
  lookupCollectionAreas,
  posCodeExists,
} from './collection-area-reads';
import { createCollectionArea, deleteCollectionArea, updateCollectionArea } from './collection-areas.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['collection-areas'];
const config = { role: 'TRANSPORT', permission: 'AREA_PRICE_SETTING', company: 'act' } as const;

export const collectionAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/collection-area',
    {
      config,
      schema: {
        tags,
        querystring: collectionAreaListQuerySchema,
        response: { 200: collectionAreaListSchema, ...errors },
      },
    },
    (request) => listCollectionAreas(app.db, request.caller().companyId, request.query.type),
  );
  app.post(
    '/collection-area',
    {
      config,
      schema: { tags, body: collectionAreaRequestSchema, response: { 200: collectionAreaSchema, ...errors } },
    },
    (request) => createCollectionArea(app, request.caller(), request.body),
  );
  app.put(
    '/collection-area/:id',
    {
      config,
      schema: {
        tags,
        params: idParamSchema,
        body: collectionAreaRequestSchema,
        response: { 200: collectionAreaSchema, ...errors },
      },
    },
    (request) => updateCollectionArea(app, request.caller(), request.params.id, request.body),
  );
  app.delete(
    '/collection-area/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await deleteCollectionArea(app, request.caller(), request.params.id);
      return { result: true };
    },
  );
  app.get(
    '/collection-area/exists-by-name/:id',
    {
      config,
      schema: {
        tags,
        params: areaNameExistsParamsSchema,
        querystring: areaNameExistsQuerySchema,
        response: { 200: areaNameExistsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const companyId = request.caller().companyId;
      const { areaName, type } = request.query;
      return { exists: await areaNameExists(app.db, companyId, type, areaName, request.params.id) };
    },
  );
  app.get(
    '/collection-area/exists-by-pos-code',
    {
      config,
      schema: {
        tags,
        querystring: posCodeExistsQuerySchema,
        response: { 200: posCodeExistsResponseSchema, ...errors },
      },
    },
    (request) => {
      const companyId = request.caller().companyId;
      const { posCode, type, excludeAreaId } = request.query;
      return posCodeExists(app.db, companyId, type, posCode, excludeAreaId);
    },
  );
  // Any signed-in user may ask whether an address is served; what else it sees depends on who asks.
  app.get(
    '/collection-area/lookup',
    {
      config: { company: 'read' },
      schema: {
        tags,
        querystring: collectionAreaLookupQuerySchema,
        response: { 200: collectionAreaLookupResponseSchema, ...errors },
      },
    },
    (request) => {
      const { posCode, type, date } = request.query;
      const scope = lookupScope(request.caller());
      return lookupCollectionAreas(app.db, posCode, type, scope, date ?? tokyoDate(app.now()));
    },
  );
};

/**
 * Unit prices are a transport company's own business: a transporter (or an admin acting for one) sees its own
 * areas, an administrator every company's, a discharger (or an admin acting for one) only whether it is served.
 */
function lookupScope(caller: Caller): number | 'all' | 'none' {
  const role = operatorRole(caller.session);
  if (role === 'ADMIN') return 'all';
  if (role === 'TRANSPORT') return caller.companyId;
  return 'none';
}
