import { describe, expect, it } from 'vitest';
import { correctInvoiceSchema, invoiceListQuerySchema, registerInvoicesSchema } from './api/invoices';
import {
  attachesToMail,
  billedMonthConflicts,
  billedMonthIssue,
  daysOverdue,
  formatInvoiceNumber,
  INVOICE_STATUSES,
  type InvoiceAction,
  type InvoicePaymentMethod,
  type InvoiceSide,
  type InvoiceStatus,
  invoiceActions,
  invoiceAmountIssue,
  invoiceDateIssues,
  invoiceDateLimits,
  invoiceDraftIssues,
  invoiceRegistrationIssues,
  isOverdue,
  MAIL_ATTACHMENT_MAX_BYTES,
  type MonthBilling,
  overdueStep,
  parseInvoiceNumber,
  settlementDateIssue,
  unconfirmedBilledMonths,
} from './invoice-rules';
import { UPLOAD_RULES } from './upload-rules';

describe('invoiceAmountIssue', () => {
  it.each<[unknown, InvoicePaymentMethod, string | null]>([
    [1, 'PAYMENT_INVOICE', null],
    [0, 'PAYMENT_INVOICE', 'out_of_charge_range'],
    [99_999_999, 'PAYMENT_INVOICE', null],
    [100_000_000, 'PAYMENT_INVOICE', 'out_of_charge_range'],
    [49, 'CREDIT_CARD', 'out_of_charge_range'],
    [50, 'CREDIT_CARD', null],
    [99_999_999, 'CREDIT_CARD', null],
    [100_000_000, 'CREDIT_CARD', 'out_of_charge_range'],
    [-5, 'PAYMENT_INVOICE', 'out_of_charge_range'],
    [1.5, 'PAYMENT_INVOICE', 'invalid_format'],
    [Number.NaN, 'PAYMENT_INVOICE', 'invalid_format'],
    ['100', 'PAYMENT_INVOICE', 'invalid_format'],
    [undefined, 'PAYMENT_INVOICE', 'MSG_00_21'],
    [null, 'CREDIT_CARD', 'MSG_00_21'],
  ])('%s by %s -> %s', (amount, method, expected) => {
    expect(invoiceAmountIssue(amount, method)).toBe(expected);
  });
});

describe('invoiceDraftIssues', () => {
  const today = '2026-11-25';
  const ok = { billingDate: '2026-11-30', dueDate: '2026-12-31', amount: 1000 };
  it('passes a complete invoice with a file', () => {
    expect(invoiceDraftIssues(ok, 'PAYMENT_INVOICE', 1, today)).toEqual([]);
    expect(invoiceDraftIssues({ ...ok, dueDate: ok.billingDate }, 'PAYMENT_INVOICE', 5, today)).toEqual([]);
  });
  it('refuses impossible dates, a due date before billing, no file, too many files and a card amount of 49', () => {
    expect(invoiceDraftIssues({ ...ok, billingDate: '2026-02-30' }, 'PAYMENT_INVOICE', 1, today)).toEqual([
      { path: 'billingDate', code: 'invalid_format' },
    ]);
    expect(invoiceDraftIssues({ ...ok, dueDate: '2026-11-29' }, 'PAYMENT_INVOICE', 1, today)).toEqual([
      { path: 'dueDate', code: 'due_date_before_billing_date' },
    ]);
    expect(invoiceDraftIssues(ok, 'PAYMENT_INVOICE', 0, today)).toEqual([
      { path: 'files', code: 'invoice_file_required' },
    ]);
    expect(invoiceDraftIssues(ok, 'PAYMENT_INVOICE', 6, today)).toEqual([
      { path: 'files', code: 'MSG_28_5' },
    ]);
    expect(invoiceDraftIssues({ ...ok, amount: 49 }, 'CREDIT_CARD', 1, today)).toEqual([
      { path: 'amount', code: 'out_of_charge_range' },
    ]);
    expect(invoiceDraftIssues({}, 'PAYMENT_INVOICE', 1, today).map((i) => i.code)).toEqual([
      'MSG_00_21',
      'MSG_00_21',
      'MSG_00_21',
    ]);
  });
  it('refuses a billing date or a due date out of its bounds', () => {
    expect(
      invoiceDraftIssues(
        { ...ok, billingDate: '2062-11-30', dueDate: '2062-12-31' },
        'PAYMENT_INVOICE',
        1,
        today,
      ),
    ).toEqual([{ path: 'billingDate', code: 'invoice_billing_date_out_of_range' }]);
    expect(invoiceDraftIssues({ ...ok, dueDate: '2036-12-31' }, 'PAYMENT_INVOICE', 1, today)).toEqual([
      { path: 'dueDate', code: 'invoice_due_date_too_far' },
    ]);
  });
});

