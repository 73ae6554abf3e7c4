import {
  calendarFeedSchema,
  calendarFeedTokenParamSchema,
  daySheetQuerySchema,
} from '@junkan/shared/api/collections';
import { errorSchema } from '@junkan/shared/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/downloads';
import { tokyoDate } from '../../lib/time';
import {
  issueCalendarFeed,
  readCalendarFeed,
  renderCalendarFeed,
  revokeCalendarFeed,
} from './calendar-feed.service';
import { loadDaySheet } from './day-sheet.service';
import { daySheetCsv, daySheetFileName, renderDaySheetPdf } from './day-sheet-document';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['collection-schedules'];
const permission = 'COLLECTION_SCHEDULES' as const;

/**
 * The collection schedule outside the screens: a private calendar feed for either side's company (subscribed
 * to in a calendar app through a secret address), and the transporter's printable sheet of one day.
 */
export const collectionScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar-feed',
    {
      config: { permission, company: 'act' },
      schema: {
        tags,
        description:
          "Whether the caller's company has a calendar feed (its address is shown only when issued).",
        response: { 200: calendarFeedSchema, ...errors },
      },
    },
    (request) => readCalendarFeed(app.db, request.caller()),
  );

  app.post(
    '/calendar-feed',
    {
      config: { permission, company: 'act' },
      schema: {
        tags,
        description: "Issues a new address for the company's calendar feed; the previous one stops working.",
        response: { 200: calendarFeedSchema, ...errors },
      },
    },
    (request) => issueCalendarFeed(app.db, request.caller(), app.config.publicUrl, app.now()),
  );

  app.delete(
    '/calendar-feed',
    {
      config: { permission, company: 'act' },
      schema: { tags, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await revokeCalendarFeed(app.db, request.caller());
      return reply.status(204).send(null);
    },
  );

  // The secret address a calendar app polls: the token (with its `.ics`) is the only credential.
  app.get(
    '/calendar-feed/:token',
    {
      config: { public: true },
      schema: {
        tags,
        description:
          "The company's collections as iCalendar (text/calendar), from a month ago to 400 days ahead.",
        params: calendarFeedTokenParamSchema,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const token = request.params.token.slice(0, -'.ics'.length);
      const text = await renderCalendarFeed(app.db, token, {
        publicUrl: app.config.publicUrl,
        today: tokyoDate(app.now()),
      });
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(text);
    },
  );

  app.get(
    '/trans/collections/day-sheet',
    {
      config: { permission, role: 'TRANSPORT', company: 'act' },
      schema: {
        tags,
        description:
          "The transporter's open collections of one day, by area and vehicle limit, as PDF or CSV.",
        querystring: daySheetQuerySchema,
        produces: ['application/pdf', 'text/csv'],
      },
    },
    async (request, reply) => {
      const { date, format } = request.query;
      const sheet = await loadDaySheet(app.db, request.caller(), date);
      const fileName = daySheetFileName(date, format);
      return format === 'csv'
        ? sendDownload(reply, {
            fileName,
            mimeType: 'text/csv; charset=utf-8',
            content: Buffer.from(daySheetCsv(sheet), 'utf8'),
          })
        : sendDownload(reply, {
            fileName,
            mimeType: 'application/pdf',
            content: await renderDaySheetPdf(sheet),
          });
    },
  );
};
