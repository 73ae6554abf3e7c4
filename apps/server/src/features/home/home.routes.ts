import { errorSchema, inquiryListSchema, noticeListSchema, updateInfoListSchema } from '@junkan/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperatorRole } from '../../lib/roles';
import type { Session } from '../../plugins/auth';
import { listCompanyInquiries, listNotices, listUpdateInfos } from './home.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const tags = ['home'];

/** A signed-in operator without a company (not yet registered) has nothing to list. */
const companyOf = (session: Session) => session.companyId;

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notices',
    { config: { permission: 'NOTICE' }, schema: { tags, response: { 200: noticeListSchema, ...errors } } },
    () => listNotices(app),
  );
  app.get(
    '/update-infos',
    { config: { permission: 'HOME' }, schema: { tags, response: { 200: updateInfoListSchema, ...errors } } },
    () => listUpdateInfos(app),
  );
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
