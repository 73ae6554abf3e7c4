import { attachmentSchema, errorSchema, idParamSchema, okSchema } from '@junkan/shared/api/common';
import { idParam } from '@junkan/shared/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/downloads';
import { acceptUpload, takeUploads } from '../../plugins/file-storage';
import {
  checkProjectUpload,
  deleteProjectAttachment,
  listAttachmentsOfProject,
  readProjectAttachment,
  uploadProjectAttachment,
} from './attachments.service';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
};
const tags = ['attachments'];
const attachmentParamsSchema = idParamSchema.extend({
  attachmentId: idParam(),
});

/**
 * Files of a quote request (section 5): one file per multipart request, at most 10 MB, checked by name,
 * count and content. The multipart parser is registered here only, so no other call accepts uploads.
 */
export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  await takeUploads(app, { files: 1, data: false });

  app.get(
    '/projects/:id/attachments',
    {
      config: { permission: 'PROJECT_MANAGEMENT', company: 'read' },
      schema: { tags, params: idParamSchema, response: { 200: z.array(attachmentSchema), ...errors } },
    },
    (request) => listAttachmentsOfProject(app, request.caller(), request.params.id),
  );

  app.post(
    '/projects/:id/attachments',
    {
      config: { permission: 'QUOTE_REQUEST', company: 'read' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'Multipart upload of one file (any field name). Max 10 MB, 4 files a project.',
        params: idParamSchema,
        response: { 200: attachmentSchema, ...errors },
      },
    },
    (request) => {
      const caller = request.caller();
      const projectId = request.params.id;
      return acceptUpload(
        app.files,
        request,
        {
          use: 'QUOTE_REQUEST',
          folder: 'attachments',
          slotOf: () => 0,
          maxFiles: 1,
          required: true,
          // Refused early (a full list, a wrong kind, a name already used) without reading the bytes.
          admit: ({ fileName }) => checkProjectUpload(app, caller, projectId, fileName),
        },
        ({ file }) => uploadProjectAttachment(app, caller, projectId, file!),
      );
    },
  );

  app.get(
    '/projects/:id/attachments/:attachmentId',
    {
      config: { permission: 'PROJECT_MANAGEMENT', company: 'read' },
      // The answer is the file's bytes, so no JSON response schema.
      schema: { tags, params: attachmentParamsSchema, produces: ['application/octet-stream'] },
    },
    async (request, reply) => {
      const file = await readProjectAttachment(
        app,
        request.caller(),
        request.params.id,
        request.params.attachmentId,
      );
      return sendDownload(reply, file);
    },
  );

  app.delete(
    '/projects/:id/attachments/:attachmentId',
    {
      config: { permission: 'QUOTE_REQUEST', company: 'read' },
      schema: { tags, params: attachmentParamsSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      await deleteProjectAttachment(app, request.caller(), request.params.id, request.params.attachmentId);
      return { result: true };
    },
  );
};
