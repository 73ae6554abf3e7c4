import {
  cancelProjectSchema,
  companyFilterQuerySchema,
  errorSchema,
  idParamSchema,
  projectDetailSchema,
  projectListSchema,
  projectTabQuerySchema,
  quoteRequestSchema,
} from '@junkan/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { requireOperatorRole } from '../../lib/roles';
import { getProjectDetail } from '../project-core/project-detail';
import {
  cancelProject,
  createDraft,
  dischargerProjects,
  requestQuote,
  transporterProjects,
  updateDraft,
} from './projects.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const withNotFound = { ...errors, 404: errorSchema };
const withConflict = { ...withNotFound, 409: errorSchema };
const tags = ['projects'];

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  // Project lists (home table and project management): a discharger's own, or the projects a transporter serves.
  app.get(
    '/projects',
    {
      config: { permission: 'HOME' },
      schema: { tags, querystring: projectTabQuerySchema, response: { 200: projectListSchema, ...errors } },
    },
    async (request) => {
      const session = app.requireSession(request);
      requireOperatorRole(session, 'WASTE');
      return session.companyId ? dischargerProjects(app.db, session.companyId, request.query.tab) : [];
    },
  );
  app.get(
    '/trans/projects',
    {
      // Not HOME: a transporter awaiting approval keeps its home page but sees no request (issue 5).
      config: { permission: 'PROJECT_MANAGEMENT' },
      schema: {
        tags,
        querystring: companyFilterQuerySchema.extend(projectTabQuerySchema.shape),
        response: { 200: projectListSchema, ...errors },
      },
    },
    async (request) => {
      const session = app.requireSession(request);
      requireOperatorRole(session, 'TRANSPORT');
      const { companyId: filter, tab } = request.query;
      return session.companyId
        ? transporterProjects(app.db, session.companyId, filter === 'ALL' ? undefined : filter, tab)
        : [];
    },
  );

  app.post(
    '/projects',
    {
      config: { permission: 'QUOTE_REQUEST' },
      schema: { tags, body: quoteRequestSchema, response: { 200: projectDetailSchema, ...withNotFound } },
    },
    (request) => {
      requireOperatorRole(app.requireSession(request), 'WASTE');
      return createDraft(app, request.caller(), request.body);
    },
  );
  app.get(
    '/projects/:id',
    {
      config: { permission: 'PROJECT_MANAGEMENT' },
      schema: { tags, params: idParamSchema, response: { 200: projectDetailSchema, ...withNotFound } },
    },
    (request) => getProjectDetail(app.db, app.requireSession(request), request.params.id),
  );
  app.put(
    '/projects/:id',
    {
      config: { permission: 'QUOTE_REQUEST' },
      schema: {
        tags,
        params: idParamSchema,
        body: quoteRequestSchema,
        response: { 200: projectDetailSchema, ...withConflict },
      },
    },
    (request) => {
      requireOperatorRole(app.requireSession(request), 'WASTE');
      return updateDraft(app, request.caller(), request.params.id, request.body);
    },
  );
  app.post(
    '/projects/:id/request-quote',
    {
      config: { permission: 'QUOTE_REQUEST' },
      schema: { tags, params: idParamSchema, response: { 200: projectDetailSchema, ...withConflict } },
    },
    (request) => {
      requireOperatorRole(app.requireSession(request), 'WASTE');
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