describe('invoiceDateIssues: the bounds of an invoice’s dates', () => {
  const today = '2026-11-25';
  it('gives the latest billing date and billed month a year from today', () => {
    expect(invoiceDateLimits(today)).toEqual({
      latestBillingDate: '2027-11-25',
      latestBilledMonth: '2027-11',
    });
    // A year from 29 February is the last day of the next February.
    expect(invoiceDateLimits('2028-02-29')).toEqual({
      latestBillingDate: '2029-02-28',
      latestBilledMonth: '2029-02',
    });
  });

  it.each<[string, string, string, { billingDate?: string; dueDate?: string }]>([
    ['a billing date on the first day', '2000-01-01', '2000-01-31', {}],
    ['an old paper invoice registered late', '2003-04-30', '2003-05-31', {}],
    ['a billing date a year ahead (advance billing)', '2027-11-25', '2027-12-31', {}],
    ['a due date a year after the billing date', '2026-11-30', '2027-11-30', {}],
    ['a due date on the billing date', '2026-11-30', '2026-11-30', {}],
    [
      'a billing date before 2000',
      '1999-12-31',
      '2000-01-31',
      { billingDate: 'invoice_billing_date_out_of_range' },
    ],
    [
      'a mistyped year 1926',
      '1926-11-30',
      '1926-12-31',
      { billingDate: 'invoice_billing_date_out_of_range' },
    ],
    [
      'a billing date a day past a year ahead',
      '2027-11-26',
      '2027-12-31',
      { billingDate: 'invoice_billing_date_out_of_range' },
    ],
    ['9999', '9999-12-31', '9999-12-31', { billingDate: 'invoice_billing_date_out_of_range' }],
    ['a due date a day past a year', '2026-11-30', '2027-12-01', { dueDate: 'invoice_due_date_too_far' }],
    ['a due date in 9999', '2026-11-30', '9999-12-31', { dueDate: 'invoice_due_date_too_far' }],
    [
      'a due date before the billing date',
      '2026-11-30',
      '2026-11-29',
      { dueDate: 'due_date_before_billing_date' },
    ],
    [
      'a mistyped billing date: the due date is measured from it once it is right',
      '1900-01-01',
      '1999-01-01',
      { billingDate: 'invoice_billing_date_out_of_range' },
    ],
    [
      'a mistyped billing date after its due date',
      '2062-11-30',
      '2026-12-31',
      { billingDate: 'invoice_billing_date_out_of_range', dueDate: 'due_date_before_billing_date' },
    ],
  ])('%s (%s, due %s)', (_label, billingDate, dueDate, expected) => {
    const issues = invoiceDateIssues({ billingDate, dueDate }, today);
    expect(Object.fromEntries(issues.map((i) => [i.path, i.code]))).toEqual(expected);
  });

  it('leaves a date that is no date to the format rule', () => {
    expect(invoiceDateIssues({ billingDate: '2062-02-30', dueDate: '2062-03-31' }, today)).toEqual([
      { path: 'billingDate', code: 'invalid_format' },
    ]);
    expect(invoiceDateIssues({ billingDate: '2026-11-30', dueDate: '' }, today)).toEqual([
      { path: 'dueDate', code: 'MSG_00_21' },
    ]);
  });
});

