import { z } from 'zod';
import { PAYMENT_TYPES } from '../enums';
import {
  INVOICE_ACTIONS,
  INVOICE_AMOUNT_MAX,
  INVOICE_AMOUNT_MIN,
  INVOICE_MAX_FILES,
  INVOICE_MAX_PER_REGISTRATION,
  INVOICE_SEND_KINDS,
  INVOICE_SOURCES,
  INVOICE_STATUSES,
  parseInvoiceNumber,
} from '../invoice-rules';
import { INVOICE_UNIT_PRICE_MAX } from '../rules/qualified-invoice';
import { decimalParam, idParam, idSchema, isoDateSchema } from '../validation';
import { bankAccountSchema } from './bank-accounts';
import { attachmentSchema, pageOf, pageQuery, sortQuerySchema } from './common';
import {
  billedQuantitySchema,
  billingMonthSchema,
  confirmedBilledMonthsSchema,
  qualifiedInvoiceLineSchema,
} from './qualified-invoices';

/**
 * Invoice calls. The discharger's under /invoices, the transporter's under /trans/invoices. Registration and
 * correction are multipart: a `data` field holding the JSON below, then the files (`files.<n>` for the n-th
 * invoice of a registration, `files` for a correction).
 */

/** Whole yen, 1 to 99,999,999; the card minimum (50) is checked against the contract's payment method. */
const amountSchema = z
  .number({ error: (issue) => (issue.input == null ? 'MSG_00_21' : 'invalid_format') })
  .int('invalid_format')
  .min(INVOICE_AMOUNT_MIN, 'out_of_charge_range')
  .max(INVOICE_AMOUNT_MAX, 'out_of_charge_range');

/** One invoice as the transporter registers it: the month it bills (請求対象月, YYYY-MM) and its figures. */
export const invoiceDraftSchema = z
  .object({
    billedMonth: billingMonthSchema,
    billingDate: isoDateSchema(),
    dueDate: isoDateSchema(),
    amount: amountSchema,
  })
  .superRefine((v, ctx) => {
    if (v.dueDate < v.billingDate)
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'due_date_before_billing_date' });
  });
export type InvoiceDraftInput = z.infer<typeof invoiceDraftSchema>;

/** The `data` field of POST /trans/invoices. */
export const registerInvoicesSchema = z.object({
  projectId: idSchema,
  invoices: z
    .array(invoiceDraftSchema, { error: 'MSG_00_21' })
    .min(1, 'MSG_00_21')
    .max(INVOICE_MAX_PER_REGISTRATION, 'invoice_max_count'),
  confirmedBilledMonths: confirmedBilledMonthsSchema,
});
export type RegisterInvoicesInput = z.infer<typeof registerInvoicesSchema>;

/** A generated invoice's corrected line: one of its lines (or of its month's) by key, quantity and unit price. */
export const correctedInvoiceLineSchema = z.object({
  key: z.string({ error: 'MSG_00_21' }).min(1, 'MSG_00_21').max(64, 'max_length_exceeded'),
  quantity: billedQuantitySchema,
  unitPrice: z
    .number({ error: (issue) => (issue.input == null ? 'MSG_00_21' : 'invalid_format') })
    .int('invalid_format')
    .min(0, 'invalid_format')
    .max(INVOICE_UNIT_PRICE_MAX, 'invalid_format'),
});

/**
 * The `data` field of POST /trans/invoices/{id}/corrections: the new dates, and either the amount and which files
 * stay (an uploaded invoice) or the lines (an invoice the product generated: its amount and PDF are made again
 * from them; an amount or files are refused with invoice_generated_correct_lines).
 */
export const correctInvoiceSchema = z
  .object({
    billingDate: isoDateSchema(),
    dueDate: isoDateSchema(),
    amount: amountSchema.optional(),
    keepFileIds: z.array(idSchema).max(INVOICE_MAX_FILES, 'MSG_28_5').default([]),
    lines: z
      .array(correctedInvoiceLineSchema, { error: 'invalid_format' })
      .min(1, 'invoice_no_billable_lines')
      .max(100, 'invalid_format')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.dueDate < v.billingDate)
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'due_date_before_billing_date' });
    const seen = new Set<string>();
    v.lines?.forEach((l, i) => {
      if (seen.has(l.key))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'key'], message: 'invalid_format' });
      seen.add(l.key);
    });
  });
export type CorrectInvoiceInput = z.infer<typeof correctInvoiceSchema>;
export type CorrectInvoiceRequest = z.input<typeof correctInvoiceSchema>;

/** POST /trans/invoices/{id}/paid. */
export const markInvoicePaidSchema = z.object({ settlementDate: isoDateSchema() });

/** POST /trans/invoices/{id}/resend. */
export const resendInvoiceMailSchema = z.object({
  kind: z.enum(['ATTACHMENT_MAIL', 'PAYMENT_NOTICE_MAIL'], { error: 'MSG_00_21' }),
});

export const INVOICE_SORT_KEYS = ['billingDate', 'dueDate', 'amount', 'id'] as const;
export type InvoiceSortKey = (typeof INVOICE_SORT_KEYS)[number];

const optionalDate = isoDateSchema().optional();

/** Which versions a list shows: the current ones, or every kept version too (superseded ones marked). */
export const INVOICE_LIST_VERSIONS = ['current', 'all'] as const;
export type InvoiceListVersions = (typeof INVOICE_LIST_VERSIONS)[number];

/**
 * GET /invoices and /trans/invoices: newest billing date first. The search the electronic bookkeeping rule asks
 * for (電子帳簿保存法: transaction date range, amount range, counterparty) over every kept version with
 * `versions=all` (a discharger's: only versions billed to it); `current` (the default) for the day's work. The
 * status filter reads each version's own status; overdue ones are current versions only.
 */
