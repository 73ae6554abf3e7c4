import { errorSchema, idParamSchema } from '@junkan/shared/api/common';
import { contractCoverageGapSchema } from '@junkan/shared/api/permit-coverage';
import {
  permitInputSchema,
  permitListQuerySchema,
  permitPageSchema,
  permitSchema,
  usablePermitQuerySchema,
} from '@junkan/shared/api/permits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/downloads';
import { acceptUpload, takeUploads, type UploadPolicy } from '../../plugins/file-storage';
import {
  createPermit,
  getPermit,
  listContractCoverageGaps,
  listPermits,
  listUsablePermits,
  readPermitFile,
  retirePermit,
  updatePermit,
} from './permits.service';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
};
const tags = ['permits'];
const config = { role: 'TRANSPORT', permission: 'LICENSE_MANAGEMENT', company: 'act' } as const;

/**
 * A transporter's permits (/license-management): list, read, register and update (multipart with the PDF),
 * retire, download the PDF, and the permits usable for a new contract on a date. Transporters only (an acting
 * admin too); another company's permit is 404.
 */
export const permitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/trans/permits',
    {
      config,
      schema: {
        tags,
        description: 'Live permits (retired=true: the retired ones; expiring=true: expiring within 90 days).',
        querystring: permitListQuerySchema,
        response: { 200: permitPageSchema, ...errors },
      },
    },
    (request) => listPermits(app, request.caller().companyId, request.query),
  );

  app.get(
    '/trans/permits/usable',
    {
      config,
      schema: {
        tags,
        description: 'Permits that can back a contract on `on`: issued, not expired, not retired.',
        querystring: usablePermitQuerySchema,
        response: { 200: z.array(permitSchema), ...errors },
      },
    },
    (request) => listUsablePermits(app, request.caller().companyId, request.query),
  );

  app.get(
    '/trans/permits/coverage-gaps',
    {
      config,
      schema: {
        tags,
        description:
          'Contracts in force whose project the live permits do not cover until the contract ends (issue 15).',
        response: { 200: z.array(contractCoverageGapSchema), ...errors },
      },
    },
    (request) => listContractCoverageGaps(app, request.caller().companyId),
  );

  app.get(
    '/trans/permits/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: permitSchema, ...errors } } },
    (request) => getPermit(app, request.caller().companyId, request.params.id),
  );

  app.get(
    '/trans/permits/:id/file',
    { config, schema: { tags, params: idParamSchema, produces: ['application/pdf'] } },
    async (request, reply) =>
      sendDownload(reply, await readPermitFile(app, request.caller().companyId, request.params.id)),
  );

  app.post(
    '/trans/permits/:id/retire',
    { config, schema: { tags, params: idParamSchema, response: { 200: permitSchema, ...errors } } },
    (request) => retirePermit(app, request.caller(), request.params.id),
  );

  await app.register(permitUploadRoutes);
};

/** Registration and update: a `data` field (JSON) and at most one `file`, the PDF copy. */
const upload: UploadPolicy<typeof permitInputSchema> = {
  use: 'PERMIT',
  folder: 'permits',
  data: permitInputSchema,
};

/** The two multipart calls, in their own scope: no other permit call accepts a multipart body. */
const permitUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await takeUploads(app, { files: 1, data: true });

  app.post(
    '/trans/permits',
    {
      config,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Multipart: `data` (JSON {districtCode, licenseNumber, kind, issueDate, expiryDate, transshipment, ' +
          'storageSite, wasteKindIds}) and `file`, the one PDF copy (10 MB).',
        response: { 200: permitSchema, ...errors },
      },
    },
    (request) => {
      const caller = request.caller();
      return acceptUpload(app.files, request, upload, ({ data, file }) =>
        createPermit(app, caller, data, file),
      );
    },
  );

  app.put(
    '/trans/permits/:id',
    {
      config,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'Multipart: `data` as for a registration and, to replace the PDF, a new `file`.',
        params: idParamSchema,
        response: { 200: permitSchema, ...errors },
      },
    },
    (request) => {
      const caller = request.caller();
      return acceptUpload(app.files, request, upload, ({ data, file }) =>
        updatePermit(app, caller, request.params.id, data, file),
      );
    },
  );
};
