import {
  collectableDaysQuerySchema,
  collectableDaysSchema,
  collectionActionResultSchema,
  collectionActionSchema,
  collectionDateChangeSchema,
  collectionDetailSchema,
  collectionIdParamSchema,
  collectionListQuerySchema,
  collectionListSchema,
  collectionPreviewSchema,
  collectionReasonSchema,
  collectionRequestConfirmedSchema,
  collectionRequestCreatedSchema,
  collectionRequestOptionsSchema,
  collectionRequestSchema,
} from '@junkan/shared/api/collections';
import { errorSchema } from '@junkan/shared/api/common';
import { proofPhotoParamSchema } from '@junkan/shared/api/drivers';
import type { CollectionAction } from '@junkan/shared/collection-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sendDownload } from '../../lib/downloads';
import { openStoredFile } from '../../plugins/file-storage';
import {
  checkCollectionRequest,
  collectableDays,
  collectionRequestOptions,
  createCollectionRequest,
} from './collection-requests.service';
import {
  actOnCollection,
  collectionDetail,
  confirmCollectionRequest,
  listCollections,
  proofPhoto,
} from './collections.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['collections'];
const asDischarger = { permission: 'COLLECTION_REQUEST', role: 'WASTE', company: 'read' } as const;
const schedules = (role: 'WASTE' | 'TRANSPORT') =>
  ({ permission: 'COLLECTION_SCHEDULES', role, company: 'read' }) as const;

/** Each action's path, body and the side that takes it. */
const ACTIONS: {
  path: string;
  action: CollectionAction;
  role: 'WASTE' | 'TRANSPORT';
  body: z.ZodType<{ reason?: string | undefined; date?: string } | null | undefined>;
}[] = [
  {
    path: '/collections/:id/cancel',
    action: 'CANCEL',
    role: 'WASTE',
    body: collectionActionSchema.nullish(),
  },
  {
    path: '/collections/:id/accept-proposal',
    action: 'ACCEPT_PROPOSAL',
    role: 'WASTE',
    body: collectionActionSchema.nullish(),
  },
  {
    path: '/collections/:id/ask-again',
    action: 'ASK_AGAIN',
    role: 'WASTE',
    body: collectionDateChangeSchema,
  },
  {
    path: '/trans/collections/:id/confirm',
    action: 'CONFIRM',
    role: 'TRANSPORT',
    body: collectionActionSchema.nullish(),
  },
  {
    path: '/trans/collections/:id/propose',
    action: 'PROPOSE_DATE',
    role: 'TRANSPORT',
    body: collectionDateChangeSchema,
  },
  {
    path: '/trans/collections/:id/return',
    action: 'RETURN',
    role: 'TRANSPORT',
    body: collectionReasonSchema,
  },
  {
    path: '/trans/collections/:id/collected',
    action: 'MARK_COLLECTED',
    role: 'TRANSPORT',
    body: collectionActionSchema.nullish(),
  },
  {
    path: '/trans/collections/:id/not-collected',
    action: 'MARK_NOT_COLLECTED',
    role: 'TRANSPORT',
    body: collectionReasonSchema,
  },
];

/**
 * Collection requests and schedules: the discharger requests collections under a contract in force and
 * answers the transporter's proposals; the transporter confirms, proposes, returns and records each day.
 */
export const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/collection-requests/options',
    {
      config: asDischarger,
      schema: { tags, response: { 200: collectionRequestOptionsSchema, ...errors } },
    },
    (request) => collectionRequestOptions(app.db, request.caller()),
  );

  app.get(
    '/collection-requests/collectable-days',
    {
      config: asDischarger,
      schema: {
        tags,
        description: "The days the project's transporter collects on, from `from` to `to` (93 days at most).",
        querystring: collectableDaysQuerySchema,
        response: { 200: collectableDaysSchema, ...errors },
      },
    },
    (request) => collectableDays(app.db, request.caller(), request.query),
  );

  app.post(
    '/collection-requests/check',
    {
      config: asDischarger,
      schema: {
        tags,
        description: 'Checks a request and answers the collections it would make; nothing is saved.',
        body: collectionRequestSchema,
        response: { 200: collectionPreviewSchema, ...errors },
      },
    },
    (request) => checkCollectionRequest(app, request.caller(), request.body),
  );

  app.post(
    '/collection-requests',
    {
      config: asDischarger,
      schema: {
        tags,
        body: collectionRequestSchema,
        response: { 201: collectionRequestCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createCollectionRequest(app, request.caller(), request.body);
      return reply.status(201).send(created);
    },
  );

  for (const [prefix, role] of [
    ['', 'WASTE'],
    ['/trans', 'TRANSPORT'],
  ] as const) {
    app.get(
      `${prefix}/collections`,
      {
        config: schedules(role),
        schema: {
          tags,
          description: 'Collections dated from `from` to `to` (93 days at most), oldest first.',
          querystring: collectionListQuerySchema,
          response: { 200: collectionListSchema, ...errors },
        },
      },
      (request) => listCollections(app.db, request.caller(), role, request.query),
    );
    app.get(
      `${prefix}/collections/:id`,
      {
        config: schedules(role),
        schema: {
          tags,
          params: collectionIdParamSchema,
          response: { 200: collectionDetailSchema, ...errors },
        },
      },
      (request) => collectionDetail(app, request.caller(), role, request.params.id),
    );
    app.get(
      `${prefix}/collections/:id/proofs/:proofId/photo`,
      {
        config: schedules(role),
        schema: {
          tags,
          description: "A driver's photo of the collection (a proof's `hasPhoto`).",
          params: proofPhotoParamSchema,
          produces: ['image/jpeg', 'image/png'],
        },
      },
      async (request, reply) => {
        const { id, proofId } = request.params;
        const photo = await proofPhoto(app.db, request.caller(), role, id, proofId);
        return sendDownload(reply, await openStoredFile(app.files, photo));
      },
    );
  }

  for (const { path, action, role, body } of ACTIONS)
    app.post(
      path,
      {
        config: schedules(role),
        schema: {
          tags,
          params: collectionIdParamSchema,
          body,
          response: { 200: collectionActionResultSchema, ...errors },
        },
      },
      (request) =>
        actOnCollection(app, request.caller(), role, request.params.id, action, {
          reason: request.body?.reason,
          ...(request.body?.date ? { date: request.body.date } : {}),
        }),
    );

  app.post(
    '/trans/collection-requests/:id/confirm',
    {
      config: schedules('TRANSPORT'),
      schema: {
        tags,
        description: 'Confirms every desired date of the request at once.',
        params: collectionIdParamSchema,
        response: { 200: collectionRequestConfirmedSchema, ...errors },
      },
    },
    (request) => confirmCollectionRequest(app, request.caller(), request.params.id),
  );
};
