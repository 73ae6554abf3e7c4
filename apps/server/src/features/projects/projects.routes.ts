import { errorSchema, idParamSchema, type PageQuery } from '@junkan/shared/api/common';
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import { tokyoDate } from '../../lib/time';
import { getProjectDetail } from '../project-core/project-detail';
import { listProjectPage, type ProjectScope, projectHome } from './project-list';
import { cancelProject, createDraft, requestQuote, updateDraft } from './projects.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const withNotFound = { ...errors, 404: errorSchema };
const withConflict = { ...withNotFound, 409: errorSchema };
const tags = ['projects'];

/** No company yet (a registration not finished): nothing to list. */
const emptyPage = (query: PageQuery) => ({ items: [], total: 0, page: query.page, size: query.size });
const emptyHome = { latest: [], counts: { PRE_CONTRACT: 0, IN_PROGRESS: 0, PAST: 0 } };

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  // The routes declare their role (`config.role`, checked by the auth hook): these only read the company.
  const dischargerScope = (request: FastifyRequest): ProjectScope | null => {
    const session = app.requireSession(request);
    return session.companyId ? { side: 'WASTE', companyId: session.companyId } : null;
  };
  // The header's company selector narrows a transporter's list to one discharger; it never widens it.
  const transporterScope = (
    request: FastifyRequest,
    filter: CompanyFilterQuery['companyId'],
  ): ProjectScope | null => {
    const session = app.requireSession(request);
    if (!session.companyId) return null;
    return {
      side: 'TRANSPORT',
      companyId: session.companyId,
      dischargerId: filter === 'ALL' ? undefined : filter,
    };
  };

  // The project list (the list convention): a discharger's own, or the projects a transporter serves.
  app.get(
    '/projects',
    {
      config: { role: 'WASTE', permission: 'HOME' },
      schema: { tags, querystring: projectListQuerySchema, response: { 200: projectPageSchema, ...errors } },
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => {
      const scope = dischargerScope(request);
      return scope
        ? listProjectPage(app.db, scope, request.query, tokyoDate(app.now()))
        : emptyPage(request.query);
    },
  );
  app.get(
    '/trans/projects',
    {
      // Not HOME: a transporter awaiting approval keeps its home page but sees no request (issue 5).
      config: { role: 'TRANSPORT', permission: 'PROJECT_MANAGEMENT' },
      schema: {
        tags,
        querystring: transProjectListQuerySchema,
        response: { 200: projectPageSchema, ...errors },
      },
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => {
      const scope = transporterScope(request, request.query.companyId);
      return scope
        ? listProjectPage(app.db, scope, request.query, tokyoDate(app.now()))
        : emptyPage(request.query);
    },
  );
  // The home table: the newest few and the count of each tab, not the list.
  app.get(
    '/projects/home',
    {
      config: { role: 'WASTE', permission: 'HOME' },
      schema: { tags, response: { 200: projectHomeSchema, ...errors } },
    },
    async (request) => {
      const scope = dischargerScope(request);
      return scope ? projectHome(app.db, scope, tokyoDate(app.now())) : emptyHome;
    },
  );
  app.get(
    '/trans/projects/home',
    {
      config: { role: 'TRANSPORT', permission: 'PROJECT_MANAGEMENT' },
      schema: {
        tags,
        querystring: companyFilterQuerySchema,
        response: { 200: projectHomeSchema, ...errors },
      },
    },
    async (request) => {
      const scope = transporterScope(request, request.query.companyId);
      return scope ? projectHome(app.db, scope, tokyoDate(app.now())) : emptyHome;
    },
  );

  app.post(
    '/projects',
    {
      config: { role: 'WASTE', permission: 'QUOTE_REQUEST' },
      schema: { tags, body: quoteRequestSchema, response: { 200: projectDetailSchema, ...withNotFound } },
    },
    (request) => {
      return createDraft(app, request.caller(), request.body);
    },
  );
  app.get(
    '/projects/:id',
    {
      config: { permission: 'PROJECT_MANAGEMENT' },
      schema: { tags, params: idParamSchema, response: { 200: projectDetailSchema, ...withNotFound } },
    },
    (request) =>
      getProjectDetail(app.db, app.requireSession(request), request.params.id, tokyoDate(app.now())),
  );
  app.put(
    '/projects/:id',
    {
      config: { role: 'WASTE', permission: 'QUOTE_REQUEST' },
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
      config: { role: 'WASTE', permission: 'QUOTE_REQUEST' },
      schema: { tags, params: idParamSchema, response: { 200: projectDetailSchema, ...withConflict } },
    },
    (request) => {
      return requestQuote(app, request.caller(), request.params.id);
    },
  );
  app.post(
    '/projects/:id/cancel',
    {
      config: { permission: 'PROJECT_MANAGEMENT' },
      schema: {
        tags,
        params: idParamSchema,
        body: cancelProjectSchema.nullish(),
        response: { 200: projectDetailSchema, ...withConflict },
      },
    },
    (request) => {
      const session = app.requireSession(request);
      if (!session.companyId) throw new AppError('project_not_found', 'Project not found');
      return cancelProject(app, request.caller(), request.params.id, request.body?.reason);
    },
  );
};
