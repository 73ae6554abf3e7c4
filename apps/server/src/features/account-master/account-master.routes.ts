import {
  adminUserCreatedSchema,
  adminUserCreateSchema,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminUserUpdateSchema,
} from '@junkan/shared/api/account-master';
import { errorSchema, idParamSchema, okSchema } from '@junkan/shared/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createAdminUser,
  deleteAdminUser,
  getAdminUser,
  listAdminUsers,
  updateAdminUser,
} from './account-master.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['account-master'];
const config = { permission: 'MASTER_ACCOUNT' as const };

export const accountMasterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/users',
    {
      config,
      schema: {
        tags,
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserPageSchema, ...errors },
      },
    },
    (request) => listAdminUsers(app.db, request.query),
  );
  app.post(
    '/admin/users',
    {
      config,
      schema: { tags, body: adminUserCreateSchema, response: { 200: adminUserCreatedSchema, ...errors } },
    },
    (request) => createAdminUser(app, request.caller(), request.body),
  );
  app.get(
    '/admin/users/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: adminUserDetailSchema, ...errors } } },
    (request) => getAdminUser(app.db, request.params.id),
  );
  app.put(
    '/admin/users/:id',
    {
      config,
      schema: {
        tags,
        params: idParamSchema,
        body: adminUserUpdateSchema,
        response: { 200: adminUserDetailSchema, ...errors },
      },
    },
    (request) => updateAdminUser(app, request.caller(), request.params.id, request.body),
  );
  app.delete(
    '/admin/users/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: okSchema, ...errors } } },
    (request) => deleteAdminUser(app, request.caller(), request.params.id),
  );
};
