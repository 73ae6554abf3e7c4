import { errorSchema, idParamSchema } from '@junkan/shared/api/common';
import {
  industrialReportOptionsSchema,
  industrialReportSchema,
  regularReportFormSchema,
  regularReportSchema,
  reportActionResponseSchema,
  reportCorrectionSchema,
  transportReportSchema,
} from '@junkan/shared/api/transport-reports';
import { decimalParam, idParam } from '@junkan/shared/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerIndustrialReport,
  cancelIndustrialReport,
  confirmReportRejection,
  correctIndustrialReport,
  resendIndustrialReport,
} from './industrial-report-actions';
import { industrialReportOptions } from './industrial-report-options';
import { createIndustrialReport, getIndustrialReport } from './industrial-reports.service';
import { regularReportForm, saveRegularReport } from './regular-reports.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
/** Actions checked against the manifest network's status may also answer 503 (unavailable, stop day). */
const actionErrors = { ...errors, 503: errorSchema };
const permission = 'ACHIEVEMENTS' as const;
const tags = ['transport-reports'];

const formQuerySchema = z.object({
  projectId: idParam(),
  year: decimalParam(2000, 2100),
  month: decimalParam(1, 12),
});

/** Issue 5: the transporter's reports of completed transport. */
export const transportReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/trans/regular-reports/form',
    {
      config: { permission: 'ACHIEVEMENTS', role: 'TRANSPORT', company: 'read' },
      schema: { tags, querystring: formQuerySchema, response: { 200: regularReportFormSchema, ...errors } },
    },
    (request) => {
      const { projectId, year, month } = request.query;
      return regularReportForm(app.db, request.caller().companyId, projectId, year, month);
    },
  );

  app.post(
    '/trans/regular-reports',
    {
      config: { role: 'TRANSPORT', permission: 'ACHIEVEMENTS', company: 'read' },
      schema: { tags, body: regularReportSchema, response: { 200: regularReportFormSchema, ...errors } },
    },
    (request) => {
      return saveRegularReport(app, request.caller(), request.body);
    },
  );

  // ---- industrial reports (per manifest) ----

  const action = { 200: reportActionResponseSchema, ...actionErrors };

  app.get(
    '/trans/transport-reports/options',
    {
      config: { role: 'TRANSPORT', permission, company: 'read' },
      schema: { tags, response: { 200: industrialReportOptionsSchema, ...errors } },
    },
    (request) => industrialReportOptions(app, request.caller().companyId),
  );

  app.post(
    '/trans/transport-reports',
    {
      config: { role: 'TRANSPORT', permission, company: 'read' },
      schema: {
        tags,
        description:
          'Reports completed industrial transport; with a manifest number the report is queued for the manifest network.',
        body: industrialReportSchema,
        response: { 200: transportReportSchema, ...errors },
      },
    },
    (request) => {
      return createIndustrialReport(app, request.caller(), request.body);
    },
  );

  app.get(
    '/trans/transport-reports/:id',
    {
      config: { role: 'TRANSPORT', permission, company: 'read' },
      schema: { tags, params: idParamSchema, response: { 200: transportReportSchema, ...errors } },
    },
    (request) => getIndustrialReport(app, request.caller().companyId, request.params.id, 'TRANSPORT'),
  );

  app.get(
    '/transport-reports/:id',
    {
      config: { role: 'WASTE', permission, company: 'read' },
      schema: { tags, params: idParamSchema, response: { 200: transportReportSchema, ...errors } },
    },
    (request) => getIndustrialReport(app, request.caller().companyId, request.params.id, 'WASTE'),
  );

  app.put(
    '/trans/transport-reports/:id',
    {
      config: { role: 'TRANSPORT', permission, company: 'read' },
      schema: {
        tags,
        description:
          'Corrects a report: at once when not synced with the manifest network, else after the discharger approves.',
        params: idParamSchema,
        body: reportCorrectionSchema,
        response: action,
      },
    },
    (request) => {
      return correctIndustrialReport(app, request.caller(), request.params.id, request.body);
    },
  );

  app.post(
    '/trans/transport-reports/:id/cancel',
    {
      config: { role: 'TRANSPORT', permission, company: 'read' },
      schema: {
        tags,
        description:
          'Deletes a report not synced; asks the discharger to approve the deletion of a synced one.',
        params: idParamSchema,
        response: action,
      },
    },
    (request) => {
      return cancelIndustrialReport(app, request.caller(), request.params.id);
    },
  );

  app.post(
    '/trans/transport-reports/:id/confirm-rejection',
    {
      config: { role: 'TRANSPORT', permission, company: 'read' },
      schema: { tags, params: idParamSchema, response: action },
    },
    (request) => {
      return confirmReportRejection(app, request.caller(), request.params.id);
    },
  );

  app.post(
    '/trans/transport-reports/:id/resend',
    {
      config: { role: 'TRANSPORT', permission, company: 'read' },
      schema: {
        tags,
        description:
          'Sends a transport-end report the manifest network refused again, as it is (not synced, network open).',
        params: idParamSchema,
        response: action,
      },
    },
    (request) => {
      return resendIndustrialReport(app, request.caller(), request.params.id);
    },
  );

  for (const [verb, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const)
    app.post(
      `/transport-reports/:id/${verb}`,
      {
        config: { role: 'WASTE', permission, company: 'read' },
        schema: { tags, params: idParamSchema, response: action },
      },
      (request) => {
        return answerIndustrialReport(app, request.caller(), request.params.id, approve);
      },
    );
};
