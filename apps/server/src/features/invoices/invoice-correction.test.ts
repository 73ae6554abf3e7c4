import type { CorrectInvoiceInput } from '@junkan/shared/api/invoices';
import type { InvoiceSource } from '@junkan/shared/invoice-rules';
import { describe, expect, it } from 'vitest';
import { correctionShapeIssues, uploadedCorrectionIssues } from './invoice-correction';

const input = (over: Partial<CorrectInvoiceInput>): CorrectInvoiceInput => ({
  billingDate: '2026-05-31',
  dueDate: '2026-06-30',
  keepFileIds: [],
  ...over,
});
const lines = [{ key: 'W11', quantity: '1.000', unitPrice: 1000 }];

describe('correctionShapeIssues', () => {
  const refused = 'invoice_generated_correct_lines';
  it.each<[string, InvoiceSource, Partial<CorrectInvoiceInput>, number, { field: string; code: string }[]]>([
    ['an uploaded invoice by amount and files', 'UPLOAD', { amount: 5000, keepFileIds: [1] }, 1, []],
    [
      'an uploaded invoice by lines',
      'UPLOAD',
      { amount: 5000, lines },
      0,
      [{ field: 'lines', code: 'invalid_format' }],
    ],
    ['a generated invoice by lines', 'GENERATED', { lines }, 0, []],
    [
      'a generated invoice by a bare amount',
      'GENERATED',
      { amount: 5000 },
      0,
      [{ field: 'amount', code: refused }],
    ],
    [
      'a generated invoice by lines and an amount',
      'GENERATED',
      { lines, amount: 5000 },
      0,
      [{ field: 'amount', code: refused }],
    ],
    [
      'a generated invoice with other files',
      'GENERATED',
      { lines, keepFileIds: [3] },
      1,
      [
        { field: 'files', code: refused },
        { field: 'keepFileIds', code: refused },
      ],
    ],
  ])('%s', (_, source, over, newFileCount, expected) => {
    expect(correctionShapeIssues(source, input(over), newFileCount)).toEqual(expected);
  });
});

describe('uploadedCorrectionIssues', () => {
  const files = (keep: number[], newCount: number) => ({ oldIds: [1, 2], keep, newCount });
  it.each<
    [string, Partial<CorrectInvoiceInput>, ReturnType<typeof files>, { field: string; code: string }[]]
  >([
    ['kept and new files within the rules', { amount: 5000 }, files([1], 1), []],
    [
      'a kept file the old version does not have',
      { amount: 5000 },
      files([3], 0),
      [{ field: 'keepFileIds', code: 'invalid_format' }],
    ],
    ['no file left', { amount: 5000 }, files([], 0), [{ field: 'files', code: 'invoice_file_required' }]],
    ['no amount', {}, files([1], 0), [{ field: 'amount', code: 'MSG_00_21' }]],
    [
      'a due date before the billing date',
      { amount: 5000, dueDate: '2026-05-01' },
      files([2], 0),
      [{ field: 'dueDate', code: 'due_date_before_billing_date' }],
    ],
    [
      'a billing date of a mistyped year',
      { amount: 5000, billingDate: '2062-05-31', dueDate: '2062-06-30' },
      files([2], 0),
      [{ field: 'billingDate', code: 'invoice_billing_date_out_of_range' }],
    ],
    [
      'a due date more than a year after the billing date',
      { amount: 5000, dueDate: '2027-06-01' },
      files([2], 0),
      [{ field: 'dueDate', code: 'invoice_due_date_too_far' }],
    ],
  ])('%s', (_, over, f, expected) => {
    expect(uploadedCorrectionIssues(input(over), 'PAYMENT_INVOICE', f, '2026-06-01')).toEqual(expected);
  });
});
