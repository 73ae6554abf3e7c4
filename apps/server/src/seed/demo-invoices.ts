import { addDays } from '@junkan/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { attachments, companies, contracts, invoices, projects } from '../db/schema';
import { storeGeneratedFile } from '../features/project-core/project-file-store';
import { PDF_FONT_FAMILY, renderPdf } from '../lib/pdf';
import { tokyoDate } from '../lib/time';
import type { FileStorage } from '../plugins/file-storage';

interface DemoInvoice {
  title: string;
  status: 'UNCLAIMED' | 'BILLED' | 'PAID';
  billingOffset: number;
  dueOffset: number;
  amount: number;
  settlementOffset?: number;
}

/**
 * Invoices of the demo transporter (東都環境サービス) to グリーン商事, dated from today: one unclaimed, one billed by
 * bank transfer, one paid, one billed and overdue, and one billed by card (the spot collection's contract is paid
 * by card). Each has a one-page PDF (`files`); without a file storage (API tests) none are made.
 */
export async function seedDemoInvoices(db: Database, files: FileStorage | null): Promise<void> {
  if (!files) return;
  const [toto] = await db.select().from(companies).where(eq(companies.name, '東都環境サービス株式会社'));
  if (!toto) return;
  const [running] = await db
    .select({ project: projects, contract: contracts, discharger: companies })
    .from(projects)
    .innerJoin(contracts, eq(contracts.projectId, projects.id))
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(
      and(
        eq(projects.transportCompanyId, toto.id),
        eq(projects.status, 'IN_PROGRESS'),
        eq(contracts.status, 'APPROVED'),
      ),
    )
    .orderBy(asc(projects.id))
    .limit(1);
  if (!running) return;
  const today = tokyoDate();
  const demo: DemoInvoice[] = [
    { title: '当月分', status: 'UNCLAIMED', billingOffset: 0, dueOffset: 30, amount: 165_000 },
    { title: '前月分', status: 'BILLED', billingOffset: -10, dueOffset: 20, amount: 148_500 },
    {
      title: '前々月分',
      status: 'PAID',
      billingOffset: -40,
      dueOffset: -10,
      amount: 132_000,
      settlementOffset: -12,
    },
    { title: '3か月前分', status: 'BILLED', billingOffset: -70, dueOffset: -40, amount: 121_000 },
  ];
  for (const d of demo) await insertDemoInvoice(db, files, running, toto, d, today);

  const [spot] = await db
    .select({ project: projects, contract: contracts, discharger: companies })
    .from(projects)
    .innerJoin(contracts, eq(contracts.projectId, projects.id))
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(
      and(
        eq(projects.transportCompanyId, toto.id),
        eq(projects.status, 'IN_PROGRESS'),
        eq(contracts.paymentMethod, 'CREDIT_CARD'),
      ),
    )
    .limit(1);
  if (spot)
    await insertDemoInvoice(
      db,
      files,
      spot,
      toto,
      { title: 'スポット回収分', status: 'BILLED', billingOffset: -3, dueOffset: 27, amount: 27_500 },
      today,
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
) {
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
  const stored = await storeGeneratedFile(files, { content: pdf, mimeType: 'application/pdf' });
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(invoices)
      .values({
        rootId: 0,
        projectId: running.project.id,
        contractId: running.contract.id,
        transportCompanyId: toto.id,
        dischargerCompanyId: running.project.companyId,
        paymentMethod: running.contract.paymentMethod as 'PAYMENT_INVOICE' | 'CREDIT_CARD',
        billingDate,
        dueDate,
        amount: d.amount,
        status: d.status,
        billedAt: d.status === 'UNCLAIMED' ? null : new Date(),
        settlementDate: d.settlementOffset === undefined ? null : addDays(today, d.settlementOffset),
        paidVia: d.status === 'PAID' ? 'BANK_TRANSFER' : null,
        paidAt: d.status === 'PAID' ? new Date() : null,
      })
      .returning({ id: invoices.id });
    // The first version is its own root.
    await tx.update(invoices).set({ rootId: row!.id }).where(eq(invoices.id, row!.id));
    await tx.insert(attachments).values({
      ownerType: 'INVOICE',
      ownerId: row!.id,
      fileName: `請求書_${d.title}.pdf`,
      mimeType: 'application/pdf',
      ...stored,
    });
  });
}
