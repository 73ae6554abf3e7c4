import {
  disposalMethodListSchema,
  disposalMethodRequestSchema,
  disposalMethodSchema,
  lastCodeResponseSchema,
  packingStyleListSchema,
  packingStyleRequestSchema,
  packingStyleSchema,
  unitMeasureListSchema,
  unitMeasureRequestSchema,
  unitMeasureSchema,
} from '@junkan/shared/api/code-masters';
import { errorSchema, idParamSchema, okSchema } from '@junkan/shared/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createCodeMasterRow,
  DISPOSAL_METHOD_MASTER,
  deleteCodeMasterRow,
  findLastCode,
  listCodeMaster,
  PACKING_STYLE_MASTER,
  UNIT_MEASURE_MASTER,
  updateCodeMasterRow,
} from './code-masters.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Units of measure, packing styles and disposal methods. Each list is open to every signed-in user (other
 * screens choose from it); last-code and the writes need the master's permission. Codes are numbered by
 * the server.
 */
export const codeMasterRoutes: FastifyPluginAsyncZod = async (app) => {
  // Units of measure.
  {
    const tags = ['unit-measure'];
    const permission = 'MASTER_UNIT_OF_MEASURE' as const;
    const master = UNIT_MEASURE_MASTER;
    app.get('/unit-measure', { schema: { tags, response: { 200: unitMeasureListSchema, ...errors } } }, () =>
      listCodeMaster(app.db, master),
    );
    app.get(
      '/unit-measure/last-code',
      { config: { permission }, schema: { tags, response: { 200: lastCodeResponseSchema, ...errors } } },
      async () => ({ lastCode: await findLastCode(app.db, master) }),
    );
    app.post(
      '/unit-measure',
      {
        config: { permission },
        schema: { tags, body: unitMeasureRequestSchema, response: { 200: unitMeasureSchema, ...errors } },
      },
      (request) =>
        createCodeMasterRow(app, request.caller(), master, {
          unit: request.body.unit,
          isCount: request.body.isCount ?? false,
        }),
    );
    app.put(
      '/unit-measure/:id',
      {
        config: { permission },
        schema: {
          tags,
          params: idParamSchema,
          body: unitMeasureRequestSchema,
          response: { 200: unitMeasureSchema, ...errors },
        },
      },
      (request) =>
        updateCodeMasterRow(app, request.caller(), master, request.params.id, {
          unit: request.body.unit,
          ...(request.body.isCount === undefined ? {} : { isCount: request.body.isCount }),
        }),
    );
    app.delete(
      '/unit-measure/:id',
      {
        config: { permission },
        schema: { tags, params: idParamSchema, response: { 200: okSchema, ...errors } },
      },
      (request) => deleteCodeMasterRow(app, request.caller(), master, request.params.id),
    );
  }

  // Packing styles.
  {
    const tags = ['packing-master'];
    const permission = 'MASTER_PACKAGING' as const;
    const master = PACKING_STYLE_MASTER;
    app.get(
      '/packing-master',
      { schema: { tags, response: { 200: packingStyleListSchema, ...errors } } },
      () => listCodeMaster(app.db, master),
    );
    app.get(
      '/packing-master/last-code',
      { config: { permission }, schema: { tags, response: { 200: lastCodeResponseSchema, ...errors } } },
      async () => ({ lastCode: await findLastCode(app.db, master) }),
    );
    app.post(
      '/packing-master',
      {
        config: { permission },
        schema: { tags, body: packingStyleRequestSchema, response: { 200: packingStyleSchema, ...errors } },
      },
      (request) => createCodeMasterRow(app, request.caller(), master, { style: request.body.style }),
    );
    app.put(
      '/packing-master/:id',
      {
        config: { permission },
        schema: {
          tags,
          params: idParamSchema,
          body: packingStyleRequestSchema,
          response: { 200: packingStyleSchema, ...errors },
        },
      },
      (request) =>
        updateCodeMasterRow(app, request.caller(), master, request.params.id, { style: request.body.style }),
    );
    app.delete(
      '/packing-master/:id',
      {
        config: { permission },
        schema: { tags, params: idParamSchema, response: { 200: okSchema, ...errors } },
      },
      (request) => deleteCodeMasterRow(app, request.caller(), master, request.params.id),
    );
  }

  // Disposal methods (kept with the disposal-site master's permission).
  {
    const tags = ['disposal-method'];
    const permission = 'MASTER_DISPOSAL_SITE' as const;
    const master = DISPOSAL_METHOD_MASTER;
    app.get(
      '/disposal-method',
      { schema: { tags, response: { 200: disposalMethodListSchema, ...errors } } },
      () => listCodeMaster(app.db, master),
    );
    app.get(
      '/disposal-method/last-code',
      { config: { permission }, schema: { tags, response: { 200: lastCodeResponseSchema, ...errors } } },
      async () => ({ lastCode: await findLastCode(app.db, master) }),
    );
    app.post(
      '/disposal-method',
      {
        config: { permission },
        schema: {
          tags,
          body: disposalMethodRequestSchema,
          response: { 200: disposalMethodSchema, ...errors },
        },
      },
      (request) => createCodeMasterRow(app, request.caller(), master, { method: request.body.method }),
    );
    app.put(
      '/disposal-method/:id',
      {
        config: { permission },
        schema: {
          tags,
          params: idParamSchema,
          body: disposalMethodRequestSchema,
          response: { 200: disposalMethodSchema, ...errors },
        },
      },
      (request) =>
        updateCodeMasterRow(app, request.caller(), master, request.params.id, {
          method: request.body.method,
        }),
    );
    app.delete(
      '/disposal-method/:id',
      {
        config: { permission },
        schema: { tags, params: idParamSchema, response: { 200: okSchema, ...errors } },
      },
      (request) => deleteCodeMasterRow(app, request.caller(), master, request.params.id),
    );
  }
};
