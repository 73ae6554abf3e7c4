import { addDays, addMonths } from '@junkan/shared/contract-rules';
import { taxIncluded } from '@junkan/shared/quote-amount';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  attachments,
  companies,
  contracts,
  contractUnitPrices,
  invoiceSends,
  invoices,
  projects,
  quoteLines,
  regularReports,
  users,
} from '../db/schema';
import { companyBankAccountsOf } from '../features/account-core/company-bank-accounts';
import { takeInvoiceNumbers } from '../features/invoices/invoice-numbers';
import { PDF_FONT_FAMILY, renderPdf } from '../lib/pdf';
import { tokyoDate } from '../lib/time';
import { type FileStorage, storeGeneratedFile } from '../plugins/file-storage';
import { DEMO_SPOT_PROJECT } from './demo-projects';

/** A Japan date at a time of day, as a timestamp; never later than now (a step of today may be due later). */
const pastInstant = (now: Date) => (date: string, time: string) =>
  new Date(Math.min(Date.parse(`${date}T${time}:00+09:00`), now.getTime()));

interface DemoInvoice {
  title: string;
  status: 'UNCLAIMED' | 'BILLED' | 'PAID';
  billingOffset: number;
  dueOffset: number;
  amount: number;
  /** 請求対象月, YYYY-MM. */
  billedMonth: string;
  settlementOffset?: number;
}

/**
 * Invoices of the demo transporter (東都環境サービス) to グリーン商事, dated from today: for the regular 可燃ごみ
 * contract one unclaimed, one billed by bank transfer, one paid, one billed and overdue, each billing the month
 * reported before it (the reported kg at the contract's price per kg, tax included); and one billed by card for
 * the spot collection (its contract is paid by card). Each has a one-page PDF (`files`; without a file storage,
 * as in API tests, none are made) and the mails an invoice billed and paid sends, written as the invoice
 * services record them (they mail now; these were sent on their days).
 */
export async function seedDemoInvoices(db: Database, files: FileStorage | null, now: Date): Promise<void> {
  if (!files) return;
  const [toto] = await db.select().from(companies).where(eq(companies.name, '東都環境サービス株式会社'));
  if (!toto) return;
  const billed = (title: string) =>
    db
      .select({ project: projects, contract: contracts, discharger: companies })
      .from(projects)
      .innerJoin(contracts, eq(contracts.projectId, projects.id))
      .innerJoin(companies, eq(companies.id, projects.companyId))
      .where(
        and(
          eq(projects.title, title),
          eq(projects.transportCompanyId, toto.id),
          eq(projects.status, 'IN_PROGRESS'),
          eq(contracts.status, 'APPROVED'),
        ),
      );
  const [running] = await billed('銀座店 可燃ごみ定期回収');
  if (!running) return;
  const [price] = await db
    .select({ unitPrice: contractUnitPrices.unitPrice })
    .from(contractUnitPrices)
    .where(eq(contractUnitPrices.contractId, running.contract.id));
  const reports = await db
    .select()
    .from(regularReports)
    .where(eq(regularReports.projectId, running.project.id));
  const today = tokyoDate(now);
  /** The month before the billing date's, and its reported kg at the contract price, tax included. */
  const monthBilled = (billingOffset: number) => {
    const month = addMonths(`${addDays(today, billingOffset).slice(0, 8)}01`, -1);
    const report = reports.find(
      (r) => r.year === Number(month.slice(0, 4)) && r.month === Number(month.slice(5, 7)),
    );
    const amount = taxIncluded(Math.round(Number(report?.volume ?? 0) * (price?.unitPrice ?? 0)));
    return { title: `${Number(month.slice(5, 7))}月分`, amount, billedMonth: month.slice(0, 7) };
  };
  const demo: DemoInvoice[] = [
    { status: 'UNCLAIMED', billingOffset: 0, dueOffset: 30, ...monthBilled(0) },
    { status: 'BILLED', billingOffset: -10, dueOffset: 20, ...monthBilled(-10) },
    { status: 'PAID', billingOffset: -40, dueOffset: -10, settlementOffset: -12, ...monthBilled(-40) },
    { status: 'BILLED', billingOffset: -70, dueOffset: -40, ...monthBilled(-70) },
  ];
  for (const d of demo) await insertDemoInvoice(db, files, running, toto, d, today, now);

  const [spot] = await billed(DEMO_SPOT_PROJECT);
  if (!spot) return;
  const spotPrices = await db
    .select({ unitPrice: contractUnitPrices.unitPrice, quantity: quoteLines.quantity })
    .from(contractUnitPrices)
    .innerJoin(quoteLines, eq(quoteLines.wasteLineId, contractUnitPrices.wasteLineId))
    .where(eq(contractUnitPrices.contractId, spot.contract.id));
  const spotAmount =
    spotPrices.reduce((sum, l) => sum + Math.round(l.unitPrice * Number(l.quantity)), 0) +
    spot.contract.preparationFee;
  await insertDemoInvoice(
    db,
    files,
    spot,
    toto,
    {
      title: 'スポット回収分',
      status: 'BILLED',
      billingOffset: 0,
      dueOffset: 30,
      amount: taxIncluded(spotAmount),
      // The one spot collection bills the month of its billing date (today).
      billedMonth: today.slice(0, 7),
    },
    today,
    now,
  );
}

