import { errorSchema } from '@junkan/shared/api/common';
import {
  achievementDetailExportQuerySchema,
  achievementDetailQuerySchema,
  achievementDetailSchema,
  achievementExportQuerySchema,
  achievementExportSchema,
  achievementListQuerySchema,
  achievementListSchema,
} from '@junkan/shared/api/transport-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  achievementDetail,
  achievementDetailExport,
  achievementExport,
  achievementList,
} from './achievements.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const tags = ['achievements'];

/** Issue 5: reported volumes by month, waste and discharger, and the reports behind each line. */
export const achievementRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [prefix, role] of [
    ['', 'WASTE'],
    ['/trans', 'TRANSPORT'],
  ] as const) {
    app.get(
      `${prefix}/achievements`,
      {
        config: { permission: 'ACHIEVEMENTS', role, company: 'act' },
        schema: {
          tags,
          querystring: achievementListQuerySchema,
          response: { 200: achievementListSchema, ...errors },
        },
      },
      (request) => achievementList(app.db, request.caller(), request.query),
    );
    app.get(
      `${prefix}/achievements/export`,
      {
        config: { permission: 'ACHIEVEMENTS', role, company: 'act' },
        schema: {
          tags,
          querystring: achievementExportQuerySchema,
          response: { 200: achievementExportSchema, ...errors },
        },
      },
      (request) => achievementExport(app.db, request.caller(), request.query),
    );
    app.get(
      `${prefix}/achievements/detail`,
      {
        config: { permission: 'ACHIEVEMENTS', role, company: 'act' },
        schema: {
          tags,
          querystring: achievementDetailQuerySchema,
          response: { 200: achievementDetailSchema, ...errors },
        },
      },
      (request) => achievementDetail(app.db, request.caller(), request.query),
    );
    app.get(
      `${prefix}/achievements/detail/export`,
      {
        config: { permission: 'ACHIEVEMENTS', role, company: 'act' },
        schema: {
          tags,
          querystring: achievementDetailExportQuerySchema,
          response: { 200: achievementDetailSchema, ...errors },
        },
      },
      (request) => achievementDetailExport(app.db, request.caller(), request.query),
    );
  }
};
