import fastifyMultipart from '@fastify/multipart';
import {
  attachmentSchema,
  createQuoteSchema,
  errorSchema,
  idParamSchema,
  projectDetailSchema,
  quoteSuggestionSchema,
  requestRequoteSchema,
  UPLOAD_RULES,
} from '@junkan/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withUploadedFile } from '../../lib/uploads';
import {
  acceptQuote,
  checkQuoteDocument,
  createQuote,
  quoteSuggestion,
  requestRequote,
  uploadQuoteDocument,
} from './quotes.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['quotes'];

/** Issue 4: the transporter quotes an open request; the discharger accepts it or asks again. */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: only the quote-document call below takes a multipart body here.
  // The file size limit is the call's (withUploadedFile), from the quote document's rule.
  await app.register(fastifyMultipart, {
    limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.get(
    '/trans/projects/:id/quote-suggestion',
    {
      config: { role: 'TRANSPORT', permission: 'CREATE_QUOTE' },
      schema: { tags, params: idParamSchema, response: { 200: quoteSuggestionSchema, ...errors } },
    },
    (request) => {
      const session = app.requireSession(request);
      return quoteSuggestion(app, session, request.params.id);
    },
  );

  app.post(
    '/trans/projects/:id/quotes',
    {
      config: { role: 'TRANSPORT', permission: 'CREATE_QUOTE' },
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
      config: { role: 'TRANSPORT', permission: 'CREATE_QUOTE' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'Multipart upload of the quote document: one PDF, max 10 MB.',
        params: idParamSchema,
        response: { 200: attachmentSchema, ...errors, 413: errorSchema },
      },
    },
    async (request) => {
      const session = app.requireSession(request);
      return withUploadedFile(request, { maxBytes: UPLOAD_RULES.QUOTE_DOCUMENT.maxBytes }, async (file) => {
        await checkQuoteDocument(app, session, request.params.id, file.fileName);
        return uploadQuoteDocument(app, request.caller(), request.params.id, file);
      });
    },
  );

  app.post(
    '/projects/:id/accept-quote',
    {
      config: { role: 'WASTE', permission: 'PROJECT_MANAGEMENT' },
      schema: { tags, params: idParamSchema, response: { 200: projectDetailSchema, ...errors } },
    },
    (request) => {
      return acceptQuote(app, request.caller(), request.params.id);
    },
  );

  app.post(
    '/projects/:id/request-requote',
    {
      config: { role: 'WASTE', permission: 'PROJECT_MANAGEMENT' },
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
