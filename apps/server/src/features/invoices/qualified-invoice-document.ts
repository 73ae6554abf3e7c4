import { formatInvoiceNumber } from '@junkan/shared/invoice-rules';
import { BANK_ACCOUNT_TYPE_LABELS_JA, type PayeeAccount } from '@junkan/shared/rules/bank-account';
import type { QualifiedInvoiceTotals } from '@junkan/shared/rules/qualified-invoice';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  formatJapaneseDate,
  PDF_FONT_FAMILY,
  renderPdf,
  THIN_GRID,
  unbroken,
  unbrokenDates,
} from '../../lib/pdf';

/**
 * What a qualified invoice (適格請求書, 消費税法 第57条の4) must show, and what this document prints: the issuer's
 * name and registration number, the transaction dates, what was supplied, the tax-excluded amounts and the
 * consumption tax per rate (with the rates), and the recipient's name; then the invoice's number, the billing and
 * due dates and, for a bank transfer, where to pay (振込先).
 */
export interface QualifiedInvoiceDocumentData {
  /** 請求書番号 and version; null on a preview (the number is taken when the invoice is registered). */
  invoiceNumber: { number: number; version: number } | null;
  /** 振込先 (bank transfer); none for a card invoice. */
  payeeAccounts: readonly PayeeAccount[];
  issuer: {
    companyName: string;
    postalCode: string;
    address: string;
    telephone: string;
    registrationNumber: string;
  };
  recipient: { companyName: string };
  projectTitle: string;
  /** The billed month, YYYY-MM-DD. */
  periodFrom: string;
  periodTo: string;
  billingDate: string;
  dueDate: string;
  totals: QualifiedInvoiceTotals;
}

const NUMBER = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 3 });
const yen = (amount: number) => `${NUMBER.format(amount)}円`;
/** '1234.5' -> '1,234.5' without passing through a float for the fraction. */
function quantityText(quantity: string): string {
  const [whole, fraction] = quantity.split('.');
  return `${NUMBER.format(Number(whole))}${fraction ? `.${fraction}` : ''}`;
}

/** 2026-10-01〜2026-10-31 as 2026年10月1日〜2026年10月31日, one date when both are the same day. */
function dateRange(from: string, to: string): string {
  return from === to ? formatJapaneseDate(from) : `${formatJapaneseDate(from)}〜${formatJapaneseDate(to)}`;
}

function payeeTable(accounts: readonly PayeeAccount[]): Content {
  return {
    stack: [
      { text: 'お振込先', bold: true, margin: [0, 0, 0, 2] },
      {
        table: {
          headerRows: 1,
          widths: ['*', '*', 30, 50, '*'],
          body: [
            ['金融機関（コード）', '支店（コード）', '種別', '口座番号', '口座名義'].map(head),
            ...accounts.map((a): TableCell[] => [
              `${a.bankName}（${a.bankCode}）`,
              `${a.branchName}（${a.branchCode}）`,
              { text: BANK_ACCOUNT_TYPE_LABELS_JA[a.accountType], alignment: 'center' },
              unbroken(a.accountNumber, { alignment: 'center' }),
              a.holderName,
            ]),
          ],
        },
        layout: THIN_GRID,
      },
    ],
    margin: [0, 12, 0, 0],
    unbreakable: true,
  };
}

const head = (text: string): TableCell => ({ text, style: 'th' });
const right = (text: string, extra: Record<string, unknown> = {}): TableCell => ({
  text,
  alignment: 'right',
  ...extra,
});

export function renderQualifiedInvoicePdf(data: QualifiedInvoiceDocumentData): Promise<Buffer> {
  return renderPdf(qualifiedInvoiceDefinition(data));
}

