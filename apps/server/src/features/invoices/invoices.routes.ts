import { errorSchema, idParamSchema } from '@junkan/shared/api/common';
import {
  billableProjectSchema,
  correctInvoiceSchema,
  invoiceDetailSchema,
  invoiceFileParamSchema,
  invoiceFilterOptionsSchema,
  invoiceListItemSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  markInvoicePaidSchema,
  monthBillingSchema,
  monthBillingsQuerySchema,
  registerInvoicesSchema,
  resendInvoiceMailSchema,
} from '@junkan/shared/api/invoices';
import { INVOICE_MAX_FILES, INVOICE_MAX_PER_REGISTRATION } from '@junkan/shared/invoice-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/downloads';
import { acceptUpload, takeUploads } from '../../plugins/file-storage';
import { listMonthBillings } from './invoice-billed-months';
import { correctInvoice } from './invoice-correction';
import { markInvoicePaid } from './invoice-payment';
import { listBillableProjects, registerInvoices } from './invoice-registration';
import { resendInvoiceMail, sendInvoice } from './invoice-sending';
import { invoiceDetail, invoiceFilterOptions, listInvoices, readInvoiceFile } from './invoices.service';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
};
const tags = ['invoices'];
const MANAGE = 'INVOICE_MANAGEMENT' as const;
const REGISTER = 'INVOICE_REGISTER' as const;
const detail = { 200: invoiceDetailSchema, ...errors };

/**
 * Invoices (sections 3-5): the transporter registers (1-5 at once, multipart), sends, resends, marks paid and
 * corrects; both parties list and read them. The discharger's calls under /invoices, the transporter's under
 * /trans/invoices. Invoices are never deleted: there is no delete call.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [prefix, role] of [
    ['', 'WASTE'],
    ['/trans', 'TRANSPORT'],
  ] as const) {
    app.get(
      `${prefix}/invoices`,
      {
        config: { role, permission: MANAGE, company: 'read' },
        schema: {
          tags,
          description:
            'Current versions, or with versions=all every kept version too (the electronic bookkeeping ' +
            'search), filtered (status, billing dates, amounts, counterparty, project, overdue).',
          querystring: invoiceListQuerySchema,
          response: { 200: invoicePageSchema, ...errors },
        },
      },
      (request) => listInvoices(app, request.caller(), request.query),
    );

    app.get(
      `${prefix}/invoices/filter-options`,
      {
        config: { role, permission: MANAGE, company: 'read' },
        schema: { tags, response: { 200: invoiceFilterOptionsSchema, ...errors } },
      },
      (request) => invoiceFilterOptions(app.db, request.caller()),
    );

    app.get(
      `${prefix}/invoices/:id`,
      {
        config: { role, permission: MANAGE, company: 'read' },
        schema: { tags, params: idParamSchema, response: detail },
      },
      (request) => invoiceDetail(app, request.caller(), request.params.id),
    );

    app.get(
      `${prefix}/invoices/:id/files/:fileId`,
      {
        config: { role, permission: MANAGE, company: 'read' },
        schema: { tags, params: invoiceFileParamSchema, produces: ['application/octet-stream'] },
      },
      async (request, reply) =>
        sendDownload(
          reply,
          await readInvoiceFile(app, request.caller(), request.params.id, request.params.fileId),
        ),
    );
  }

  app.get(
    '/trans/invoices/month-billings',
    {
      // The role before the query's validation: a discharger is refused, whatever it asks.
      config: { permission: REGISTER, role: 'TRANSPORT', company: 'act' },
      schema: {
        tags,
        description:
          "A project's current invoices and the month each bills (請求対象月): what registering warns about.",
        querystring: monthBillingsQuerySchema,
        response: { 200: z.array(monthBillingSchema), ...errors },
      },
    },
    (request) => listMonthBillings(app.db, request.caller().companyId, request.query.projectId),
  );

  app.get(
    '/trans/invoices/billable-projects',
    {
      config: { role: 'TRANSPORT', permission: REGISTER, company: 'act' },
      schema: { tags, response: { 200: z.array(billableProjectSchema), ...errors } },
    },
    (request) => listBillableProjects(app.db, request.caller().companyId),
  );

  app.post(
    '/trans/invoices/:id/send',
    {
      config: { role: 'TRANSPORT', permission: MANAGE, company: 'act' },
      schema: {
        tags,
        description: 'UNCLAIMED -> BILLED: mails the invoice (and, for card invoices, the payment notice).',
        params: idParamSchema,
        response: detail,
      },
    },
    (request) => {
      return sendInvoice(app, request.caller(), request.params.id);
    },
  );

  app.post(
    '/trans/invoices/:id/resend',
    {
      config: { role: 'TRANSPORT', permission: MANAGE, company: 'act' },
      schema: { tags, params: idParamSchema, body: resendInvoiceMailSchema, response: detail },
    },
    (request) => {
      return resendInvoiceMail(app, request.caller(), request.params.id, request.body.kind);
    },
  );

  app.post(
    '/trans/invoices/:id/paid',
    {
      config: { role: 'TRANSPORT', permission: MANAGE, company: 'read' },
      schema: {
        tags,
        description: 'Bank transfer only: BILLED -> PAID with the settlement confirmation date.',
        params: idParamSchema,
        body: markInvoicePaidSchema,
        response: detail,
      },
    },
    (request) => {
      return markInvoicePaid(app, request.caller(), request.params.id, request.body.settlementDate);
    },
  );

  await app.register(invoiceUploadRoutes);
};

/**
 * The files of the multipart calls: pdf, jpg, png, xlsx, up to 5 an invoice with distinct names; a part under
 * another field is refused as `files`.
 */
