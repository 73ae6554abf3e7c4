import { errorSchema, idParamSchema, okSchema } from '@junkan/shared/api/common';
import {
  adminNoticeListQuerySchema,
  adminNoticePageSchema,
  adminNoticeSchema,
  adminUpdateInfoListQuerySchema,
  adminUpdateInfoPageSchema,
  noticeInputSchema,
  noticeListQuerySchema,
  noticePageSchema,
  updateInfoInputSchema,
  updateInfoListSchema,
  updateInfoSchema,
} from '@junkan/shared/api/notices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createNotice,
  deleteNotice,
  deleteUpdateInfo,
  listAdminNotices,
  listAdminUpdateInfos,
  listNotices,
  listUpdateInfos,
  markAllNoticesRead,
  markNoticeRead,
  saveUpdateInfo,
  setNoticeWithdrawn,
  updateNotice,
} from './notices.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['notices'];
const admin = { permission: 'NOTICE_ADMIN' as const };
const ok = { result: true };

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Readers: dischargers and transporters (each the notices for its side), administrators (all).
  app.get(
    '/notices',
    {
      config: { permission: 'NOTICE' },
      schema: { tags, querystring: noticeListQuerySchema, response: { 200: noticePageSchema, ...errors } },
    },
    (request) => listNotices(app, app.requireSession(request), request.query),
  );
  app.put(
    '/notices/:id/read',
    {
      config: { permission: 'NOTICE' },
      schema: { tags, params: idParamSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      await markNoticeRead(app, app.requireSession(request), request.params.id);
      return ok;
    },
  );
  app.post(
    '/notices/read-all',
    { config: { permission: 'NOTICE' }, schema: { tags, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await markAllNoticesRead(app, app.requireSession(request));
      return ok;
    },
  );
  app.get(
    '/update-infos',
    { config: { permission: 'HOME' }, schema: { tags, response: { 200: updateInfoListSchema, ...errors } } },
    () => listUpdateInfos(app),
  );

  // Administrators write them.
  app.get(
    '/admin/notices',
    {
      config: admin,
      schema: {
        tags,
        querystring: adminNoticeListQuerySchema,
        response: { 200: adminNoticePageSchema, ...errors },
      },
    },
    (request) => listAdminNotices(app, request.query),
  );
  app.post(
    '/admin/notices',
    {
      config: admin,
      schema: { tags, body: noticeInputSchema, response: { 201: adminNoticeSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createNotice(app, request.caller(), request.body)),
  );
  app.put(
    '/admin/notices/:id',
    {
      config: admin,
      schema: {
        tags,
        params: idParamSchema,
        body: noticeInputSchema,
        response: { 200: adminNoticeSchema, ...errors },
      },
    },
    (request) => updateNotice(app, request.caller(), request.params.id, request.body),
  );
  for (const [action, withdrawn] of [
    ['withdraw', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/admin/notices/:id/${action}`,
      {
        config: admin,
        schema: { tags, params: idParamSchema, response: { 200: adminNoticeSchema, ...errors } },
      },
      (request) => setNoticeWithdrawn(app, request.caller(), request.params.id, withdrawn),
    );
  }
  app.delete(
    '/admin/notices/:id',
    { config: admin, schema: { tags, params: idParamSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await deleteNotice(app, request.caller(), request.params.id);
      return ok;
    },
  );

  app.get(
    '/admin/update-infos',
    {
      config: admin,
      schema: {
        tags,
        querystring: adminUpdateInfoListQuerySchema,
        response: { 200: adminUpdateInfoPageSchema, ...errors },
      },
    },
    (request) => listAdminUpdateInfos(app, request.query),
  );
  app.post(
    '/admin/update-infos',
    {
      config: admin,
      schema: { tags, body: updateInfoInputSchema, response: { 201: updateInfoSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await saveUpdateInfo(app, request.caller(), null, request.body)),
  );
  app.put(
    '/admin/update-infos/:id',
    {
      config: admin,
      schema: {
        tags,
        params: idParamSchema,
        body: updateInfoInputSchema,
        response: { 200: updateInfoSchema, ...errors },
      },
    },
    (request) => saveUpdateInfo(app, request.caller(), request.params.id, request.body),
  );
  app.delete(
    '/admin/update-infos/:id',
    { config: admin, schema: { tags, params: idParamSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await deleteUpdateInfo(app, request.caller(), request.params.id);
      return ok;
    },
  );
};
