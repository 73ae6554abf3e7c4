import {
  businessCalendarQuerySchema,
  businessCalendarSchema,
  businessSettingsSchema,
  calendarImpactSchema,
  closedDayListQuerySchema,
  closedDayListSchema,
  closedDayRequestSchema,
  closedDaySchema,
  isCollectableQuerySchema,
  isCollectableResponseSchema,
} from '@junkan/shared/api/business-calendar';
import { errorSchema, idParamSchema, okSchema } from '@junkan/shared/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { operatorRole } from '../../plugins/auth';
import {
  addClosedDay,
  closedDayImpact,
  deleteClosedDay,
  getBusinessCalendar,
  getBusinessSettings,
  isCollectable,
  listClosedDays,
  saveBusinessSettings,
  settingsImpact,
} from './business-calendar.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['business-calendar'];
/** A transport company's own calendar: a transporter, or an admin acting for one. */
const config = { role: 'TRANSPORT', permission: 'BUSINESS_DATE_SETTING', company: 'act' } as const;

export const businessCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/business-calendar/settings',
    { config, schema: { tags, response: { 200: businessSettingsSchema, ...errors } } },
    (request) => getBusinessSettings(app.db, request.caller().companyId),
  );
  app.put(
    '/business-calendar/settings',
    {
      config,
      schema: { tags, body: businessSettingsSchema, response: { 200: businessSettingsSchema, ...errors } },
    },
    (request) => saveBusinessSettings(app, request.caller(), request.body),
  );
  app.post(
    '/business-calendar/settings/impact',
    {
      config,
      schema: {
        tags,
        description:
          'The collections saving these settings would move (still to happen on a day no longer collected, each with the date it would be proposed, or null when it would be returned); nothing is saved.',
        body: businessSettingsSchema,
        response: { 200: calendarImpactSchema, ...errors },
      },
    },
    (request) => settingsImpact(app, request.caller().companyId, request.body),
  );
  app.get(
    '/business-calendar/closed-days',
    {
      config,
      schema: {
        tags,
        querystring: closedDayListQuerySchema,
        response: { 200: closedDayListSchema, ...errors },
      },
    },
    (request) => listClosedDays(app.db, request.caller().companyId, request.query.year),
  );
  app.post(
    '/business-calendar/closed-days',
    {
      config,
      schema: { tags, body: closedDayRequestSchema, response: { 200: closedDaySchema, ...errors } },
    },
    (request) => addClosedDay(app, request.caller(), request.body),
  );
  app.post(
    '/business-calendar/closed-days/impact',
    {
      config,
      schema: {
        tags,
        description:
          'The collections adding this closed day would move, as for the settings; nothing is saved.',
        body: closedDayRequestSchema,
        response: { 200: calendarImpactSchema, ...errors },
      },
    },
    (request) => closedDayImpact(app, request.caller().companyId, request.body),
  );
  app.delete(
    '/business-calendar/closed-days/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await deleteClosedDay(app, request.caller(), request.params.id);
      return { result: true };
    },
  );
  app.get(
    '/business-calendar',
    {
      config,
      schema: {
        tags,
        querystring: businessCalendarQuerySchema,
        response: { 200: businessCalendarSchema, ...errors },
      },
    },
    (request) =>
      getBusinessCalendar(app.db, request.caller().companyId, request.query.year, request.query.month),
  );
  // Open to any signed-in user: collection requests and schedules ask whether a transporter collects on a day;
  // a transporter asks of its own company by default.
  app.get(
    '/business-calendar/is-collectable',
    {
      config: { company: 'read' },
      schema: {
        tags,
        querystring: isCollectableQuerySchema,
        response: { 200: isCollectableResponseSchema, ...errors },
      },
    },
    (request) => {
      const caller = request.caller();
      const own = operatorRole(caller.session) === 'TRANSPORT' ? caller.companyId : null;
      const companyId = request.query.transportCompanyId ?? own;
      if (companyId == null)
        throw new AppError('validation_error', 'transportCompanyId is required', {
          transportCompanyId: 'MSG_00_21',
        });
      return isCollectable(app.db, companyId, request.query.date);
    },
  );
};