const invoiceFiles = {
  use: 'INVOICE',
  folder: 'invoices',
  uniqueNames: true,
  refuseAs: 'files',
} as const;

/** The two multipart calls, in their own scope: no other invoice call accepts a multipart body. */
const invoiceUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await takeUploads(app, { files: INVOICE_MAX_PER_REGISTRATION * INVOICE_MAX_FILES, data: true });

  app.post(
    '/trans/invoices',
    {
      config: { role: 'TRANSPORT', permission: REGISTER, company: 'act' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Multipart: `data` (JSON {projectId, invoices: [{billedMonth, billingDate, dueDate, amount}], ' +
          'confirmedBilledMonths?}, 1-5 invoices), then the files of the n-th invoice as `files.<n>` (1-5 each; ' +
          'pdf, jpg, png, xlsx; 10 MB each). All or none. A month the project billed already is 409 until confirmed.',
        response: { 200: z.array(invoiceListItemSchema), ...errors },
      },
    },
    (request) => {
      return acceptUpload(
        app.files,
        request,
        {
          ...invoiceFiles,
          data: registerInvoicesSchema,
          slotOf: (field) => {
            const m = /^files\.(\d)$/.exec(field);
            const n = m ? Number(m[1]) : -1;
            return n >= 0 && n < INVOICE_MAX_PER_REGISTRATION ? n : null;
          },
        },
        ({ data, slots }) => registerInvoices(app, request.caller(), data, slots),
      );
    },
  );

  app.post(
    '/trans/invoices/:id/corrections',
    {
      config: { role: 'TRANSPORT', permission: REGISTER, company: 'act' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Multipart: `data` (JSON {billingDate, dueDate, amount, keepFileIds}) and new files as `files`. ' +
          'Writes a new version; the old one is kept unchanged and marked superseded.',
        params: idParamSchema,
        response: detail,
      },
    },
    (request) => {
      return acceptUpload(
        app.files,
        request,
        { ...invoiceFiles, data: correctInvoiceSchema, slotOf: (field) => (field === 'files' ? 0 : null) },
        ({ data, slots }) => correctInvoice(app, request.caller(), request.params.id, data, slots[0] ?? []),
      );
    },
  );
};
