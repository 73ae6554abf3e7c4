import { describe, expect, it } from 'vitest';
import {
  billedMonthWarnings,
  correctedLinesOf,
  correctionDateIssues,
  correctionFormData,
  correctionIssues,
  emptyInvoiceBlock,
  invoiceFileIssue,
  lineCorrectionFormData,
  lineCorrectionState,
  registerViewOf,
  registrationFormData,
  registrationIssues,
  serverFieldPath,
  uploadedMonthWarnings,
} from './invoice-form-values';

const file = (name: string) => ({ name, originFileObj: new File(['%PDF'], name) });
const ok = {
  billedMonth: '2026-10',
  billingDate: '2026-11-25',
  dueDate: '2026-12-31',
  amount: 1000,
  files: [file('a.pdf')],
};

describe('registerViewOf', () => {
  const view = (query: string, today = '2026-11-15') => registerViewOf(new URLSearchParams(query), today);

  it('uploads and bills the last month by default', () => {
    expect(view('')).toEqual({ mode: 'upload', month: '2026-10' });
    expect(view('', '2026-01-31')).toEqual({ mode: 'upload', month: '2025-12' });
    expect(view('', '2026-03-31')).toEqual({ mode: 'upload', month: '2026-02' });
  });

  it('reads the mode and a well-formed month from the address', () => {
    expect(view('mode=generate&month=2026-04')).toEqual({ mode: 'generate', month: '2026-04' });
    expect(view('mode=other')).toEqual({ mode: 'upload', month: '2026-10' });
  });

  it.each(['2026-13', '2026-00', '2026-4', '2026-04-01', 'x'])('ignores the month %s', (month) => {
    expect(view(`month=${month}`).month).toBe('2026-10');
  });
});

describe('emptyInvoiceBlock', () => {
  it('starts with nothing filled in, and a new list of files each time', () => {
    expect(emptyInvoiceBlock()).toEqual({
      billedMonth: null,
      billingDate: null,
      dueDate: null,
      amount: null,
      files: [],
    });
    expect(emptyInvoiceBlock().files).not.toBe(emptyInvoiceBlock().files);
  });
});

describe('registrationIssues', () => {
  const today = '2026-11-25';
  it('passes complete blocks and names each issue by its block', () => {
    expect(registrationIssues([ok, ok], 'PAYMENT_INVOICE', today)).toEqual([]);
    expect(
      registrationIssues(
        [ok, { ...ok, billingDate: '2026-02-30', amount: 49, files: [] }],
        'CREDIT_CARD',
        today,
      ),
    ).toEqual([
      { name: ['invoices', 1, 'billingDate'], code: 'invalid_format' },
      { name: ['invoices', 1, 'amount'], code: 'out_of_charge_range' },
      { name: ['invoices', 1, 'files'], code: 'invoice_file_required' },
    ]);
    expect(registrationIssues([{ ...ok, dueDate: '2026-11-01' }], 'PAYMENT_INVOICE', today)).toEqual([
      { name: ['invoices', 0, 'dueDate'], code: 'due_date_before_billing_date' },
    ]);
  });
  it("wants each block's billed month", () => {
    expect(registrationIssues([ok, { ...ok, billedMonth: null }], 'PAYMENT_INVOICE', today)).toEqual([
      { name: ['invoices', 1, 'billedMonth'], code: 'MSG_00_21' },
    ]);
  });
  it('keeps the month and dates within their bounds on the day, as the server does', () => {
    const mistyped = { ...ok, billedMonth: '2062-10', billingDate: '2062-11-25', dueDate: '2062-12-31' };
    expect(
      registrationIssues([ok, mistyped, { ...ok, dueDate: '9999-12-31' }], 'PAYMENT_INVOICE', today),
    ).toEqual([
      { name: ['invoices', 1, 'billedMonth'], code: 'invoice_month_too_far' },
      { name: ['invoices', 1, 'billingDate'], code: 'invoice_billing_date_out_of_range' },
      { name: ['invoices', 2, 'dueDate'], code: 'invoice_due_date_too_far' },
    ]);
    // The same dates a year later are in bounds.
    expect(
      registrationIssues([{ ...mistyped, dueDate: '2062-12-31' }], 'PAYMENT_INVOICE', '2062-01-01'),
    ).toEqual([]);
  });
});