function qualifiedInvoiceDefinition(data: QualifiedInvoiceDocumentData): TDocumentDefinitions {
  const { issuer, totals } = data;
  const hasReduced = totals.rates.some((r) => r.taxRate !== 10);
  const lineRows: TableCell[][] = totals.lines.map((l) => [
    // Each date whole on its own line: 2026年10月3日〜 / 2026年10月20日.
    unbrokenDates(dateRange(l.dateFrom, l.dateTo ?? l.dateFrom), { fontSize: 8 }),
    `${l.description}${l.taxRate !== 10 ? ' ※' : ''}`,
    right(quantityText(l.quantity)),
    { text: l.unit, alignment: 'center' },
    right(yen(l.unitPrice)),
    right(`${l.taxRate}%`),
    right(yen(l.amount)),
  ]);
  const rateRows: TableCell[][] = totals.rates.flatMap((r) => [
    [`${r.taxRate}%対象 小計（税抜）`, right(yen(r.subtotal))],
    [`${r.taxRate}%対象 消費税`, right(yen(r.tax))],
  ]);

  const content: Content[] = [
    { text: '請求書（適格請求書）', style: 'title' },
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: `${data.recipient.companyName} 御中`, style: 'recipient' },
            { text: `件名：${data.projectTitle}`, margin: [0, 8, 0, 0] },
            { text: `取引期間：${dateRange(data.periodFrom, data.periodTo)}` },
            { text: '下記のとおりご請求申し上げます。', margin: [0, 8, 0, 0] },
            // A corrected qualified invoice names the one it corrects (修正した適格請求書).
            ...(data.invoiceNumber && data.invoiceNumber.version > 1
              ? [
                  {
                    text: `本書は請求書番号 ${formatInvoiceNumber(data.invoiceNumber.number)} の訂正版（第${data.invoiceNumber.version}版）です。先にお送りした版に代わるものです。`,
                    fontSize: 8,
                  },
                ]
              : []),
          ],
        },
        {
          width: 220,
          stack: [
            {
              text: `請求書番号：${
                data.invoiceNumber
                  ? formatInvoiceNumber(data.invoiceNumber.number, data.invoiceNumber.version)
                  : '（登録時に採番）'
              }`,
              alignment: 'right',
            },
            { text: `請求日：${formatJapaneseDate(data.billingDate)}`, alignment: 'right' },
            {
              text: `お支払期限：${formatJapaneseDate(data.dueDate)}`,
              alignment: 'right',
              margin: [0, 0, 0, 8],
            },
            { text: issuer.companyName, bold: true, fontSize: 11 },
            { text: `登録番号：${issuer.registrationNumber}` },
            ...(issuer.postalCode ? [{ text: `〒${issuer.postalCode}` }] : []),
            ...(issuer.address ? [{ text: issuer.address }] : []),
            ...(issuer.telephone ? [{ text: `TEL：${issuer.telephone}` }] : []),
          ],
        },
      ],
      margin: [0, 0, 0, 12],
    },
    {
      table: {
        widths: [130, 140],
        body: [
          [
            { text: 'ご請求金額（税込）', style: 'th' },
            right(yen(totals.total), { fontSize: 13, bold: true }),
          ],
        ],
      },
      layout: THIN_GRID,
      margin: [0, 0, 0, 12],
    },
    {
      table: {
        headerRows: 1,
        widths: [84, '*', 50, 26, 58, 28, 64],
        body: [
          [
            head('取引年月日'),
            head('品目'),
            head('数量'),
            head('単位'),
            head('単価'),
            head('税率'),
            head('金額（税抜）'),
          ],
          ...lineRows,
        ],
        dontBreakRows: true,
      },
      layout: THIN_GRID,
      margin: [0, 0, 0, 8],
    },
    {
      columns: [
        {
          width: '*',
          stack: [
            {
              text: '※ 単価・金額は税抜です。消費税は税率ごとに合計した金額から計算しています（1円未満切り捨て）。',
              style: 'note',
            },
            ...(hasReduced ? [{ text: '※印は軽減税率（8%）対象です。', style: 'note' }] : []),
          ],
        },
        {
          width: 230,
          table: {
            widths: ['*', 90],
            body: [
              ...rateRows,
              ['消費税合計', right(yen(totals.tax))],
              [{ text: '合計（税込）', bold: true }, right(yen(totals.total), { bold: true })],
            ],
          },
          layout: THIN_GRID,
        },
      ],
      columnGap: 12,
    },
    ...(data.payeeAccounts.length ? [payeeTable(data.payeeAccounts)] : []),
  ];

  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    info: { title: `請求書 ${data.projectTitle}`, subject: '請求書（適格請求書）' },
    language: 'ja-JP',
    content,
    footer: (page, pages) => ({ text: `${page} / ${pages}`, style: 'footer' }),
    defaultStyle: { font: PDF_FONT_FAMILY, fontSize: 9, lineHeight: 1.25 },
    styles: {
      title: { fontSize: 18, bold: true, alignment: 'center', margin: [0, 0, 0, 14] },
      recipient: { fontSize: 13, bold: true, decoration: 'underline' },
      th: { bold: true, fillColor: '#eeeeee', alignment: 'center' },
      note: { fontSize: 8, color: '#444444' },
      footer: { alignment: 'center', fontSize: 8, color: '#666666', margin: [0, 15, 0, 0] },
    },
  };
}
