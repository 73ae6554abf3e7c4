import type { ContractFileKind } from '@junkan/shared/contract-rules';
import { formatDateWithEra } from '@junkan/shared/japanese-era';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { fileNameStem } from '../../lib/downloads';
import { PDF_FONT_FAMILY, renderPdf, THIN_GRID } from '../../lib/pdf';
import { type ContractLicense, NO_LICENSE, printedLicense } from './contract-license';
import { CONTRACT_TEMPLATES, type ContractTemplate } from './contract-templates';

export interface ContractParty {
  name: string;
  address: string;
  contactPerson: string;
}

export interface ContractDocumentData {
  kind: ContractFileKind;
  contractName: string;
  /** YYYY-MM-DD, Japan dates. */
  startDate: string;
  endDate: string;
  contractType: 'AUTO_UPDATE' | 'NO_AUTO_UPDATE' | 'SPOT';
  paymentMethod: 'PAYMENT_INVOICE' | 'CREDIT_CARD';
  issuedDate: string;
  /** 甲 (排出事業者). */
  discharger: ContractParty;
  /** 乙 (収集運搬業者 / 処分業者), with the license copied from the chosen permit (printed by `printedLicense`). */
  transporter: ContractParty & ContractLicense;
  dischargeSites: { name: string; address: string }[];
  lines: {
    wasteName: string;
    quantity: string | null;
    unitPrice: number;
    /** Transport and disposal together: the parts the unit price is made of, printed beneath it. */
    parts?: { transport: number; disposal: number } | null;
    unit: string | null;
    collectionDays: string;
  }[];
  /** Yen, 0 = none; printed for industrial waste only. */
  manifestFee: number;
  preparationFee: number;
}

export function renderContractPdf(data: ContractDocumentData): Promise<Buffer> {
  return renderPdf(contractDefinition(data));
}

/** `収集運搬委託契約書_<contract name>.pdf`, with characters that no file system accepts replaced. */
export function contractFileName(data: Pick<ContractDocumentData, 'kind' | 'contractName'>): string {
  const name = fileNameStem(data.contractName, 80, '契約');
  return `${CONTRACT_TEMPLATES[data.kind].fileNamePrefix}_${name}.pdf`;
}

const YEN = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 2 });

/** 12000 -> 12,000円 */
export function formatYen(amount: number): string {
  return `${YEN.format(amount)}円`;
}

const head = (text: string): TableCell => ({ text, style: 'th' });

function grid(widths: (number | string)[], body: TableCell[][]): Content {
  return {
    table: { headerRows: 1, widths, body, dontBreakRows: true },
    layout: THIN_GRID,
    margin: [0, 3, 0, 6],
  };
}

/** One article: heading line, then its paragraphs numbered 1, 2… when there is more than one. */
function article(no: number, heading: string, paragraphs: string[], after: Content[] = []): Content {
  const numbered = paragraphs.length > 1;
  return {
    stack: [
      { text: `第${no}条（${heading}）`, style: 'articleHeading', headlineLevel: 1 },
      ...paragraphs.map(
        (p, i): Content =>
          numbered
            ? {
                columns: [
                  { text: `${i + 1}`, width: 12 },
                  { text: p, width: '*' },
                ],
                columnGap: 2,
              }
            : { text: p },
      ),
      ...after,
    ],
    style: 'article',
  };
}

function renewalSentence(data: ContractDocumentData, t: ContractTemplate): string {
  switch (data.contractType) {
    case 'AUTO_UPDATE':
      return '期間満了の1か月前までに甲乙いずれからも書面による別段の申し出がない場合は、本契約は同一条件で更新されるものとし、以後も同様とする。';
    case 'NO_AUTO_UPDATE':
      return '本契約は期間満了をもって終了し、更新しないものとする。継続を希望する場合は、甲乙協議のうえ新たに契約を締結する。';
    case 'SPOT':
      return `本契約はスポット（単発）契約とし、前項の期間内に行う${t.work}の完了をもって終了する。本契約は更新しない。`;
  }
}

function paymentSentence(data: ContractDocumentData): string {
  return data.paymentMethod === 'CREDIT_CARD'
    ? '甲は、委託料金を乙所定の方法によるクレジットカード決済により支払う。'
    : '乙は、毎月末日締めで当月分の委託料金を甲に請求し、甲は請求書受領月の翌月末日までに乙の指定する銀行口座へ振り込む方法（請求書払い）により支払う。振込手数料は甲の負担とする。';
}

