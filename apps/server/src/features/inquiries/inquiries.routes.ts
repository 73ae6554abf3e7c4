import { errorSchema, idParamSchema, okSchema } from '@junkan/shared/api/common';
import {
  adminInquiryListQuerySchema,
  inquiryCreateSchema,
  inquiryDetailSchema,
  inquiryImportanceInputSchema,
  inquiryListQuerySchema,
  inquiryPageSchema,
  inquiryReplySchema,
} from '@junkan/shared/api/inquiries';
import { checkInquiryUpload, inquiryUploadBudget } from '@junkan/shared/inquiry-rules';
import type { Permission } from '@junkan/shared/permissions';
import { idParam } from '@junkan/shared/validation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/downloads';
import { acceptUpload, takeUploads, type UploadPolicy } from '../../plugins/file-storage';
import {
  companyScope,
  getInquiry,
  type InquiryScope,
  listInquiries,
  readInquiryFile,
  SUPPORT_SCOPE,
} from './inquiries.service';
import {
  closeInquiry,
  createInquiry,
  deleteInquiry,
  filesBeforeReply,
  replyToInquiry,
  setInquiryImportance,
  uploadRefusal,
} from './inquiry-writes';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
};
const tags = ['inquiries'];
const fileParamsSchema = z.object({ id: idParam(), fileId: idParam() });

/** One side's calls: where they live, the key they need, and whose inquiries they reach. */
interface Side {
  prefix: '/inquiries' | '/trans/inquiries' | '/admin/inquiries';
  config: { permission: Permission; role?: 'WASTE' | 'TRANSPORT'; company?: 'act' };
  scope: (request: FastifyRequest) => InquiryScope;
  who: string;
}

const SIDES: Side[] = [
  {
    prefix: '/inquiries',
    config: { permission: 'INQUIRY', role: 'WASTE', company: 'act' },
    scope: (request) => companyScope(request.caller()),
    who: "the discharger's company",
  },
  {
    prefix: '/trans/inquiries',
    config: { permission: 'INQUIRY_TRANS', role: 'TRANSPORT', company: 'act' },
    scope: (request) => companyScope(request.caller()),
    who: "the transporter's company",
  },
  {
    prefix: '/admin/inquiries',
    config: { permission: 'INQUIRY_ADMIN' },
    scope: () => SUPPORT_SCOPE,
    who: 'support (every company)',
  },
];

const replyDescription =
  'Multipart: `data` (JSON {content}: non-blank, at most 512 characters) and at most one `file` (jpg png pdf ' +
  'xlsx doc mp4 mov, a name the inquiry does not hold yet; all its files within 100 MB: max_100MB_upload, 413).';

/**
 * Inquiries (/inquiry, /inquiry-admin): the discharger's calls under /inquiries, the transporter's under
 * /trans/inquiries, support's under /admin/inquiries. List, detail, file download, reply, close and delete for
 * every side; opening for the companies; the importance for support. Another company's inquiry is 404.
 */
export const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const side of SIDES) {
    const { prefix, config } = side;
    app.get(
      prefix,
      {
        config,
        schema: {
          tags,
          description: `A page of the live inquiries of ${side.who}, newest activity first.`,
          querystring: prefix === '/admin/inquiries' ? adminInquiryListQuerySchema : inquiryListQuerySchema,
          response: { 200: inquiryPageSchema, ...errors },
        },
      },
      (request) => listInquiries(app, side.scope(request), request.query),
    );
    app.get(
      `${prefix}/:id`,
      { config, schema: { tags, params: idParamSchema, response: { 200: inquiryDetailSchema, ...errors } } },
      (request) => getInquiry(app, side.scope(request), request.params.id),
    );
    app.get(
      `${prefix}/:id/files/:fileId`,
      { config, schema: { tags, params: fileParamsSchema } },
      async (request, reply) =>
        sendDownload(
          reply,
          await readInquiryFile(app, side.scope(request), request.params.id, request.params.fileId),
        ),
    );
    app.post(
      `${prefix}/:id/close`,
      { config, schema: { tags, params: idParamSchema, response: { 200: inquiryDetailSchema, ...errors } } },
      (request) => closeInquiry(app, request.caller(), side.scope(request), request.params.id),
    );
    app.delete(
      `${prefix}/:id`,
      {
        config,
        schema: {
          tags,
          description:
            'Deletes (a discharger: cancels) the inquiry: it leaves every list; its history is kept.',
          params: idParamSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      (request) => deleteInquiry(app, request.caller(), side.scope(request), request.params.id),
    );
  }
  app.put(
    '/admin/inquiries/:id/importance',
    {
      config: { permission: 'INQUIRY_ADMIN' },
      schema: {
        tags,
        params: idParamSchema,
        body: inquiryImportanceInputSchema,
        response: { 200: inquiryDetailSchema, ...errors },
      },
    },
    (request) => setInquiryImportance(app, request.caller(), request.params.id, request.body.importance),
  );
  await app.register(inquiryUploadRoutes);
};

/**
 * Opening an inquiry or replying: a `data` field (JSON, checked as soon as it arrives) and at most one `file`. The
 * inquiry's rules are checked before a byte of the file is read: who may write (`existingFiles` throws when the
 * caller may not add to the inquiry), the kind, a name it does not hold, and the room left of its 100 MB, which is
 * the most the storage then accepts (`max_100MB_upload`, however the excess was noticed).
 */
function inquiryUpload<S extends z.ZodTypeAny>(
  data: S,
  existingFiles: () => Promise<{ fileName: string; size: number }[]>,
): UploadPolicy<S> {
  const tooLarge = () => uploadRefusal('max_100MB_upload');
  return {
    use: 'INQUIRY',
    folder: 'inquiries',
    data,
    admit: async ({ fileName }) => {
      const existing = await existingFiles();
      const refused = checkInquiryUpload([{ fileName }], existing);
      if (refused) throw uploadRefusal(refused);
      const budget = inquiryUploadBudget(existing);
      if (budget === 0) throw tooLarge();
      return budget;
    },
    tooLarge,
  };
}

/** The multipart calls, in their own scope: no other inquiry call accepts a multipart body. */
const inquiryUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await takeUploads(app, { files: 1, data: true });

  for (const side of SIDES) {
    const { prefix, config } = side;
    if (prefix !== '/admin/inquiries')
      app.post(
        prefix,
        {
          config,
          schema: {
            tags,
            consumes: ['multipart/form-data'],
            description:
              'Opens an inquiry. Multipart: `data` (JSON {subject, content, importance}) and at most one `file` ' +
              '(jpg png pdf xlsx doc mp4 mov, up to 100 MB).',
            response: { 200: inquiryDetailSchema, ...errors },
          },
        },
        (request) => {
          const caller = request.caller();
          return acceptUpload(
            app.files,
            request,
            inquiryUpload(inquiryCreateSchema, async () => []),
            ({ data, file }) => createInquiry(app, caller, data, file),
          );
        },
      );
    app.post(
      `${prefix}/:id/replies`,
      {
        config,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description: replyDescription,
          params: idParamSchema,
          response: { 200: inquiryDetailSchema, ...errors },
        },
      },
      (request) => {
        const caller = request.caller();
        const scope = side.scope(request);
        const { id } = request.params;
        return acceptUpload(
          app.files,
          request,
          inquiryUpload(inquiryReplySchema, () => filesBeforeReply(app, scope, id)),
          ({ data, file }) => replyToInquiry(app, caller, scope, id, data.content, file),
        );
      },
    );
  }
};
