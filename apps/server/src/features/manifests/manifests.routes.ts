import {
  errorSchema,
  manifestDetailSchema,
  manifestListQuerySchema,
  manifestListSchema,
  manifestRegistrationOptionsSchema,
  manifestRegistrationSchema,
  reportDeadlineListSchema,
} from '@junkan/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireOperatorRole } from '../../lib/roles';
import { tokyoDate } from '../../lib/time';
import {
  listManifests,
  type ManifestParty,
  manifestDetail,
  manifestRegistrationOptions,
  registerManifest,
} from './manifests.service';
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
  const as = (role: ManifestParty, request: FastifyRequest) => {
    const session = app.requireSession(request);
    requireOperatorRole(session, role);
    return session;
  };
  const today = () => tokyoDate(app.now());

  app.get(
    '/manifests/registration-options',
    {
      config: { permission },
      schema: { tags, response: { 200: manifestRegistrationOptionsSchema, ...errors } },
    },
    (request) => manifestRegistrationOptions(app.db, as('WASTE', request), today()),
  );

  app.post(
    '/manifests',
    {
      config: { permission },
      schema: {
        tags,
        body: manifestRegistrationSchema,
        response: { 201: manifestDetailSchema, ...networkErrors },
      },
    },
    async (request, reply) => {
      as('WASTE', request);
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
        config: { permission },
        schema: {
          tags,
          querystring: manifestListQuerySchema,
          response: { 200: manifestListSchema, ...errors },
        },
      },
      (request) => listManifests(app.db, as(role, request), role, request.query, today()),
    );

    app.get(
      `${prefix}/manifests/:manifestNumber`,
      {
        config: { permission },
        schema: { tags, params: numberParamSchema, response: { 200: manifestDetailSchema, ...errors } },
      },
      (request) => manifestDetail(app, as(role, request), role, request.params.manifestNumber),
    );

    // Deadlines are shown on home and achievements too: a session of the role is enough.
    app.get(
      `${prefix}/report-deadlines`,
      { schema: { tags, response: { 200: reportDeadlineListSchema, ...errors } } },
      (request) => reportDeadlines(app.db, as(role, request), role, today()),
    );
  }
};