describe('settlementDateIssue', () => {
  it('wants a real date not after Japan today', () => {
    expect(settlementDateIssue('2026-11-25', '2026-11-25')).toBeNull();
    expect(settlementDateIssue('2026-11-26', '2026-11-25')).toBe('settlement_date_in_future');
    expect(settlementDateIssue('2026-02-30', '2026-11-25')).toBe('invalid_format');
    expect(settlementDateIssue('', '2026-11-25')).toBe('MSG_00_21');
    // Not before the billed month began (a payment before the invoice's own date is fine).
    expect(settlementDateIssue('2026-10-31', '2026-11-25', '2026-11')).toBe('settlement_before_billed_month');
    expect(settlementDateIssue('1900-01-01', '2026-11-25', '2026-11')).toBe('settlement_before_billed_month');
    expect(settlementDateIssue('2026-11-01', '2026-11-25', '2026-11')).toBeNull();
  });
});

describe('overdue', () => {
  const billed = { status: 'BILLED' as InvoiceStatus, dueDate: '2026-11-10' };
  it('is overdue only when billed and past the due date', () => {
    expect(isOverdue(billed, '2026-11-10')).toBe(false);
    expect(isOverdue(billed, '2026-11-11')).toBe(true);
    expect(isOverdue({ ...billed, status: 'PAID' }, '2027-01-01')).toBe(false);
    expect(isOverdue({ ...billed, status: 'UNCLAIMED' }, '2027-01-01')).toBe(false);
  });
  it.each([
    ['2026-11-10', 0, 0],
    ['2026-11-11', 1, 1],
    ['2026-11-16', 6, 1],
    ['2026-11-17', 7, 2],
    ['2026-12-09', 29, 2],
    ['2026-12-10', 30, 3],
    ['2027-06-01', 203, 3],
  ])('on %s: %i days, step %i', (today, days, step) => {
    expect(daysOverdue(billed, today)).toBe(days);
    expect(overdueStep(billed, today)).toBe(step);
  });
});

describe('invoiceActions', () => {
  /** Every combination that allows something, written out; all others allow nothing. */
  const allowed: Record<string, InvoiceAction[]> = {
    'UNCLAIMED TRANSPORT PAYMENT_INVOICE': ['SEND', 'CORRECT'],
    'UNCLAIMED TRANSPORT CREDIT_CARD': ['SEND', 'CORRECT'],
    'BILLED TRANSPORT PAYMENT_INVOICE': ['RESEND_ATTACHMENT_MAIL', 'MARK_PAID', 'CORRECT'],
    'BILLED TRANSPORT CREDIT_CARD': ['RESEND_ATTACHMENT_MAIL', 'RESEND_PAYMENT_NOTICE', 'CORRECT'],
    'PAID TRANSPORT PAYMENT_INVOICE': ['RESEND_ATTACHMENT_MAIL'],
    'PAID TRANSPORT CREDIT_CARD': ['RESEND_ATTACHMENT_MAIL'],
    'BILLED WASTE CREDIT_CARD': ['PAY_BY_CARD'],
  };
  for (const status of INVOICE_STATUSES)
    for (const side of ['WASTE', 'TRANSPORT'] as InvoiceSide[])
      for (const method of ['PAYMENT_INVOICE', 'CREDIT_CARD'] as InvoicePaymentMethod[]) {
        const key = `${status} ${side} ${method}`;
        it(key, () => {
          expect(invoiceActions(status, side, method)).toEqual(allowed[key] ?? []);
          expect(invoiceActions(status, side, method, false)).toEqual([]);
        });
      }
});

describe('attachesToMail', () => {
  it('attaches up to 25 MB in total', () => {
    expect(attachesToMail([MAIL_ATTACHMENT_MAX_BYTES])).toBe(true);
    expect(attachesToMail([MAIL_ATTACHMENT_MAX_BYTES - 10, 11])).toBe(false);
    expect(attachesToMail([])).toBe(true);
  });
});

