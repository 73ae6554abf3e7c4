import { computeQualifiedInvoice } from '@junkan/shared/rules/qualified-invoice';
import { describe, expect, it } from 'vitest';
import { extractPdfLines } from '../../../test/pdf-text';
import { renderQualifiedInvoicePdf } from './qualified-invoice-document';

const data = (over: Partial<Parameters<typeof renderQualifiedInvoicePdf>[0]> = {}) => ({
  invoiceNumber: { number: 123, version: 1 },
  payeeAccounts: [],
  issuer: {
    companyName: '東都環境サービス株式会社',
    postalCode: '135-0016',
    address: '東京都江東区東陽3-7-1',
    telephone: '03-5678-1234',
    registrationNumber: 'T8010401098765',
  },
  recipient: { companyName: '株式会社グリーン商事' },
  projectTitle: '本社倉庫 廃プラスチック類 収集運搬',
  periodFrom: '2026-11-01',
  periodTo: '2026-11-30',
  billingDate: '2026-11-30',
  dueDate: '2026-12-31',
  totals: computeQualifiedInvoice([
    {
      description: '廃プラスチック類（混合・長い品目名が列の幅を超えて折り返す場合）',
      dateFrom: '2026-11-03',
      dateTo: '2026-11-30',
      quantity: '1.75',
      unit: 't',
      unitPrice: 15_001,
    },
    {
      description: '金属くず',
      dateFrom: '2026-12-30',
      dateTo: '2026-12-30',
      quantity: '12.35',
      unit: 'kg',
      unitPrice: 33,
    },
  ]),
  ...over,
});

const DATE = /\d{4}年\d{1,2}月\d{1,2}日/g;

describe('renderQualifiedInvoicePdf', () => {
  it('never breaks a date of the 取引年月日 column across lines', async () => {
    const [lines] = await extractPdfLines(await renderQualifiedInvoicePdf(data()));
    // Every piece of a date the page shows is a whole date on its line: none ends in 年/月 digits, none
    // starts with what a date's end would be.
    for (const line of lines!) {
      const rest = line.replace(DATE, '');
      expect(rest, line).not.toMatch(/\d{4}年(\d{1,2}月?)?$/);
      expect(rest, line).not.toMatch(/^(\d{1,2}日|日|月\d)/);
    }
    expect(lines).toEqual(expect.arrayContaining(['2026年11月3日〜', '2026年11月30日', '2026年12月30日']));
  });

  it('prints the number, and on a correction the number it corrects', async () => {
    const [first] = await extractPdfLines(await renderQualifiedInvoicePdf(data()));
    expect(first).toContain('請求書番号：000123');
    const [corrected] = await extractPdfLines(
      await renderQualifiedInvoicePdf(data({ invoiceNumber: { number: 123, version: 3 } })),
    );
    expect(corrected).toContain('請求書番号：000123-3');
    expect(corrected!.join('')).toContain('本書は請求書番号000123の訂正版（第3版）です。');
  });
});
