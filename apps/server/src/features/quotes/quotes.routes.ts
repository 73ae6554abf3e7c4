import { attachmentSchema, errorSchema, idParamSchema } from '@junkan/shared/api/common';
import { projectDetailSchema } from '@junkan/shared/api/projects';
import { createQuoteSchema, quoteSuggestionSchema, requestRequoteSchema } from '@junkan/shared/api/quotes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptUpload, takeUploads } from '../../plugins/file-storage';
import { acceptQuote, requestRequote } from './quote-answers';
import { checkQuoteDocument, createQuote, quoteSuggestion, uploadQuoteDocument } from './quotes.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['quotes'];

/** Issue 4: the transporter quotes an open request; the discharger accepts it or asks again. */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only the quote-document call below takes a multipart body here.
  await takeUploads(app, { files: 1, data: false });

  app.get(
    '/trans/projects/:id/quote-suggestion',
    {
      config: { role: 'TRANSPORT', permission: 'CREATE_QUOTE', company: 'read' },
      schema: { tags, params: idParamSchema, response: { 200: quoteSuggestionSchema, ...errors } },
    },
    (request) => quoteSuggestion(app, request.caller(), request.params.id),
  );

  app.post(
    '/trans/projects/:id/quotes',
    {
      config: { role: 'TRANSPORT', permission: 'CREATE_QUOTE', company: 'read' },
      schema: {
        tags,
        params: idParamSchema,
        body: createQuoteSchema,
        response: { 200: projectDetailSchema, ...errors },
      },
    },
    (request) => {
      return createQuote(app, request.caller(), request.params.id, request.body);
    },
  );

  app.post(
    '/trans/projects/:id/quote-document',
    {
      config: { role: 'TRANSPORT', permission: 'CREATE_QUOTE', company: 'read' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'Multipart upload of the quote document: one PDF, max 10 MB.',
        params: idParamSchema,
        response: { 200: attachmentSchema, ...errors, 413: errorSchema },
      },
    },
    async (request) => {
      const caller = request.caller();
      const projectId = request.params.id;
      return acceptUpload(
        app.files,
        request,
        {
          use: 'QUOTE_DOCUMENT',
          folder: 'attachments',
          slotOf: () => 0,
          maxFiles: 1,
          required: true,
          admit: ({ fileName }) => checkQuoteDocument(app, caller, projectId, fileName),
        },
        ({ file }) => uploadQuoteDocument(app, caller, projectId, file!),
      );
    },
  );

  app.post(
    '/projects/:id/accept-quote',
    {
      config: { role: 'WASTE', permission: 'PROJECT_MANAGEMENT', company: 'read' },
      schema: { tags, params: idParamSchema, response: { 200: projectDetailSchema, ...errors } },
    },
    (request) => {
      return acceptQuote(app, request.caller(), request.params.id);
    },
  );

  app.post(
    '/projects/:id/request-requote',
    {
      config: { role: 'WASTE', permission: 'PROJECT_MANAGEMENT', company: 'read' },
      schema: {
        tags,
        params: idParamSchema,
        body: requestRequoteSchema,
        response: { 200: projectDetailSchema, ...errors },
      },
    },
    (request) => {
      return requestRequote(app, request.caller(), request.params.id, request.body.reason);
    },
  );
};