describe('invoice schemas', () => {
  const invoice = { billedMonth: '2026-11', billingDate: '2026-11-30', dueDate: '2026-12-31', amount: 1000 };
  const codes = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues.map((i) => i.message) ?? [];
  it('takes 1 to 5 invoices', () => {
    expect(registerInvoicesSchema.safeParse({ projectId: 1, invoices: [invoice] }).success).toBe(true);
    expect(codes(registerInvoicesSchema.safeParse({ projectId: 1, invoices: [] }))).toEqual(['MSG_00_21']);
    expect(
      codes(registerInvoicesSchema.safeParse({ projectId: 1, invoices: Array(6).fill(invoice) })),
    ).toEqual(['invoice_max_count']);
  });
  it('refuses 2026-02-30, fractions, amounts out of range and a due date before billing', () => {
    const one = (over: object) =>
      codes(registerInvoicesSchema.safeParse({ projectId: 1, invoices: [{ ...invoice, ...over }] }));
    expect(one({ billingDate: '2026-02-30' })).toEqual(['invalid_format']);
    expect(one({ amount: 10.5 })).toEqual(['invalid_format']);
    expect(one({ amount: 0 })).toEqual(['out_of_charge_range']);
    expect(one({ amount: 100_000_000 })).toEqual(['out_of_charge_range']);
    expect(one({ dueDate: '2026-11-01' })).toEqual(['due_date_before_billing_date']);
    expect(one({ billedMonth: undefined })).toEqual(['MSG_00_21']);
    expect(one({ billedMonth: '2026-13' })).toEqual(['invoice_month_invalid']);
    expect(
      codes(
        registerInvoicesSchema.safeParse({ projectId: 1, invoices: [invoice], confirmedBilledMonths: ['x'] }),
      ),
    ).toEqual(['invoice_month_invalid']);
    expect(codes(correctInvoiceSchema.safeParse({ ...invoice, keepFileIds: [1, 2, 3, 4, 5, 6] }))).toEqual([
      'MSG_28_5',
    ]);
  });
  it('list query reads filters from the address and refuses unknown values', () => {
    const q = invoiceListQuerySchema.parse({ status: 'BILLED', amountMin: '100', overdue: 'true' });
    expect(q).toMatchObject({ page: 1, size: 20, sort: 'billingDate', order: 'desc', amountMin: 100 });
    expect(invoiceListQuerySchema.safeParse({ status: 'LOST' }).success).toBe(false);
    expect(invoiceListQuerySchema.safeParse({ billingFrom: '2026-02-30' }).success).toBe(false);
    expect(invoiceListQuerySchema.safeParse({ amountMin: '1e3' }).success).toBe(false);
    // Current versions unless every kept version is asked for.
    expect(invoiceListQuerySchema.parse({}).versions).toBe('current');
    expect(invoiceListQuerySchema.parse({ versions: 'all' }).versions).toBe('all');
    expect(invoiceListQuerySchema.safeParse({ versions: 'old' }).success).toBe(false);
  });
  it('has an upload rule for invoice files', () => {
    expect(UPLOAD_RULES.INVOICE.maxFiles).toBe(5);
  });
});

describe('invoice numbers', () => {
  it.each([
    [1, 1, '000001'],
    [123, 1, '000123'],
    [123, 2, '000123-2'],
    [1_234_567, 3, '1234567-3'],
  ])('%i version %i is written %s', (n, version, text) => expect(formatInvoiceNumber(n, version)).toBe(text));

  it.each([
    ['000123', 123],
    ['123', 123],
    ['000123-2', 123],
    ['No.123', 123],
    ['no 123', 123],
    ['０００１２３－２', 123],
    [' 42 ', 42],
    ['0', null],
    ['abc', null],
    ['1-2-3', null],
    ['1234567890', null],
    ['', null],
  ])('reads %s as %s', (typed, n) => expect(parseInvoiceNumber(typed)).toBe(n));
});

