import { errorSchema, idParamSchema } from '@junkan/shared/api/common';
import {
  evidencePackListQuerySchema,
  evidencePackPageSchema,
  evidencePackProjectQuerySchema,
  evidencePackProjectSchema,
  evidencePackRequestSchema,
  evidencePackSchema,
} from '@junkan/shared/api/evidence-packs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/downloads';
import {
  getEvidencePack,
  listEvidencePacks,
  listPackableProjects,
  openEvidencePackFile,
  requestEvidencePack,
} from './evidence-packs.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['evidence-packs'];
const config = { permission: 'EVIDENCE_PACK', company: 'act' } as const;

/**
 * Evidence packs (/evidence-pack): one set of calls for both sides; the session's side (a discharger, a
 * transporter, or an admin acting for one) decides what a pack holds and which packs are listed.
 */
export const evidencePackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/evidence-packs',
    {
      config,
      schema: {
        tags,
        description:
          "The company's packs of the session's side, newest first, with their status and progress.",
        querystring: evidencePackListQuerySchema,
        response: { 200: evidencePackPageSchema, ...errors },
      },
    },
    (request) => listEvidencePacks(app, request.caller(), request.query),
  );

  app.get(
    '/evidence-packs/projects',
    {
      config,
      schema: {
        tags,
        description: 'The projects a pack can be made of (the first 100, newest first, matching `keyword`).',
        querystring: evidencePackProjectQuerySchema,
        response: { 200: z.array(evidencePackProjectSchema), ...errors },
      },
    },
    (request) => listPackableProjects(app, request.caller(), request.query.keyword),
  );

  app.post(
    '/evidence-packs',
    {
      config,
      schema: {
        tags,
        description:
          'Asks for a pack of one project (`scope` PROJECT, `projectId`) or a period (`scope` PERIOD, `from`, `to`: ' +
          'at most five years and a month); it is built in the background and the requester is mailed when ready.',
        body: evidencePackRequestSchema,
        response: { 200: evidencePackSchema, ...errors },
      },
    },
    (request) => requestEvidencePack(app, request.caller(), request.body),
  );

  app.get(
    '/evidence-packs/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: evidencePackSchema, ...errors } } },
    (request) => getEvidencePack(app, request.caller(), request.params.id),
  );

  app.get(
    '/evidence-packs/:id/file',
    { config, schema: { tags, params: idParamSchema, produces: ['application/zip'] } },
    async (request, reply) =>
      sendDownload(reply, await openEvidencePackFile(app, request.caller(), request.params.id)),
  );
};
