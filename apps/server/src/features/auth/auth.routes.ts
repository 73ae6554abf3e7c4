import {
  accountActiveRequestSchema,
  emailTokenQuerySchema,
  emailTokenResponseSchema,
  linkCheckQuerySchema,
  loginRequestSchema,
  passwordChangeRequestSchema,
  passwordChangeResponseSchema,
  passwordResetRequestSchema,
  passwordSendEmailRequestSchema,
  signupRequestSchema,
} from '@junkan/shared/api/auth';
import { errorSchema, okSchema, tokenResponseSchema } from '@junkan/shared/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { auditSourceOf } from '../../plugins/auth';
import * as auth from './auth.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema };
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Sign-up and reset mails share one count per client address, kept in the database for every process.
  const limitMailPerAddress = async (request: { ip: string }) => {
    const { max, windowMs } = app.config.mailRateLimit;
    if ((await app.rateLimiter.hit(`mail:${request.ip}`, windowMs)) > max) {
      throw new AppError('too_many_requests', 'Too many requests');
    }
  };

  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: { tags, body: loginRequestSchema, response: { 200: tokenResponseSchema, ...errors } },
    },
    (request) => auth.login(app, auditSourceOf(request), request.ip, request.body),
  );
  app.post(
    '/auth/signup',
    {
      config: { public: true },
      schema: { tags, body: signupRequestSchema, response: { 200: okSchema, ...errors } },
      preHandler: limitMailPerAddress,
    },
    (request) => auth.signup(app, auditSourceOf(request), request.body),
  );
  app.put(
    '/auth/account/active',
    {
      config: { public: true },
      schema: { tags, body: accountActiveRequestSchema, response: { 200: tokenResponseSchema, ...errors } },
    },
    (request) => auth.activateAccount(app, auditSourceOf(request), request.body.token),
  );
  app.get(
    '/auth/link/check',
    {
      config: { public: true },
      schema: { tags, querystring: linkCheckQuerySchema, response: { 200: okSchema, ...errors } },
    },
    (request) => auth.checkResetLink(app, request.query.token),
  );
  app.get(
    '/users/email-token',
    {
      config: { public: true },
      schema: {
        tags,
        querystring: emailTokenQuerySchema,
        response: { 200: emailTokenResponseSchema, ...errors },
      },
    },
    (request) => auth.checkEmailToken(app, request.query.emailToken),
  );
  app.post(
    '/auth/password/send-email',
    {
      config: { public: true },
      schema: { tags, body: passwordSendEmailRequestSchema, response: { 200: okSchema, ...errors } },
      preHandler: limitMailPerAddress,
    },
    (request) => auth.sendPasswordResetMail(app, request.body.email),
  );
  app.post(
    '/auth/password/reset',
    {
      config: { public: true },
      schema: { tags, body: passwordResetRequestSchema, response: { 200: okSchema, ...errors } },
    },
    (request) => auth.resetPassword(app, auditSourceOf(request), request.body),
  );
  app.post(
    '/auth/password/change',
    {
      config: { permission: 'CHANGE_PASSWORD' },
      schema: {
        tags,
        body: passwordChangeRequestSchema,
        response: { 200: passwordChangeResponseSchema, ...errors },
      },
    },
    (request) => auth.changePassword(app, request.caller(), request.body),
  );
  app.post(
    '/auth/refresh-token',
    { schema: { tags, response: { 200: tokenResponseSchema, ...errors } } },
    (request) => auth.refreshToken(app, request.caller().session),
  );
  app.post(
    '/auth/logout',
    {
      // Reachable with an expired or already ended token: signing out twice, or late, still answers 204.
      config: { public: true },
      schema: { tags, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await auth.logout(app, request.session, request.headers.authorization);
      return reply.status(204).send(null);
    },
  );
};