describe('a correction’s issues', () => {
  const today = '2026-11-25';
  const values = { billingDate: '2026-11-25', dueDate: '2026-12-31', amount: 1000, files: [] };
  it('checks an uploaded invoice without a month (a correction keeps it), its kept files counting', () => {
    expect(correctionIssues(values, 1, 'PAYMENT_INVOICE', today)).toEqual([]);
    expect(correctionIssues({ ...values, files: [file('b.pdf')] }, 0, 'PAYMENT_INVOICE', today)).toEqual([]);
    expect(correctionIssues(values, 0, 'PAYMENT_INVOICE', today)).toEqual([
      { name: ['files'], code: 'invoice_file_required' },
    ]);
    expect(
      correctionIssues({ ...values, billingDate: '1926-11-25', amount: 49 }, 1, 'CREDIT_CARD', today),
    ).toEqual([
      { name: ['billingDate'], code: 'invoice_billing_date_out_of_range' },
      { name: ['amount'], code: 'out_of_charge_range' },
    ]);
  });
  it('checks a generated invoice’s dates only (its lines are checked apart)', () => {
    expect(correctionDateIssues(values, today)).toEqual([]);
    expect(correctionDateIssues({ ...values, dueDate: '2036-12-31' }, today)).toEqual([
      { name: ['dueDate'], code: 'invoice_due_date_too_far' },
    ]);
  });
});

describe('billedMonthWarnings', () => {
  const billed = [
    { invoiceId: 12, invoiceNumber: 7, billedMonth: '2026-10', source: 'GENERATED' as const },
    { invoiceId: 13, invoiceNumber: 8, billedMonth: '2026-09', source: 'UPLOAD' as const },
  ];
  it('warns of a block whose month the project billed, or an earlier block bills; not of blocks without one', () => {
    const blocks = [ok, { ...ok, billedMonth: '2026-08' }, { ...ok, billedMonth: '2026-08' }, {}, {}];
    expect(billedMonthWarnings(blocks, billed)).toEqual([
      {
        index: 0,
        billedMonth: '2026-10',
        billedBy: [billed[0]],
        sameRegistration: [],
        isRefused: false,
      },
      { index: 2, billedMonth: '2026-08', billedBy: [], sameRegistration: [1], isRefused: false },
    ]);
    expect(billedMonthWarnings([{ ...ok, billedMonth: '2026-11' }], billed)).toEqual([]);
  });
  it('warns a generated invoice of the uploaded ones that bill its month', () => {
    const uploads = [
      { invoiceId: 4, invoiceNumber: 40 },
      { invoiceId: 5, invoiceNumber: 50 },
    ];
    expect(uploadedMonthWarnings('2026-10', uploads)).toMatchObject([
      {
        index: 0,
        billedMonth: '2026-10',
        billedBy: [
          { invoiceId: 4, invoiceNumber: 40 },
          { invoiceId: 5, invoiceNumber: 50 },
        ],
        isRefused: false,
      },
    ]);
    expect(uploadedMonthWarnings('2026-10', [])).toEqual([]);
  });
});

describe('invoiceFileIssue', () => {
  it('applies the invoice upload rule', () => {
    expect(invoiceFileIssue({ name: 'a.pdf', size: 10 }, [])).toBeNull();
    expect(invoiceFileIssue({ name: 'a.mp4', size: 10 }, [])).toBe('upload_file_type_error');
    expect(invoiceFileIssue({ name: 'A.PDF', size: 10 }, ['a.pdf'])).toBe('upload_file_same_name_error');
    expect(invoiceFileIssue({ name: 'b.pdf', size: 11 * 1024 * 1024 }, [])).toBe('file_too_large');
    expect(invoiceFileIssue({ name: 'f.pdf', size: 1 }, ['a', 'b', 'c', 'd', 'e'])).toBe('MSG_28_5');
  });
});