export const invoiceListQuerySchema = pageQuery(20)
  .extend(sortQuerySchema(INVOICE_SORT_KEYS, 'billingDate', 'desc').shape)
  .extend({
    status: z.enum(INVOICE_STATUSES, { error: 'invalid_format' }).optional(),
    billingFrom: optionalDate,
    billingTo: optionalDate,
    amountMin: decimalParam(0, INVOICE_AMOUNT_MAX).optional(),
    amountMax: decimalParam(0, INVOICE_AMOUNT_MAX).optional(),
    /** The other party: the discharger for the transporter, the transporter for the discharger. */
    companyId: idParam().optional(),
    projectId: idParam().optional(),
    overdue: z.enum(['true', 'false'], { error: 'invalid_format' }).optional(),
    /** 請求書番号 as typed ('123', '000123', '000123-2'): the invoice of that number, whichever version. */
    invoiceNumber: z
      .string()
      .max(20, 'max_length_exceeded')
      .transform((v, ctx) => {
        const n = parseInvoiceNumber(v);
        if (n === null) ctx.addIssue({ code: 'custom', message: 'invalid_format' });
        return n ?? 0;
      })
      .optional(),
    versions: z.enum(INVOICE_LIST_VERSIONS, { error: 'invalid_format' }).default('current'),
  });
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

const companyRef = z.object({ id: z.number(), name: z.string() });

export const invoiceListItemSchema = z.object({
  id: z.number(),
  /** The first version's id: every correction of one invoice shares it. */
  rootId: z.number(),
  /** 請求書番号: the issuer's own number, shared by every version (shown with `formatInvoiceNumber`). */
  invoiceNumber: z.number(),
  version: z.number(),
  projectId: z.number(),
  projectTitle: z.string(),
  /** The other side: the discharger for a transporter, the transporter for a discharger. */
  counterpart: companyRef,
  paymentMethod: z.enum(PAYMENT_TYPES),
  /** 請求対象月, YYYY-MM. */
  billedMonth: z.string(),
  billingDate: z.string(),
  dueDate: z.string(),
  /** Whole yen. */
  amount: z.number(),
  status: z.enum(INVOICE_STATUSES),
  settlementDate: z.string().nullable(),
  /** Null for a current version; else the version that replaced it (a kept version found by the search). */
  supersededBy: z.object({ id: z.number(), version: z.number() }).nullable(),
  /** Billed and past its due date (Japan's today). */
  overdue: z.boolean(),
  /** The last overdue reminder step sent (0 for none). */
  overdueStep: z.number(),
  createdAt: z.string(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;
export const invoicePageSchema = pageOf(invoiceListItemSchema);

export const invoiceSendSchema = z.object({
  id: z.number(),
  kind: z.enum(INVOICE_SEND_KINDS),
  step: z.number(),
  /** The version the mail was about. */
  invoiceId: z.number(),
  sentBy: z.string().nullable(),
  at: z.string(),
  recipients: z.number(),
  /** Whether the files were attached (false: over the mail limit, the mail links to the detail page). */
  filesAttached: z.boolean(),
});

export const invoiceVersionSchema = z.object({
  id: z.number(),
  version: z.number(),
  billingDate: z.string(),
  dueDate: z.string(),
  amount: z.number(),
  status: z.enum(INVOICE_STATUSES),
  createdAt: z.string(),
  supersededAt: z.string().nullable(),
});

export const invoiceDetailSchema = invoiceListItemSchema.extend({
  contractId: z.number(),
  transporter: companyRef,
  discharger: companyRef,
  source: z.enum(INVOICE_SOURCES),
  /** A generated invoice's lines as its PDF prints them (null: uploaded, or generated before lines were kept). */
  lines: z.array(qualifiedInvoiceLineSchema).nullable(),
  /** 振込先 of a bank-transfer invoice: the transporter's accounts when this version was made (printed on it). */
  payeeAccounts: z.array(bankAccountSchema),
  files: z.array(attachmentSchema),
  sends: z.array(invoiceSendSchema),
  versions: z.array(invoiceVersionSchema),
  /** Null while this is the current version; else the version that replaced it. */
  supersededById: z.number().nullable(),
  supersededAt: z.string().nullable(),
  /** The last day this version is kept (the shared retention rule for invoices, `keptUntil`). */
  keptUntil: z.string(),
  actions: z.array(z.enum(INVOICE_ACTIONS)),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** GET /trans/invoices/billable-projects: projects in progress with an approved contract, for the register page. */
export const billableProjectSchema = z.object({
  projectId: z.number(),
  title: z.string(),
  discharger: companyRef,
  contractId: z.number(),
  paymentMethod: z.enum(PAYMENT_TYPES),
});
export type BillableProject = z.infer<typeof billableProjectSchema>;

export const invoiceFileParamSchema = z.object({ id: idParam(), fileId: idParam() });

/** GET /trans/invoices/month-billings?projectId=: the project's current invoices and the months they bill. */
export const monthBillingsQuerySchema = z.object({ projectId: idParam() });
export const monthBillingSchema = z.object({
  invoiceId: z.number(),
  invoiceNumber: z.number(),
  billedMonth: z.string(),
  source: z.enum(INVOICE_SOURCES),
});

/** GET /invoices/filter-options (and /trans/...): the counterparties and projects of the caller's invoices. */
export const invoiceFilterOptionsSchema = z.object({
  counterparties: z.array(companyRef),
  projects: z.array(z.object({ id: z.number(), title: z.string() })),
});
export type InvoiceFilterOptions = z.infer<typeof invoiceFilterOptionsSchema>;
