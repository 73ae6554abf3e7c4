import { errorSchema } from '@junkan/shared/api/common';
import { invoiceListItemSchema } from '@junkan/shared/api/invoices';
import {
  QUALIFIED_INVOICE_TOTAL_HEADER,
  qualifiedInvoiceDraftQuerySchema,
  qualifiedInvoiceDraftSchema,
  qualifiedInvoicePdfRequestSchema,
} from '@junkan/shared/api/qualified-invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDownload } from '../../lib/downloads';
import { tokyoDate } from '../../lib/time';
import { storedRefOf, storeGeneratedFile } from '../../plugins/file-storage';
import { requireMonthBillableBeforeNumber, requireOwnProject } from './invoice-billed-months';
import { takeInvoiceNumbers } from './invoice-numbers';
import { registerInvoices } from './invoice-registration';
import { generateQualifiedInvoicePdf } from './qualified-invoice-generation';
import { qualifiedInvoiceDraft, requireQualifiedInvoiceDates } from './qualified-invoices.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['qualified-invoices'];
/** The transporter who carries the project (or an admin acting as it) writes its invoices. */
const config = { permission: 'INVOICE_REGISTER', role: 'TRANSPORT', company: 'act' } as const;

export const qualifiedInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/trans/qualified-invoices/draft',
    {
      config,
      schema: {
        tags,
        description:
          "A month's qualified-invoice lines of a project, from its approved contract and the month's settled reports, with totals per tax rate and flags.",
        querystring: qualifiedInvoiceDraftQuerySchema,
        response: { 200: qualifiedInvoiceDraftSchema, ...errors },
      },
    },
    (request) =>
      qualifiedInvoiceDraft(app.db, {
        transportCompanyId: request.caller().companyId,
        projectId: request.query.projectId,
        month: request.query.month,
      }),
  );

  app.post(
    '/trans/qualified-invoices/pdf',
    {
      config,
      schema: {
        tags,
        description:
          'The qualified invoice (適格請求書) as a PDF, recomputed from the contract and the submitted quantities. The tax-included total is in the X-Invoice-Total header.',
        body: qualifiedInvoicePdfRequestSchema,
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) => {
      // Another transporter's project is 404 whatever the dates say.
      await requireOwnProject(app.db, request.caller().companyId, request.body.projectId);
      requireQualifiedInvoiceDates(request.body, tokyoDate(app.now()));
      const generated = await generateQualifiedInvoicePdf(app.db, {
        transportCompanyId: request.caller().companyId,
        ...request.body,
      });
      reply.header(QUALIFIED_INVOICE_TOTAL_HEADER, String(generated.amountTotal));
      return sendDownload(reply, {
        fileName: generated.fileName,
        mimeType: 'application/pdf',
        content: generated.pdf,
      });
    },
  );

  app.post(
    '/trans/qualified-invoices',
    {
      config,
      schema: {
        tags,
        description:
          'Registers the qualified invoice as an UNCLAIMED invoice: the PDF generated on the server is its file and its tax-included total its amount.',
        body: qualifiedInvoicePdfRequestSchema,
        response: { 200: invoiceListItemSchema, ...errors, 413: errorSchema },
      },
    },
    async (request) => {
      const { billingDate, dueDate, projectId, month, confirmedBilledMonths } = request.body;
      const caller = request.caller();
      const transportCompanyId = caller.companyId;
      await requireOwnProject(app.db, transportCompanyId, projectId);
      requireQualifiedInvoiceDates(request.body, tokyoDate(app.now()));
      await requireMonthBillableBeforeNumber(app.db, transportCompanyId, {
        projectId,
        billedMonth: month,
        confirmedBilledMonths,
      });
      // The PDF prints the number: it is taken once the checks have passed, just before rendering (a failure
      // after that, such as a month billed by a registration racing this one, leaves the number unused).
      const generated = await generateQualifiedInvoicePdf(app.db, {
        transportCompanyId,
        ...request.body,
        takeNumber: async () => (await takeInvoiceNumbers(app.db, transportCompanyId))[0]!,
      });
      const stored = await storeGeneratedFile(app.files, {
        fileName: generated.fileName,
        content: generated.pdf,
        mimeType: 'application/pdf',
      });
      try {
        const [created] = await registerInvoices(
          app,
          caller,
          {
            projectId,
            invoices: [{ billedMonth: month, billingDate, dueDate, amount: generated.amountTotal }],
            confirmedBilledMonths,
          },
          [[stored]],
          {
            source: 'GENERATED',
            generated: {
              invoiceNumber: generated.invoiceNumber!,
              lines: generated.lines,
              payeeAccounts: generated.payeeAccounts,
            },
          },
        );
        return created!;
      } catch (error) {
        await app.files.deleteQuietly([storedRefOf(stored)], request.log);
        throw error;
      }
    },
  );
};
