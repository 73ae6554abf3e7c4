import { errorSchema, idParamSchema } from '@junkan/shared/api/common';
import { type CompanyFilterQuery, companyFilterQuerySchema } from '@junkan/shared/api/home';
import {
  cancelProjectSchema,
  projectDetailSchema,
  projectHomeSchema,
  projectListQuerySchema,
  projectPageSchema,
  quoteRequestSchema,
  transProjectListQuerySchema,
} from '@junkan/shared/api/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { getProjectDetail } from '../project-core/project-detail';
import { listProjectPage, type ProjectScope, projectHome } from './project-list';
import { cancelProject, createDraft, requestQuote, updateDraft } from './projects.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const withNotFound = { ...errors, 404: errorSchema };
const withConflict = { ...withNotFound, 409: errorSchema };
const tags = ['projects'];

// The routes declare their role and company (`config`, resolved by the auth hook): a caller without a company (a
// registration not finished) lists nothing.
const dischargerScope = (caller: Caller): ProjectScope => ({ side: 'WASTE', companyId: caller.companyId });
// The header's company selector narrows a transporter's list to one discharger; it never widens it.
const transporterScope = (caller: Caller, filter: CompanyFilterQuery['companyId']): ProjectScope => ({
  side: 'TRANSPORT',
  companyId: caller.companyId,
  dischargerId: filter === 'ALL' ? undefined : filter,
});

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  // The project list (the list convention): a discharger's own, or the projects a transporter serves.
  app.get(
    '/projects',
    {
      config: { role: 'WASTE', permission: 'HOME', company: 'read' },
      schema: { tags, querystring: projectListQuerySchema, response: { 200: projectPageSchema, ...errors } },
      serializerCompiler: fastSerializerCompiler,
    },
    (request) =>
      listProjectPage(app.db, dischargerScope(request.caller()), request.query, tokyoDate(app.now())),
  );
  app.get(
    '/trans/projects',
    {
      // Not HOME: a transporter awaiting approval keeps its home page but sees no request (issue 5).
      config: { role: 'TRANSPORT', permission: 'PROJECT_MANAGEMENT', company: 'read' },
      schema: {
        tags,
        querystring: transProjectListQuerySchema,
        response: { 200: projectPageSchema, ...errors },
      },
      serializerCompiler: fastSerializerCompiler,
    },
    (request) => {
      const scope = transporterScope(request.caller(), request.query.companyId);
      return listProjectPage(app.db, scope, request.query, tokyoDate(app.now()));
    },
  );
  // The home table: the newest few and the count of each tab, not the list.
  app.get(
    '/projects/home',
    {
      config: { role: 'WASTE', permission: 'HOME', company: 'read' },
      schema: { tags, response: { 200: projectHomeSchema, ...errors } },
    },
    (request) => projectHome(app.db, dischargerScope(request.caller()), tokyoDate(app.now())),
  );
  app.get(
    '/trans/projects/home',
    {
      config: { role: 'TRANSPORT', permission: 'PROJECT_MANAGEMENT', company: 'read' },
      schema: {
        tags,
        querystring: companyFilterQuerySchema,
        response: { 200: projectHomeSchema, ...errors },
      },
    },
    (request) => {
      const scope = transporterScope(request.caller(), request.query.companyId);
      return projectHome(app.db, scope, tokyoDate(app.now()));
    },
  );

  app.post(
    '/projects',
    {
      config: { role: 'WASTE', permission: 'QUOTE_REQUEST', company: 'act' },
      schema: { tags, body: quoteRequestSchema, response: { 200: projectDetailSchema, ...withNotFound } },
    },
    (request) => {
      return createDraft(app, request.caller(), request.body);
    },
  );
  app.get(
    '/projects/:id',
    {
      config: { permission: 'PROJECT_MANAGEMENT', company: 'read' },
      schema: { tags, params: idParamSchema, response: { 200: projectDetailSchema, ...withNotFound } },
    },
    (request) => getProjectDetail(app.db, request.caller(), request.params.id, tokyoDate(app.now())),
  );
  app.put(
    '/projects/:id',
    {
      config: { role: 'WASTE', permission: 'QUOTE_REQUEST', company: 'read' },
      schema: {
        tags,
        params: idParamSchema,
        body: quoteRequestSchema,
        response: { 200: projectDetailSchema, ...withConflict },
      },
    },
    (request) => {
      return updateDraft(app, request.caller(), request.params.id, request.body);
    },
  );
  app.post(
    '/projects/:id/request-quote',
    {
      config: { role: 'WASTE', permission: 'QUOTE_REQUEST', company: 'read' },
      schema: { tags, params: idParamSchema, response: { 200: projectDetailSchema, ...withConflict } },
    },
    (request) => {
      return requestQuote(app, request.caller(), request.params.id);
    },
  );
  app.post(
    '/projects/:id/cancel',
    {
      config: { permission: 'PROJECT_MANAGEMENT', company: 'read' },
      schema: {
        tags,
        params: idParamSchema,
        body: cancelProjectSchema.nullish(),
        response: { 200: projectDetailSchema, ...withConflict },
      },
    },
    (request) => cancelProject(app, request.caller(), request.params.id, request.body?.reason),
  );
};
