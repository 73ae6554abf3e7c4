import { errorSchema } from '@junkan/shared/api/common';
import {
  driverDaySchema,
  driverMarkInputSchema,
  driverMarkResultSchema,
  markClientIdParamSchema,
  markConflictListSchema,
  markConflictSchema,
  markIdParamSchema,
} from '@junkan/shared/api/drivers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptUpload, takeUploads } from '../../plugins/file-storage';
import { driverDay } from './driver-day.service';
import { ownMark, sendMark, storeMarkPhoto } from './driver-marks.service';
import { decideConflict, listConflicts } from './mark-conflicts.service';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
};
const tags = ['driver-marks'];
/** A driver on its phone: its own stops and marks, within its company. */
const driver = { role: 'DRIVER', permission: 'DRIVER_DAY', company: 'read' } as const;
/** The office deciding on its drivers' conflicting marks. */
const office = { role: 'TRANSPORT', permission: 'DRIVER_MANAGEMENT', company: 'read' } as const;

/**
 * The driver's day (issue 30): the driver reads its stops and sends a mark per stop (idempotent by its client id),
 * with a photo after it; the office applies or discards the marks that met a changed stop.
 */
export const driverMarkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/driver/day',
    {
      config: driver,
      schema: {
        tags,
        description: "The driver's stops from today over the next days, in the office's order.",
        response: { 200: driverDaySchema, ...errors },
      },
    },
    (request) => driverDay(app, request.caller()),
  );

  app.post(
    '/driver/marks',
    {
      config: driver,
      schema: {
        tags,
        description:
          'A mark of a stop. A retry of the same clientId answers what was stored (200); a mark the stop no ' +
          'longer takes is kept as a CONFLICT for the office (200, state CONFLICT).',
        body: driverMarkInputSchema,
        response: { 200: driverMarkResultSchema, ...errors },
      },
    },
    (request) => sendMark(app, request.caller(), request.body),
  );

  app.get(
    '/trans/driver-marks/conflicts',
    { config: office, schema: { tags, response: { 200: markConflictListSchema, ...errors } } },
    (request) => listConflicts(app, request.caller()),
  );

  for (const [path, decision] of [
    ['/trans/driver-marks/:id/apply', 'APPLY'],
    ['/trans/driver-marks/:id/discard', 'DISCARD'],
  ] as const)
    app.post(
      path,
      {
        config: office,
        schema: { tags, params: markIdParamSchema, response: { 200: markConflictSchema, ...errors } },
      },
      (request) => decideConflict(app, request.caller(), request.params.id, decision),
    );

  await app.register(markPhotoRoutes);
};

/** The photo of a mark: one image, multipart, in its own scope (no other call of the feature takes one). */
const markPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  await takeUploads(app, { files: 1, data: false });

  app.put(
    '/driver/marks/:clientId/photo',
    {
      config: driver,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          "Multipart: `file`, the stop's photo (JPEG or PNG, 5 MB). A second photo replaces the first; the same " +
          'photo again changes nothing.',
        params: markClientIdParamSchema,
        response: { 200: driverMarkResultSchema, ...errors },
      },
    },
    (request) => {
      const caller = request.caller();
      const { clientId } = request.params;
      return acceptUpload(
        app.files,
        request,
        {
          use: 'DRIVER_PHOTO',
          folder: 'driver-photos',
          required: true,
          // The mark must be the driver's own before a byte of the photo is stored.
          admit: async () => {
            await ownMark(app.db, caller, clientId);
          },
        },
        ({ file }) => storeMarkPhoto(app, caller, clientId, file!, request.log),
      );
    },
  );
};
