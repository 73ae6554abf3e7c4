import { errorSchema, regularReportFormSchema, regularReportSchema } from '@junkan/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireOperatorRole } from '../../lib/roles';
import { regularReportForm, saveRegularReport } from './regular-reports.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['transport-reports'];

const formQuerySchema = z.object({
  projectId: z.coerce.number().int().positive(),
  year: z.coerce.number().int().min(2000).max(2100),
  month: z.coerce.number().int().min(1).max(12),
});

/** Issue 5: the transporter's reports of completed transport. */
export const transportReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/trans/regular-reports/form',
    {
      config: { permission: 'ACHIEVEMENTS' },
      schema: { tags, querystring: formQuerySchema, response: { 200: regularReportFormSchema, ...errors } },
    },
    (request) => {
      const session = app.requireSession(request);
      requireOperatorRole(session, 'TRANSPORT');
      const { projectId, year, month } = request.query;
      return regularReportForm(app.db, session, projectId, year, month);
    },
  );

  app.post(
    '/trans/regular-reports',
    {
      config: { permission: 'ACHIEVEMENTS' },
      schema: { tags, body: regularReportSchema, response: { 200: regularReportFormSchema, ...errors } },
    },
    (request) => {
      requireOperatorRole(app.requireSession(request), 'TRANSPORT');
      return saveRegularReport(app, request, request.body);
    },
  );
};
