import { errorSchema, inquiryListSchema } from '@junkan/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperatorRole } from '../../lib/roles';
import type { Session } from '../../plugins/auth';
import { listCompanyInquiries } from './home.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const tags = ['home'];

/** A signed-in operator without a company (not yet registered) has nothing to list. */
const companyOf = (session: Session) => session.companyId;

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/inquiries',
    { config: { permission: 'INQUIRY' }, schema: { tags, response: { 200: inquiryListSchema, ...errors } } },
    async (request) => {
      const session = app.requireSession(request);
      requireOperatorRole(session, 'WASTE');
      const companyId = companyOf(session);
      return companyId ? listCompanyInquiries(app, companyId) : [];
    },
  );
};
