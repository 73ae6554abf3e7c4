import type { QualifiedInvoiceDraft, QualifiedInvoiceFlag } from '@junkan/shared/api/qualified-invoices';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/qualified-invoices.json';
import ja from '../../../locales/ja/qualified-invoices.json';
import {
  builderDateIssues,
  builderState,
  dateRangeText,
  defaultDates,
  flagMessage,
  flagSeverity,
  initialEdits,
  pdfRequestOf,
  withBilled,
  withQuantity,
} from './qualified-invoice-builder-values';

const line = (key: string, quantity: string, unitPrice: number, unit = 't') => ({
  key,
  kind: 'WASTE' as const,
  description: key,
  dateFrom: '2026-10-01',
  dateTo: '2026-10-31',
  quantity,
  reportedQuantity: quantity,
  unit,
  unitPrice,
  taxRate: 10 as const,
  amount: 0,
});

const draft: QualifiedInvoiceDraft = {
  projectId: 7,
  projectTitle: '廃プラ回収',
  month: '2026-10',
  periodFrom: '2026-10-01',
  periodTo: '2026-10-31',
  issuer: {
    companyName: '東都',
    postalCode: '',
    address: '',
    telephone: '',
    registrationNumber: 'T7000012050002',
  },
  recipient: { companyName: 'グリーン商事' },
  lines: [
    line('waste-1', '1.75', 15_001),
    line('waste-2', '12.35', 33, 'kg'),
    line('manifest-fee', '3', 300, '件'),
  ],
  rates: [],
  subtotal: 0,
  tax: 0,
  total: 0,
  flags: [{ code: 'REPORTS_NOT_SETTLED', count: 1 }],
};

describe('builderState', () => {
  it('computes the amounts and the tax once per rate from the draft as reported', () => {
    const state = builderState(draft, initialEdits(draft));
    expect(state.rows.map((r) => r.amount)).toEqual([26_252, 408, 900]);
    expect(state.totals.rates).toEqual([{ taxRate: 10, subtotal: 27_560, tax: 2756 }]);
    expect(state.totals.total).toBe(30_316);
    expect(state.flags).toEqual(draft.flags);
    expect(state.canGenerate).toBe(true);
  });

  it('flags an edited quantity and an excluded line, and bills only what is kept', () => {
    const edits = { quantities: { 'waste-1': ' 2.005 ' }, excluded: new Set(['manifest-fee']) };
    const state = builderState(draft, edits);
    expect(state.rows.map((r) => [r.key, r.amount, r.differs])).toEqual([
      ['waste-1', 30_077, true],
      ['waste-2', 408, false],
      ['manifest-fee', 0, true],
    ]);
    expect(state.totals).toMatchObject({ subtotal: 30_485, tax: 3048, total: 33_533 });
    expect(state.flags.filter((f) => f.code === 'QUANTITY_DIFFERS')).toEqual([
      expect.objectContaining({ key: 'waste-1', billed: '2.005', reported: '1.75', difference: '0.255' }),
      expect.objectContaining({ key: 'manifest-fee', billed: null, reported: '3' }),
    ]);
    expect(pdfRequestOf(draft, state, { billingDate: '2026-10-31', dueDate: '2026-11-30' })).toEqual({
      projectId: 7,
      month: '2026-10',
      billingDate: '2026-10-31',
      dueDate: '2026-11-30',
      lines: [
        { key: 'waste-1', quantity: '2.005' },
        { key: 'waste-2', quantity: '12.35' },
      ],
    });
  });

  it('keeps an invalid quantity out of the totals and blocks generating', () => {
    const state = builderState(draft, { quantities: { 'waste-2': '1.2345' }, excluded: new Set() });
    expect(state.rows[1]).toMatchObject({ isInvalid: true, amount: 0 });
    expect(state.totals.subtotal).toBe(26_252 + 900);
    expect(state.canGenerate).toBe(false);
  });

  it('blocks generating without a registration number or without a billed line', () => {
    const missing = { ...draft, issuer: { ...draft.issuer, registrationNumber: null } };
    expect(builderState(missing, initialEdits(missing))).toMatchObject({
      isRegistrationMissing: true,
      canGenerate: false,
    });
    const none = { quantities: {}, excluded: new Set(draft.lines.map((l) => l.key)) };
    expect(builderState(draft, none).canGenerate).toBe(false);
  });

  it('blocks generating and registering a bank-transfer invoice without an account to print', () => {
    const noAccount = { ...draft, flags: [{ code: 'BANK_ACCOUNT_MISSING' as const }] };
    expect(builderState(noAccount, initialEdits(noAccount))).toMatchObject({
      isPayeeMissing: true,
      canGenerate: false,
      canRegister: false,
    });
    expect(flagSeverity(noAccount.flags[0]!)).toBe('error');
  });

  it('lets a month a generated invoice bills be previewed but not registered again', () => {
    expect(builderState(draft, initialEdits(draft))).toMatchObject({
      canRegister: true,
      monthBilledByUploads: [],
    });
    const billed = {
      ...draft,
      flags: [
        { code: 'MONTH_ALREADY_BILLED' as const, invoiceId: 5, invoiceNumber: 12, source: 'UPLOAD' as const },
        {
          code: 'MONTH_ALREADY_BILLED' as const,
          invoiceId: 7,
          invoiceNumber: 123,
          source: 'GENERATED' as const,
        },
      ],
    };
    expect(builderState(billed, initialEdits(billed))).toMatchObject({
      canGenerate: true,
      canRegister: false,
      monthBilledByUploads: [],
    });
    expect(flagSeverity(billed.flags[1]!)).toBe('error');
    expect(flagMessage(billed.flags[1]!)).toEqual({
      key: 'qualifiedInvoice.flag.MONTH_ALREADY_BILLED',
      values: { invoiceNumber: '000123' },
    });
  });

  it('warns of a month an uploaded invoice bills: registering asks to confirm', () => {
    const billed = {
      ...draft,
      flags: [
        { code: 'MONTH_ALREADY_BILLED' as const, invoiceId: 5, invoiceNumber: 12, source: 'UPLOAD' as const },
      ],
    };
    expect(builderState(billed, initialEdits(billed))).toMatchObject({
      canRegister: true,
      monthBilledByUploads: [{ invoiceId: 5, invoiceNumber: 12 }],
    });
    expect(flagSeverity(billed.flags[0]!)).toBe('warning');
    expect(flagMessage(billed.flags[0]!)).toEqual({
      key: 'qualifiedInvoice.flag.MONTH_BILLED_BY_UPLOAD',
      values: { invoiceNumber: '000012' },
    });
  });
});