describe('billed month', () => {
  it.each<[unknown, string | null]>([
    ['2026-10', null],
    ['2000-01', null],
    ['2100-12', null],
    ['1999-12', 'invoice_month_invalid'],
    ['2026-13', 'invoice_month_invalid'],
    ['2026-1', 'invoice_month_invalid'],
    ['2026/10', 'invoice_month_invalid'],
    [202610, 'invoice_month_invalid'],
    ['', 'MSG_00_21'],
    [undefined, 'MSG_00_21'],
  ])('%s -> %s', (value, expected) => {
    expect(billedMonthIssue(value)).toBe(expected);
  });

  it.each<[string, string | null]>([
    // The tests of the API bill months from 2000-01 on: every month since then may still be billed.
    ['2000-01', null],
    ['2026-11', null],
    ['2027-11', null],
    ['2027-12', 'invoice_month_too_far'],
    ['2100-12', 'invoice_month_too_far'],
    ['1999-12', 'invoice_month_invalid'],
  ])('on 2026-11-25, %s -> %s', (value, expected) => {
    expect(billedMonthIssue(value, '2026-11-25')).toBe(expected);
  });

  it('a registered invoice wants its month before the other rules', () => {
    const ok = { billedMonth: '2026-10', billingDate: '2026-11-30', dueDate: '2026-12-31', amount: 1000 };
    expect(invoiceRegistrationIssues(ok, 'PAYMENT_INVOICE', 1, '2026-11-25')).toEqual([]);
    expect(invoiceRegistrationIssues({ ...ok, billedMonth: '' }, 'PAYMENT_INVOICE', 0, '2026-11-25')).toEqual(
      [
        { path: 'billedMonth', code: 'MSG_00_21' },
        { path: 'files', code: 'invoice_file_required' },
      ],
    );
    expect(
      invoiceRegistrationIssues({ ...ok, billedMonth: '2062-10' }, 'PAYMENT_INVOICE', 1, '2026-11-25'),
    ).toEqual([{ path: 'billedMonth', code: 'invoice_month_too_far' }]);
  });
});

describe('billedMonthConflicts', () => {
  const up = (invoiceId: number, billedMonth = '2026-10'): MonthBilling => ({
    invoiceId,
    invoiceNumber: invoiceId,
    billedMonth,
    source: 'UPLOAD',
  });
  const gen = (invoiceId: number, billedMonth = '2026-10'): MonthBilling => ({
    invoiceId,
    invoiceNumber: invoiceId,
    billedMonth,
    source: 'GENERATED',
  });
  const upload = (billedMonth = '2026-10') => ({ billedMonth, source: 'UPLOAD' as const });
  const generate = (billedMonth = '2026-10') => ({ billedMonth, source: 'GENERATED' as const });

  it.each<[string, { billedMonth: string; source: 'UPLOAD' | 'GENERATED' }, MonthBilling[], boolean | null]>([
    ['a free month', upload(), [up(1, '2026-09'), gen(2, '2026-11')], null],
    ['uploaded after uploaded: a warning', upload(), [up(1)], false],
    ['uploaded after generated: a warning', upload(), [gen(1)], false],
    ['generated after uploaded: a warning', generate(), [up(1)], false],
    ['generated after generated: refused', generate(), [gen(1)], true],
    ['generated after both: refused', generate(), [up(1), gen(2)], true],
  ])('%s', (_label, draft, billed, refused) => {
    const [conflict] = billedMonthConflicts([draft], billed);
    if (refused === null) return expect(conflict).toBeUndefined();
    expect(conflict).toEqual({
      index: 0,
      billedMonth: '2026-10',
      billedBy: billed.filter((b) => b.billedMonth === '2026-10'),
      sameRegistration: [],
      isRefused: refused,
    });
  });

  it('checks each invoice of a registration against the earlier ones of the same registration too', () => {
    const conflicts = billedMonthConflicts([upload(), upload('2026-11'), upload(), upload()], []);
    expect(conflicts.map((c) => [c.index, c.sameRegistration])).toEqual([
      [2, [0]],
      [3, [0, 2]],
    ]);
  });

  it('lets confirmed warnings through, never a refused month', () => {
    const conflicts = billedMonthConflicts([upload(), upload('2026-11')], [up(1), up(2, '2026-11')]);
    expect(unconfirmedBilledMonths(conflicts).map((c) => c.index)).toEqual([0, 1]);
    expect(unconfirmedBilledMonths(conflicts, ['2026-11']).map((c) => c.index)).toEqual([0]);
    expect(unconfirmedBilledMonths(conflicts, ['2026-10', '2026-11'])).toEqual([]);
    const refused = billedMonthConflicts([generate()], [gen(1)]);
    expect(unconfirmedBilledMonths(refused, ['2026-10'])).toEqual(refused);
  });
});