describe('form bodies', () => {
  it('puts the data first and the files under their block', () => {
    const form = registrationFormData(7, [ok, { ...ok, files: [file('b.pdf'), file('c.png')] }]);
    const invoice = {
      billedMonth: '2026-10',
      billingDate: '2026-11-25',
      dueDate: '2026-12-31',
      amount: 1000,
    };
    expect(JSON.parse(form.get('data') as string)).toEqual({ projectId: 7, invoices: [invoice, invoice] });
    const confirmed = registrationFormData(7, [ok, ok], ['2026-10', '2026-10']);
    expect(JSON.parse(confirmed.get('data') as string)).toMatchObject({ confirmedBilledMonths: ['2026-10'] });
    expect([...form.keys()]).toEqual(['data', 'files.0', 'files.1', 'files.1']);
    const correction = correctionFormData({ ...ok, amount: 900 }, [3]);
    // A correction keeps the month: it is not sent.
    expect(JSON.parse(correction.get('data') as string)).toEqual({
      billingDate: '2026-11-25',
      dueDate: '2026-12-31',
      amount: 900,
      keepFileIds: [3],
    });
    expect(correction.getAll('files')).toHaveLength(1);
  });
  it('reads a server field as a form path', () => {
    expect(serverFieldPath('invoices.1.amount')).toEqual(['invoices', 1, 'amount']);
  });
});

describe('a generated invoice corrected by its lines', () => {
  const printed = correctedLinesOf([
    {
      key: 'waste-1',
      kind: 'WASTE',
      description: '可燃ごみ',
      dateFrom: '2026-10-01',
      dateTo: '2026-10-31',
      quantity: '80',
      reportedQuantity: '80',
      unit: 'kg',
      unitPrice: 50,
      taxRate: 10,
      amount: 4000,
    },
    {
      key: 'manifest-fee',
      kind: 'MANIFEST_FEE',
      description: 'マニフェスト利用料（電子）',
      dateFrom: '2026-10-03',
      dateTo: '2026-10-20',
      quantity: '3',
      reportedQuantity: '3',
      unit: '件',
      unitPrice: 300,
      taxRate: 10,
      amount: 900,
    },
  ]);

  it('recomputes the totals by the shared rule as quantities and prices change', () => {
    expect(lineCorrectionState(printed)).toMatchObject({
      isValid: true,
      totals: { subtotal: 4900, total: 5390 },
    });
    const edited = [
      { ...printed[0]!, typedQuantity: '75.5', typedUnitPrice: 48 },
      { ...printed[1]!, isRemoved: true },
    ];
    // 75.5 x 48 = 3,624; tax 362.
    expect(lineCorrectionState(edited)).toMatchObject({
      isValid: true,
      totals: { subtotal: 3624, tax: 362, total: 3986 },
    });
  });

  it('names a bad quantity or price by its line, and needs one line kept', () => {
    const bad = [
      { ...printed[0]!, typedQuantity: '1.2345' },
      { ...printed[1]!, typedUnitPrice: null },
    ];
    expect(lineCorrectionState(bad)).toMatchObject({
      isValid: false,
      issues: [
        { index: 0, field: 'quantity', code: 'invalid_format' },
        { index: 1, field: 'unitPrice', code: 'MSG_00_21' },
      ],
    });
    expect(lineCorrectionState(printed.map((r) => ({ ...r, isRemoved: true }))).isValid).toBe(false);
  });

  it('sends the dates and the kept lines by key, never an amount or files', async () => {
    const form = lineCorrectionFormData({ billingDate: '2026-10-31', dueDate: '2026-11-30' }, [
      { ...printed[0]!, typedQuantity: ' 75.5 ', typedUnitPrice: 48 },
      { ...printed[1]!, isRemoved: true },
    ]);
    expect([...form.keys()]).toEqual(['data']);
    expect(JSON.parse(form.get('data') as string)).toEqual({
      billingDate: '2026-10-31',
      dueDate: '2026-11-30',
      lines: [{ key: 'waste-1', quantity: '75.5', unitPrice: 48 }],
    });
  });
});