type DemoParty = typeof companies.$inferSelect;
interface DemoBilled {
  project: typeof projects.$inferSelect;
  contract: typeof contracts.$inferSelect;
  discharger: DemoParty;
}

async function insertDemoInvoice(
  db: Database,
  files: FileStorage,
  running: DemoBilled,
  toto: DemoParty,
  d: DemoInvoice,
  today: string,
  now: Date,
) {
  const at = pastInstant(now);
  const billingDate = addDays(today, d.billingOffset);
  const dueDate = addDays(today, d.dueOffset);
  const pdf = await renderPdf({
    defaultStyle: { font: PDF_FONT_FAMILY, fontSize: 11 },
    content: [
      { text: '請求書', fontSize: 20, bold: true, alignment: 'center', margin: [0, 0, 0, 20] },
      { text: `${running.discharger.name} 御中`, fontSize: 14, margin: [0, 0, 0, 12] },
      `件名: ${running.project.title} ${d.title}`,
      `請求日: ${billingDate}`,
      `お支払期限: ${dueDate}`,
      {
        text: `ご請求金額: ${d.amount.toLocaleString('ja-JP')}円（税込）`,
        bold: true,
        margin: [0, 12, 0, 12],
      },
      `請求元: ${toto.name}`,
    ],
  });
  const stored = await storeGeneratedFile(files, {
    fileName: `請求書_${d.title}.pdf`,
    content: pdf,
    mimeType: 'application/pdf',
  });
  const [sender] = await db.select().from(users).where(eq(users.email, 'transporter@example.com'));
  const registered = at(billingDate, '09:30');
  const billedAt = d.status === 'UNCLAIMED' ? null : at(billingDate, '10:00');
  const settlementDate = d.settlementOffset === undefined ? null : addDays(today, d.settlementOffset);
  const paidAt = settlementDate ? at(settlementDate, '15:00') : null;
  await db.transaction(async (tx) => {
    const [invoiceNumber] = await takeInvoiceNumbers(tx, toto.id);
    const [row] = await tx
      .insert(invoices)
      .values({
        rootId: 0,
        invoiceNumber: invoiceNumber!,
        payeeAccounts:
          running.contract.paymentMethod === 'PAYMENT_INVOICE'
            ? await companyBankAccountsOf(tx, toto.id)
            : [],
        projectId: running.project.id,
        contractId: running.contract.id,
        transportCompanyId: toto.id,
        dischargerCompanyId: running.project.companyId,
        paymentMethod: running.contract.paymentMethod as 'PAYMENT_INVOICE' | 'CREDIT_CARD',
        billedMonth: d.billedMonth,
        billingDate,
        dueDate,
        amount: d.amount,
        status: d.status,
        billedAt,
        settlementDate,
        paidVia: d.status === 'PAID' ? 'BANK_TRANSFER' : null,
        paidAt,
        createdBy: sender?.id ?? null,
        createdAt: registered,
        updatedAt: paidAt ?? billedAt ?? registered,
      })
      .returning({ id: invoices.id });
    // The mails billing sends (the invoice attached; a card invoice's payment notice) and the paid notice.
    const sends: (typeof invoiceSends.$inferInsert)[] = [];
    const send = (kind: (typeof invoiceSends.$inferInsert)['kind'], when: Date) =>
      sends.push({
        invoiceId: row!.id,
        rootId: row!.id,
        kind,
        sentBy: sender?.id ?? null,
        recipients: 1,
        filesAttached: kind === 'ATTACHMENT_MAIL',
        createdAt: when,
      });
    if (billedAt) {
      send('ATTACHMENT_MAIL', billedAt);
      if (running.contract.paymentMethod === 'CREDIT_CARD') send('PAYMENT_NOTICE_MAIL', billedAt);
    }
    if (paidAt) send('PAID_MAIL', paidAt);
    if (sends.length) await tx.insert(invoiceSends).values(sends);
    // The first version is its own root.
    await tx.update(invoices).set({ rootId: row!.id }).where(eq(invoices.id, row!.id));
    await tx.insert(attachments).values({ ownerType: 'INVOICE', ownerId: row!.id, ...stored });
  });
}
