import { errorSchema, idParamSchema, tokenResponseSchema } from '@junkan/shared/api/common';
import {
  accountInfoResponseSchema,
  accountUpdateRequestSchema,
  accountUpdateResponseSchema,
  checkKeyRegisteredQuerySchema,
  checkKeyRegisteredResponseSchema,
  permissionsResponseSchema,
  registrationRequestSchema,
} from '@junkan/shared/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { auditSourceOf } from '../../plugins/auth';
import { getAccountInfo, isKeyRegistered } from '../account-core/account-records';
import { updateAccountInfo } from './account-update.service';
import { registerAccount } from './users.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['users'];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/info',
    {
      config: { role: 'WASTE', permission: 'ACCOUNT_INFO' },
      schema: { tags, response: { 200: accountInfoResponseSchema, ...errors } },
    },
    (request) => {
      const session = app.requireSession(request);
      return getAccountInfo(app.db, session.userId);
    },
  );
  app.get(
    '/trans/users/info',
    {
      config: { role: 'TRANSPORT', permission: 'ACCOUNT_INFO_TRANS' },
      schema: { tags, response: { 200: accountInfoResponseSchema, ...errors } },
    },
    (request) => {
      const session = app.requireSession(request);
      return getAccountInfo(app.db, session.userId);
    },
  );
  app.put(
    '/users',
    {
      config: { role: 'WASTE', permission: 'ACCOUNT_INFO' },
      schema: {
        tags,
        body: accountUpdateRequestSchema,
        response: { 200: accountUpdateResponseSchema, ...errors },
      },
    },
    (request) => {
      return updateAccountInfo(app, request.caller(), request.body);
    },
  );
  app.put(
    '/trans/users',
    {
      config: { role: 'TRANSPORT', permission: 'ACCOUNT_INFO_TRANS' },
      schema: {
        tags,
        body: accountUpdateRequestSchema,
        response: { 200: accountUpdateResponseSchema, ...errors },
      },
    },
    (request) => {
      return updateAccountInfo(app, request.caller(), request.body);
    },
  );
  app.put(
    '/users/:id',
    {
      config: { public: true },
      schema: {
        tags,
        params: idParamSchema,
        body: registrationRequestSchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    (request) => registerAccount(app, auditSourceOf(request), request.params.id, request.body),
  );
  app.get(
    '/users/:id/check-key-registered',
    {
      schema: {
        tags,
        params: idParamSchema,
        querystring: checkKeyRegisteredQuerySchema,
        response: { 200: checkKeyRegisteredResponseSchema, ...errors },
      },
    },
    async (request) => {
      const session = app.requireSession(request);
      if (session.userId !== request.params.id && session.adminId == null)
        throw new AppError('forbidden', 'Forbidden');
      return { registered: await isKeyRegistered(app.db, request.query.subNumOrEdiKey, request.params.id) };
    },
  );
  app.get(
    '/permissions',
    { schema: { tags, response: { 200: permissionsResponseSchema, ...errors } } },
    (request) => {
      const { permissions, transportApproval } = app.requireSession(request);
      return { permissions, transportApproval };
    },
  );
};