function feeParagraphs(data: ContractDocumentData, t: ContractTemplate): string[] {
  const fees = [`甲が乙に支払う${t.work}の委託料金は、第3条の単価に実績数量を乗じた額とする。`];
  if (t.isIndustrial && data.manifestFee > 0)
    fees.push(
      `甲は、前項のほか、マニフェスト（電子）利用料として${formatYen(data.manifestFee)}を乙に支払う。`,
    );
  fees.push(
    data.preparationFee > 0
      ? `甲は、本契約の締結にあたり、契約書作成手数料として${formatYen(data.preparationFee)}を乙に支払う。`
      : '契約書作成手数料は、無償とする。',
  );
  fees.push(
    '本契約に定める金額はいずれも消費税抜きの額とし、甲は別途これに係る消費税及び地方消費税（税率10%）相当額を支払う。',
  );
  return fees;
}

function partyRows(role: string, party: ContractParty): TableCell[][] {
  return [
    [{ text: role, bold: true, colSpan: 3 }, {}, {}],
    ['住所', party.address, ''],
    ['名称', { text: party.name, fontSize: 11 }, ''],
    ['担当者', party.contactPerson, { text: '印', color: '#888888', alignment: 'center' }],
  ];
}

/** Every date of a contract is printed with its era beside the western one, as Japanese contracts state them. */
const contractDate = (date: string, separator = '') => formatDateWithEra(date, { style: 'long', separator });