describe('dateRangeText', () => {
  it('shows one day once and a period from its first to its last day', () => {
    expect(dateRangeText('2026-10-05', '2026-10-05')).toBe('2026/10/05');
    expect(dateRangeText('2026-10-01', '2026-10-31')).toBe('2026/10/01〜2026/10/31');
  });
});

describe('edits', () => {
  const start = initialEdits(draft);

  it('keeps a typed quantity without touching the others', () => {
    const edited = withQuantity(start, 'waste-1', '2.5');
    expect(edited.quantities).toEqual({ 'waste-1': '2.5', 'waste-2': '12.35', 'manifest-fee': '3' });
    expect(start.quantities['waste-1']).toBe('1.75');
  });

  it('leaves a line out and bills it again, on a copy of the set', () => {
    const left = withBilled(start, 'waste-2', false);
    expect([...left.excluded]).toEqual(['waste-2']);
    expect(start.excluded.size).toBe(0);
    expect(withBilled(left, 'waste-2', true).excluded.size).toBe(0);
    expect([...withBilled(left, 'waste-2', false).excluded]).toEqual(['waste-2']);
  });
});

describe('builderDateIssues', () => {
  const today = '2026-11-25';
  it.each<[string, string, string, Record<string, string>]>([
    ['2026-10', '2026-10-31', '2026-11-30', {}],
    ['2026-10', '2026-10-31', '2026-10-31', {}],
    ['2026-10', '2026-10-31', '2026-10-30', { dueDate: 'due_date_before_billing_date' }],
    ['2026-10', '2062-10-31', '2062-11-30', { billingDate: 'invoice_billing_date_out_of_range' }],
    ['2026-10', '2026-10-31', '9999-11-30', { dueDate: 'invoice_due_date_too_far' }],
    ['2062-10', '2026-10-31', '2026-11-30', { month: 'invoice_month_too_far' }],
    ['2062-10', '', '', { month: 'invoice_month_too_far' }],
    ['2026-10', '', '', {}],
  ])('month %s, billed %s, due %s', (month, billingDate, dueDate, expected) => {
    expect(builderDateIssues({ month, billingDate, dueDate }, today)).toEqual(expected);
  });
});

describe('defaultDates', () => {
  it.each([
    ['2026-10-31', '2026-11-30'],
    ['2026-12-31', '2027-01-31'],
    ['2027-01-31', '2027-02-28'],
    ['2028-01-31', '2028-02-29'],
  ])('bills on %s, due %s', (periodTo, dueDate) =>
    expect(defaultDates({ periodTo })).toEqual({ billingDate: periodTo, dueDate }),
  );
});

describe('flagMessage', () => {
  const flags: QualifiedInvoiceFlag[] = [
    { code: 'REGISTRATION_NUMBER_MISSING' },
    { code: 'BANK_ACCOUNT_MISSING' },
    { code: 'NO_APPROVED_REPORTS' },
    { code: 'REPORTS_NOT_SETTLED', count: 2 },
    {
      code: 'UNIT_MISMATCH',
      description: 'a',
      reportedUnit: 'm3',
      contractUnit: 't',
      quantity: '1',
      reportCount: 1,
    },
    { code: 'NO_CONTRACT_PRICE', description: 'a', unit: 't', quantity: '1', reportCount: 1 },
    {
      code: 'QUANTITY_DIFFERS',
      key: 'k',
      description: 'a',
      unit: 't',
      billed: '2',
      reported: '1',
      difference: '1',
    },
    {
      code: 'QUANTITY_DIFFERS',
      key: 'k',
      description: 'a',
      unit: 't',
      billed: null,
      reported: '1',
      difference: '-1',
    },
    {
      code: 'QUANTITY_DIFFERS',
      key: 'k',
      description: 'a',
      unit: 't',
      billed: '1',
      reported: null,
      difference: '1',
    },
  ];
  const has = (tree: unknown, key: string) =>
    typeof key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree) ===
    'string';

  it('names a text in both languages for every flag', () => {
    const keys = flags.map((f) => flagMessage(f).key);
    expect(new Set(keys).size).toBe(9);
    for (const key of keys) {
      expect(has(ja, key), key).toBe(true);
      expect(has(en, key), key).toBe(true);
    }
  });

  it('makes the missing registration number and 振込先 the blocking flags', () => {
    expect(flags.map(flagSeverity).filter((s) => s === 'error')).toHaveLength(2);
    expect(flagSeverity({ code: 'REGISTRATION_NUMBER_MISSING' })).toBe('error');
  });
});
