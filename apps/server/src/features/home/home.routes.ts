import { errorSchema, noticeListSchema, updateInfoListSchema } from '@junkan/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listNotices, listUpdateInfos } from './home.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const tags = ['home'];

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notices',
    { config: { permission: 'NOTICE' }, schema: { tags, response: { 200: noticeListSchema, ...errors } } },
    () => listNotices(app),
  );
  app.get(
    '/update-infos',
    { config: { permission: 'HOME' }, schema: { tags, response: { 200: updateInfoListSchema, ...errors } } },
    () => listUpdateInfos(app),
  );
};
