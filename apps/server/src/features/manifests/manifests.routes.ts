import { errorSchema } from '@junkan/shared/api/common';
import {
  manifestDetailSchema,
  manifestListQuerySchema,
  manifestListSchema,
  manifestRegistrationOptionsSchema,
  manifestRegistrationSchema,
  reportDeadlineListSchema,
} from '@junkan/shared/api/manifests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokyoDate } from '../../lib/time';
import { registerManifest } from './manifest-registration';
import { manifestRegistrationOptions } from './manifest-registration-options';
import { listManifests, manifestDetail } from './manifests.service';
import { reportDeadlines } from './report-deadlines.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
/** Answers of calls that reach the manifest network. */
const networkErrors = { ...errors, 409: errorSchema, 422: errorSchema, 503: errorSchema };
const tags = ['manifests'];
const permission = 'MANIFEST_MANAGEMENT' as const;
const numberParamSchema = z.object({ manifestNumber: z.string().trim().min(1).max(32) });

/**
 * Issue 5: electronic manifests registered by the discharger on the manifest network, listed and shown to both
 * parties as the network reports them, and the transport-end reports due on them.
 */
export const manifestRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => tokyoDate(app.now());

  app.get(
    '/manifests/registration-options',
    {
      config: { role: 'WASTE', permission, company: 'act' },
      schema: { tags, response: { 200: manifestRegistrationOptionsSchema, ...errors } },
    },
    (request) => manifestRegistrationOptions(app.db, request.caller(), today()),
  );

  app.post(
    '/manifests',
    {
      config: { role: 'WASTE', permission, company: 'act' },
      schema: {
        tags,
        body: manifestRegistrationSchema,
        response: { 201: manifestDetailSchema, ...networkErrors },
      },
    },
    async (request, reply) => {
      const detail = await registerManifest(app, request.caller(), request.log, request.body);
      return reply.status(201).send(detail);
    },
  );

  for (const [prefix, role] of [
    ['', 'WASTE'],
    ['/trans', 'TRANSPORT'],
  ] as const) {
    app.get(
      `${prefix}/manifests`,
      {
        config: { role, permission, company: 'act' },
        schema: {
          tags,
          querystring: manifestListQuerySchema,
          response: { 200: manifestListSchema, ...errors },
        },
      },
      (request) => listManifests(app.db, request.caller().companyId, role, request.query, today()),
    );

    app.get(
      `${prefix}/manifests/:manifestNumber`,
      {
        config: { role, permission, company: 'act' },
        schema: { tags, params: numberParamSchema, response: { 200: manifestDetailSchema, ...errors } },
      },
      (request) => manifestDetail(app, request.caller().companyId, role, request.params.manifestNumber),
    );

    // Deadlines are shown on home and achievements too: a session of the role is enough.
    app.get(
      `${prefix}/report-deadlines`,
      {
        config: { role, company: 'act' },
        schema: { tags, response: { 200: reportDeadlineListSchema, ...errors } },
      },
      (request) => reportDeadlines(app.db, request.caller().companyId, role, today()),
    );
  }
};