function contractDefinition(data: ContractDocumentData): TDocumentDefinitions {
  const t = CONTRACT_TEMPLATES[data.kind];
  const start = contractDate(data.startDate);
  const end = contractDate(data.endDate);
  const tr = data.transporter;
  const license = printedLicense(data.kind, tr);
  let no = 0;
  const next = () => ++no;

  const licenseTable = grid(
    [80, 66, 56, '*', 112],
    [
      [
        head('許可の種類'),
        head('許可番号'),
        head('許可自治体'),
        head('許可品目（廃棄物の種類）'),
        head('有効期限'),
      ],
      [
        license.kind,
        license.number,
        license.district,
        license.wasteKinds,
        license.expiryDate === null ? NO_LICENSE : contractDate(license.expiryDate, '\n'),
      ],
    ],
  );
  const siteTable = grid(
    [18, 150, '*'],
    [
      [head('No'), head('排出場所'), head('所在地')],
      ...data.dischargeSites.map((s, i): TableCell[] => [
        { text: `${i + 1}`, alignment: 'center' },
        s.name,
        s.address,
      ]),
    ],
  );
  const wasteTable = grid(
    [18, '*', 62, 68, 38, 100],
    [
      [head('No'), head('廃棄物の種類'), head('数量'), head('単価（税抜）'), head('単位'), head(t.daysLabel)],
      ...data.lines.map((l, i): TableCell[] => [
        { text: `${i + 1}`, alignment: 'center' },
        l.wasteName,
        { text: l.quantity ?? '実績による', alignment: 'right' },
        l.parts
          ? {
              stack: [
                formatYen(l.unitPrice),
                { text: `運搬 ${formatYen(l.parts.transport)}`, fontSize: 7 },
                { text: `処分 ${formatYen(l.parts.disposal)}`, fontSize: 7 },
              ],
              alignment: 'right',
            }
          : { text: formatYen(l.unitPrice), alignment: 'right' },
        { text: l.unit ?? '—', alignment: 'center' },
        l.collectionDays,
      ]),
    ],
  );
  const content: Content[] = [
    { text: t.title, style: 'title' },
    { text: `契約名：${data.contractName}`, alignment: 'right', margin: [0, 0, 0, 8] },
    {
      text: `排出事業者 ${data.discharger.name}（以下「甲」という。）と${t.transporterRole} ${tr.name}（以下「乙」という。）は、甲の事業活動に伴って生じる${t.wasteClass}の${t.work}の委託に関し、次のとおり契約（以下「本契約」という。）を締結する。`,
      margin: [0, 0, 0, 6],
    },
    article(next(), '目的', [
      `甲は、甲の事業活動に伴って生じる${t.wasteClass}のうち第3条に定めるもの（以下「本件廃棄物」という。）の${t.work}を乙に委託し、乙はこれを受託する。`,
      '甲及び乙は、廃棄物の処理及び清掃に関する法律（以下「法」という。）その他の関係法令を遵守し、本件廃棄物を適正に処理する。',
    ]),
    article(
      next(),
      '乙の許可',
      [
        `乙は、${t.licenseArticle}に基づく次の許可を有し、本件廃棄物はその許可の範囲に含まれる。乙は、許可の内容に変更があったとき、又は許可の取消し若しくは事業の停止の処分を受けたときは、直ちに書面で甲に通知する。${
          // The law asks for the permit copy attached to the contract: its PDF is one of the contract's documents.
          license.copyAttached ? '乙の許可証の写しは、本契約書に添付する。' : ''
        }`,
      ],
      [licenseTable],
    ),
    article(
      next(),
      '委託する廃棄物及び排出場所',
      ['甲が乙に委託する本件廃棄物の種類、数量、単価及び排出場所は、次のとおりとする。'],
      [siteTable, wasteTable],
    ),
    article(next(), '契約期間', [`本契約の期間は、${start}から${end}までとする。`, renewalSentence(data, t)]),
    article(next(), '委託料金', feeParagraphs(data, t)),
    article(next(), '支払方法', [paymentSentence(data)]),
    article(next(), '乙の業務', [
      ...t.performance,
      '乙は、受託した業務の全部又は一部を第三者に再委託してはならない。',
    ]),
    article(next(), t.handover.heading, t.handover.paragraphs),
    article(next(), '甲の責任', [t.dischargerDuty]),
    article(next(), '契約の解除', [
      '甲又は乙は、相手方が本契約に違反し、相当の期間を定めて催告してもなお是正されないときは、本契約を解除することができる。',
      '乙が許可の取消し又は事業の停止の処分を受けたときは、甲は催告を要せず直ちに本契約を解除することができる。',
    ]),
    article(next(), '秘密保持', [
      '甲及び乙は、本契約の履行に関して知り得た相手方の秘密を、相手方の承諾なく第三者に開示又は漏えいしてはならない。',
    ]),
    article(next(), '協議', [
      '本契約に定めのない事項又は本契約の解釈に疑義が生じた事項については、甲乙誠意をもって協議のうえ解決する。',
    ]),
    {
      stack: [
        {
          text: '本契約の成立を証するため本書2通を作成し、甲乙記名押印のうえ、各1通を保有する。',
          margin: [0, 6, 0, 4],
        },
        { text: contractDate(data.issuedDate), margin: [0, 0, 0, 2] },
        {
          table: {
            widths: [60, '*', 30],
            body: [
              ...partyRows('甲（排出事業者）', data.discharger),
              [{ text: '', colSpan: 3 }, {}, {}],
              ...partyRows(`乙（${t.transporterRole}）`, tr),
            ],
          },
          layout: 'noBorders',
          lineHeight: 1.15,
          margin: [150, 0, 0, 0],
        },
      ],
      unbreakable: true,
    },
  ];

  return {
    pageSize: 'A4',
    pageMargins: [50, 40, 50, 40],
    info: { title: `${t.title} ${data.contractName}`, subject: t.title },
    language: 'ja-JP',
    content,
    // An article heading never stays alone at the foot of a page (the page's footer follows every node).
    pageBreakBefore: (node, nodes) =>
      node.headlineLevel === 1 && nodes.getFollowingNodesOnPage().every((n) => n.style === 'footer'),
    footer: (page, pages) => ({ text: `${page} / ${pages}`, style: 'footer' }),
    defaultStyle: { font: PDF_FONT_FAMILY, fontSize: 9.5, lineHeight: 1.25 },
    styles: {
      title: { fontSize: 16, bold: true, alignment: 'center', margin: [0, 0, 0, 12] },
      article: { margin: [0, 0, 0, 6] },
      articleHeading: { bold: true, margin: [0, 0, 0, 1] },
      th: { bold: true, fillColor: '#eeeeee', alignment: 'center' },
      footer: { alignment: 'center', fontSize: 8, color: '#666666', margin: [0, 15, 0, 0] },
    },
  };
}
