import { type QuoteRequestInput, quoteRequestSchema } from '@junkan/shared/api/projects';
import { addDays, addMonths, nextDay, previousDay, statusOnApproval } from '@junkan/shared/contract-rules';
import type { ProjectStatus } from '@junkan/shared/enums';
import { quoteTotals } from '@junkan/shared/quote-amount';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import {
  attachments,
  contracts,
  contractUnitPrices,
  dischargeSites,
  offices,
  packingStyles,
  projects,
  projectWasteLines,
  quoteLines,
  quotes,
  unitMeasures,
  users,
  wastes,
} from '../db/schema';
import { renderContractDocuments, storeDocuments } from '../features/contracts/contract-sending';
import { transitionProject } from '../features/project-core/project-status';
import { insertDraft } from '../features/projects/projects.service';
import { type AuditSource, recordAudit, systemSource } from '../lib/audit';
import { tokyoDate } from '../lib/time';
import type { Caller } from '../plugins/auth';
import type { FileStorage } from '../plugins/file-storage';
import { DEMO_CONTRACT_MONTHS_RUN, demoLicense } from './demo-contracts';
import { DEMO_INDUSTRIAL_PRICES } from './demo-prices';

export const DEMO_SPOT_PROJECT = '銀座店 改装に伴う不用品 スポット回収';

/** 可燃ごみ of the demo's regular contract, in 円/kg (the demo area price and the contract agree). */
export const DEMO_COMBUSTIBLE_PRICE_PER_KG = 45;

type Unit = 't' | 'kg' | 'm3' | '個' | 'L';

/** A quote line: the request's line (in its order) priced in a unit; a COMBINED line gives its two parts. */
interface DemoQuoteLine {
  unit: Unit;
  quantity: number;
  unitPrice: number;
  parts?: { transport: number; disposal: number };
}

interface DemoContract {
  startDate: string;
  endDate: string;
  contractType: 'AUTO_UPDATE' | 'NO_AUTO_UPDATE' | 'SPOT';
  paymentMethod: 'PAYMENT_INVOICE' | 'CREDIT_CARD';
  manifestFee: number;
  preparationFee: number;
  savedOn: string;
  sentOn: string;
  approvedOn?: string;
  /** The day after the end of a contract that is not renewed: the calendar completes the project. */
  endedOn?: string;
}

/** A demo project: its request as the form sends it, and the days each later step happened on. */
interface DemoProject {
  title: string;
  /** The discharger's user who wrote and sent the request, and answers the quote and contract. */
  by: string;
  request: (refs: Refs) => QuoteRequestInput;
  createdOn: string;
  requestedOn?: string;
  quote?: {
    transporter: string;
    on: string;
    form: 'COMBINED' | 'SEPARATE' | null;
    lines: DemoQuoteLine[];
    note?: string;
    acceptedOn?: string;
  };
  contract?: DemoContract;
  /** The status it ends in, checked against the steps above. */
  status: ProjectStatus;
}

interface Refs {
  site: (name: string) => number;
  office: (name: string) => number;
  waste: (category: 'REGULAR' | 'INDUSTRIAL', name: string) => number;
  unit: (unit: Unit) => number;
  packing: (name: string) => number;
}

/**
 * The demo projects, in the order they were created (so their ids follow their creation dates, as real ones
 * do), each walked from its request to its status through the steps a real one takes.
 */
export function demoProjectPlans(today: string): DemoProject[] {
  const thisMonth = `${today.slice(0, 8)}01`;
  const running = addMonths(thisMonth, -DEMO_CONTRACT_MONTHS_RUN);
  const ended = addMonths(thisMonth, -15);
  const nextMonth = addMonths(thisMonth, 1);
  const year = (start: string) => previousDay(addMonths(start, 12));
  const spotDay = addDays(today, 7);
  return [
    {
      title: '段ボール 月次回収',
      by: 'discharger@example.com',
      createdOn: addDays(ended, -30),
      requestedOn: addDays(ended, -29),
      request: (r) => ({
        type: 'REGULAR',
        projectTitle: '段ボール 月次回収',
        officeId: r.office('銀座本社'),
        memo: '月末に段ボールをまとめて回収（第1水曜日）',
        dischargeSiteIds: [r.site('銀座店')],
        lines: [
          {
            wasteId: r.waste('REGULAR', '段ボール'),
            monthlyCapacity: 120,
            collectionCount: 1,
            weekdays: [3],
          },
        ],
      }),
      quote: {
        transporter: 'platform@example.com',
        on: addDays(ended, -26),
        form: null,
        lines: [{ unit: 'kg', quantity: 120, unitPrice: 20 }],
        acceptedOn: addDays(ended, -22),
      },
      contract: {
        startDate: ended,
        endDate: year(ended),
        contractType: 'NO_AUTO_UPDATE',
        paymentMethod: 'PAYMENT_INVOICE',
        manifestFee: 0,
        preparationFee: 0,
        savedOn: addDays(ended, -20),
        sentOn: addDays(ended, -20),
        approvedOn: addDays(ended, -17),
        endedOn: nextDay(year(ended)),
      },
      status: 'COMPLETE',
    },
    {
      title: '銀座店 可燃ごみ定期回収',
      by: 'discharger@example.com',
      createdOn: addDays(running, -35),
      requestedOn: addDays(running, -35),
      request: (r) => ({
        type: 'REGULAR',
        projectTitle: '銀座店 可燃ごみ定期回収',
        officeId: r.office('銀座本社'),
        memo: '毎週月・木 朝8時までに回収',
        dischargeSiteIds: [r.site('銀座店')],
        lines: [
          {
            wasteId: r.waste('REGULAR', '可燃ごみ'),
            monthlyCapacity: 300,
            bags: { '45': 4, '70': 2 },
            collectionCount: 2,
            weekdays: [1, 4],
          },
        ],
      }),
      quote: {
        transporter: 'transporter@example.com',
        on: addDays(running, -32),
        form: null,
        lines: [{ unit: 'kg', quantity: 300, unitPrice: DEMO_COMBUSTIBLE_PRICE_PER_KG }],
        acceptedOn: addDays(running, -28),
      },
      contract: {
        startDate: running,
        endDate: year(running),
        contractType: 'AUTO_UPDATE',
        paymentMethod: 'PAYMENT_INVOICE',
        manifestFee: 0,
        preparationFee: 3000,
        savedOn: addDays(running, -25),
        sentOn: addDays(running, -24),
        approvedOn: addDays(running, -21),
      },
      status: 'IN_PROGRESS',
    },
    {
      title: '本社倉庫 廃プラスチック類 収集運搬',
      by: 'discharger@example.com',
      createdOn: addDays(running, -33),
      requestedOn: addDays(running, -33),
      request: (r) => ({
        type: 'INDUSTRIAL',
        projectTitle: '本社倉庫 廃プラスチック類 収集運搬',
        officeId: r.office('銀座本社'),
        memo: '月3回 フォークリフトで積込',
        dischargeSiteIds: [r.site('銀座店')],
        lines: [
          {
            wasteId: r.waste('INDUSTRIAL', '廃プラスチック類'),
            quantity: 2,
            unitMeasureId: r.unit('t'),
            packingStyleId: r.packing('フレコンバッグ'),
            frequency: 'MONTHLY',
            frequencyNumber: 3,
            transTime: '平日 9:00-12:00',
          },
        ],
      }),
      quote: {
        transporter: 'transporter@example.com',
        on: addDays(running, -30),
        form: 'COMBINED',
        lines: [
          {
            unit: 't',
            quantity: 2,
            unitPrice: DEMO_INDUSTRIAL_PRICES.transport + DEMO_INDUSTRIAL_PRICES.disposal,
            parts: DEMO_INDUSTRIAL_PRICES,
          },
        ],
        acceptedOn: addDays(running, -27),
      },
      contract: {
        startDate: running,
        endDate: year(running),
        contractType: 'AUTO_UPDATE',
        paymentMethod: 'PAYMENT_INVOICE',
        manifestFee: 500,
        preparationFee: 3000,
        savedOn: addDays(running, -24),
        sentOn: addDays(running, -24),
        approvedOn: addDays(running, -20),
      },
      status: 'IN_PROGRESS',
    },
    {
      title: '梅田事業所 金属くず回収',
      by: 'umeda@example.com',
      createdOn: addDays(today, -21),
      requestedOn: addDays(today, -20),
      request: (r) => ({
        type: 'INDUSTRIAL',
        projectTitle: '梅田事業所 金属くず回収',
        officeId: r.office('梅田事業所'),
        memo: '搬出はエレベーター使用可',
        dischargeSiteIds: [r.site('梅田事業所')],
        lines: [
          {
            wasteId: r.waste('INDUSTRIAL', '金属くず'),
            quantity: 0.8,
            unitMeasureId: r.unit('t'),
            packingStyleId: r.packing('コンテナ'),
            frequency: 'MONTHLY',
            frequencyNumber: 1,
            wasteDetails: '鉄・アルミの端材',
          },
        ],
      }),
      // Transport only: 東都 holds no disposal permit for 金属くず, so the disposal is contracted apart.
      quote: {
        transporter: 'transporter@example.com',
        on: addDays(today, -17),
        form: 'SEPARATE',
        lines: [{ unit: 't', quantity: 0.8, unitPrice: 15_000 }],
        acceptedOn: addDays(today, -10),
      },
      contract: {
        startDate: nextMonth,
        endDate: year(nextMonth),
        contractType: 'AUTO_UPDATE',
        paymentMethod: 'PAYMENT_INVOICE',
        manifestFee: 500,
        preparationFee: 3000,
        savedOn: addDays(today, -3),
        sentOn: addDays(today, -2),
      },
      status: 'REQUEST_CONTRACT',
    },
    {
      title: '什器入替に伴う粗大ごみ',
      by: 'discharger@example.com',
      createdOn: addDays(today, -14),
      requestedOn: addDays(today, -13),
      request: (r) => ({
        type: 'REGULAR',
        projectTitle: '什器入替に伴う粗大ごみ',
        officeId: r.office('銀座本社'),
        memo: '机・椅子・書庫など計12点（1回で搬出、エレベーター使用可）',
        dischargeSiteIds: [r.site('銀座店')],
        lines: [
          { wasteId: r.waste('REGULAR', 'その他'), monthlyCapacity: 250, collectionCount: 1, weekdays: [6] },
        ],
      }),
      quote: {
        transporter: 'platform@example.com',
        on: addDays(today, -10),
        form: null,
        lines: [{ unit: '個', quantity: 12, unitPrice: 3000 }],
        note: '机・椅子・書庫 1点あたりの料金です。',
        acceptedOn: addDays(today, -6),
      },
      status: 'CREATING_CONTRACT',
    },
    {
      title: DEMO_SPOT_PROJECT,
      by: 'discharger@example.com',
      createdOn: addDays(today, -12),
      requestedOn: addDays(today, -12),
      request: (r) => ({
        type: 'REGULAR',
        projectTitle: DEMO_SPOT_PROJECT,
        officeId: r.office('銀座本社'),
        memo: '改装工事に伴う什器・棚の引き取り（1回）',
        dischargeSiteIds: [r.site('銀座店')],
        lines: [
          {
            wasteId: r.waste('REGULAR', 'その他'),
            monthlyCapacity: 150,
            bags: { '90': 6 },
            collectionCount: 1,
            weekdays: [new Date(`${spotDay}T00:00:00Z`).getUTCDay()],
          },
        ],
      }),
      quote: {
        transporter: 'transporter@example.com',
        on: addDays(today, -9),
        form: null,
        // Per kg, as the monthly reports that bill a regular contract weigh it.
        lines: [{ unit: 'kg', quantity: 150, unitPrice: 80 }],
        acceptedOn: addDays(today, -7),
      },
      contract: {
        startDate: today,
        endDate: addMonths(today, 1),
        contractType: 'SPOT',
        // A one-off collection, paid by card: the demo's card invoice bills it.
        paymentMethod: 'CREDIT_CARD',
        manifestFee: 0,
        preparationFee: 5000,
        savedOn: addDays(today, -5),
        sentOn: addDays(today, -5),
        approvedOn: addDays(today, -3),
      },
      status: 'IN_PROGRESS',
    },
    {
      title: '倉庫 廃プラスチック類 処理',
      by: 'discharger@example.com',
      createdOn: addDays(today, -6),
      requestedOn: addDays(today, -5),
      // The warehouse's and the store's plastics; 東都's industrial area covers 銀座店, so it sees the request.
      request: (r) => ({
        type: 'INDUSTRIAL',
        projectTitle: '倉庫 廃プラスチック類 処理',
        officeId: r.office('銀座本社'),
        dischargeSiteIds: [r.site('𠮷祥寺倉庫'), r.site('銀座店')],
        lines: [
          {
            wasteId: r.waste('INDUSTRIAL', '廃プラスチック類'),
            quantity: 1.5,
            unitMeasureId: r.unit('t'),
            packingStyleId: r.packing('フレコンバッグ'),
            frequency: 'MONTHLY',
            frequencyNumber: 1,
          },
        ],
      }),
      status: 'REQUEST_QUOTE',
    },
    {
      title: '梅田事業所 廃油処理',
      by: 'umeda@example.com',
      createdOn: addDays(today, -3),
      request: (r) => ({
        type: 'INDUSTRIAL',
        projectTitle: '梅田事業所 廃油処理',
        officeId: r.office('梅田事業所'),
        dischargeSiteIds: [r.site('梅田事業所')],
        lines: [
          {
            wasteId: r.waste('INDUSTRIAL', '廃油'),
            quantity: 400,
            unitMeasureId: r.unit('L'),
            packingStyleId: r.packing('ドラム缶'),
            frequency: 'MONTHLY',
            frequencyNumber: 1,
            wasteDetails: '機械の廃潤滑油（ドラム缶2本）',
          },
        ],
      }),
      status: 'CREATING_QUOTE',
    },
  ];
}

/** A Japan date at a time of day, as a timestamp; never later than now (a step of today may be due later). */
const pastInstant = (now: Date) => (date: string, time: string) =>
  new Date(Math.min(Date.parse(`${date}T${time}:00+09:00`), now.getTime()));

const DEMO_SOURCE_ID = 'seed:demo';

/**
 * Writes the demo projects. Each request goes through the request's own service (`insertDraft`, with the form's
 * schema) and every status move through `transitionProject`, at the step's time in the past. The quote and
 * contract rows are written here with what their services write (their services also mail, render and check
 * today's permits, so cannot act in the past): the quote submitted and accepted, the contract saved, sent with
 * its documents (`documents`; null leaves them out, as in API tests) and approved.
 */
export async function seedDemoProjects(
  db: Database,
  documents: FileStorage | null,
  now: Date,
): Promise<void> {
  const today = tokyoDate(now);
  const at = pastInstant(now);
  const refs = await loadRefs(db);
  const people = await db
    .select({ id: users.id, email: users.email, companyId: users.companyId, role: users.role })
    .from(users);
  const callerOf = (email: string): Caller => {
    const user = people.find((p) => p.email === email);
    if (!user) throw new Error(`demo data: no user ${email}`);
    if (user.companyId == null) throw new Error(`demo data: ${email} has no company`);
    return {
      id: DEMO_SOURCE_ID,
      companyId: user.companyId,
      session: {
        userId: user.id,
        email: user.email,
        roles: [user.role as 'WASTE'],
        sessionId: DEMO_SOURCE_ID,
        companyId: user.companyId,
        permissions: [],
        transportApproval: null,
      },
    };
  };
  const calendar = systemSource('contract-calendar');

  for (const plan of demoProjectPlans(today)) {
    const discharger = callerOf(plan.by);
    const contract = await db.transaction(async (tx) => {
      const input = quoteRequestSchema.parse(plan.request(refs));
      const id = await insertDraft(tx, discharger, input, at(plan.createdOn, '10:00'));
      const project = { id, status: 'CREATING_QUOTE' as ProjectStatus };
      if (plan.requestedOn) {
        const when = at(plan.requestedOn, '16:00');
        await transitionProject(tx, discharger, project, 'REQUEST_QUOTE', 'WASTE', when, null, {
          requestedAt: when,
        });
      }
      if (!plan.quote) return null;
      const transporter = callerOf(plan.quote.transporter);
      const transportCompanyId = transporter.companyId;
      await writeQuote(tx, refs, transporter, id, plan.quote, at);
      await transitionProject(
        tx,
        transporter,
        project,
        'COMPLETE_QUOTE',
        'TRANSPORT',
        at(plan.quote.on, '17:00'),
        null,
        { transportCompanyId },
      );
      if (!plan.quote.acceptedOn) return null;
      const accepted = at(plan.quote.acceptedOn, '11:00');
      const [quote] = await tx
        .update(quotes)
        .set({ status: 'ACCEPTED', updatedAt: accepted })
        .where(eq(quotes.projectId, id))
        .returning({ id: quotes.id });
      await recordAudit(tx, discharger, {
        action: 'quote.accept',
        entity: 'quote',
        entityId: quote!.id,
        at: accepted,
      });
      await transitionProject(tx, discharger, project, 'CREATING_CONTRACT', 'WASTE', accepted);
      if (!plan.contract) return null;
      return { project, transporter, transportCompanyId, terms: plan.contract };
    });
    if (contract) await writeContract(db, documents, discharger, calendar, contract, today, at);
    const [row] = await db
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.title, plan.title));
    if (row?.status !== plan.status)
      throw new Error(`demo data: ${plan.title} ended in ${row?.status}, not ${plan.status}`);
  }
}

async function loadRefs(db: Database): Promise<Refs> {
  const [siteRows, officeRows, wasteRows, unitRows, packingRows] = await Promise.all([
    db.select({ id: dischargeSites.id, name: dischargeSites.name }).from(dischargeSites),
    db.select({ id: offices.id, name: offices.name }).from(offices),
    db
      .select({ id: wastes.id, name: wastes.name, category: wastes.category })
      .from(wastes)
      .where(eq(wastes.level, 1)),
    db.select({ id: unitMeasures.id, name: unitMeasures.unit }).from(unitMeasures),
    db.select({ id: packingStyles.id, name: packingStyles.style }).from(packingStyles),
  ]);
  const find = <T extends { id: number; name: string }>(
    rows: T[],
    what: string,
    match: (r: T) => boolean,
  ) => {
    const row = rows.find(match);
    if (!row) throw new Error(`demo data: no ${what}`);
    return row.id;
  };
  return {
    site: (name) => find(siteRows, name, (r) => r.name === name),
    office: (name) => find(officeRows, name, (r) => r.name === name),
    waste: (category, name) => find(wasteRows, name, (r) => r.name === name && r.category === category),
    unit: (unit) => find(unitRows, unit, (r) => r.name === unit),
    packing: (name) => find(packingRows, name, (r) => r.name === name),
  };
}

/** The quote as `createQuote` writes it: every request line priced, submitted with a validity of 30 days. */
async function writeQuote(
  tx: Tx,
  refs: Refs,
  transporter: Caller,
  projectId: number,
  quote: NonNullable<DemoProject['quote']>,
  at: ReturnType<typeof pastInstant>,
) {
  const when = at(quote.on, '17:00');
  const lines = await tx
    .select({ id: projectWasteLines.id })
    .from(projectWasteLines)
    .where(eq(projectWasteLines.projectId, projectId))
    .orderBy(projectWasteLines.sortOrder, projectWasteLines.id);
  if (lines.length !== quote.lines.length) throw new Error('demo data: a quote prices every request line');
  const totals = quoteTotals(quote.lines);
  const [row] = await tx
    .insert(quotes)
    .values({
      projectId,
      transportCompanyId: transporter.companyId,
      status: 'SUBMITTED',
      totalAmount: totals.totalAmount,
      contractForm: quote.form,
      validUntil: addDays(quote.on, 30),
      note: quote.note ?? null,
      createdBy: transporter.session.userId,
      createdAt: when,
      updatedAt: when,
    })
    .returning({ id: quotes.id });
  await tx.insert(quoteLines).values(
    quote.lines.map((l, i) => ({
      quoteId: row!.id,
      wasteLineId: lines[i]!.id,
      unitPrice: l.unitPrice,
      transportUnitPrice: l.parts?.transport ?? null,
      disposalUnitPrice: l.parts?.disposal ?? null,
      quantity: l.quantity.toFixed(2),
      unitMeasureId: refs.unit(l.unit),
      amount: totals.amounts[i]!,
    })),
  );
  await recordAudit(tx, transporter, {
    action: 'quote.submit',
    entity: 'quote',
    entityId: row!.id,
    at: when,
  });
}

/**
 * The contract as the contract services write it: saved by the transporter with the accepted quote's prices
 * and the license of its permit valid on the start date, sent with its documents, approved by the discharger
 * (in force from the start date), then moved by the contract calendar on its start and, unrenewed, its end.
 */
async function writeContract(
  db: Database,
  documents: FileStorage | null,
  discharger: Caller,
  calendar: AuditSource,
  c: {
    project: { id: number; status: ProjectStatus };
    transporter: Caller;
    transportCompanyId: number;
    terms: DemoContract;
  },
  today: string,
  at: ReturnType<typeof pastInstant>,
) {
  const { terms, transporter, project } = c;
  const [row] = await db.select().from(projects).where(eq(projects.id, project.id));
  const industrial = row!.type === 'INDUSTRIAL';
  const saved = at(terms.savedOn, '13:00');
  const prices = await db
    .select({
      wasteLineId: quoteLines.wasteLineId,
      unitPrice: quoteLines.unitPrice,
      transportUnitPrice: quoteLines.transportUnitPrice,
      disposalUnitPrice: quoteLines.disposalUnitPrice,
      contractForm: quotes.contractForm,
    })
    .from(quoteLines)
    .innerJoin(quotes, eq(quotes.id, quoteLines.quoteId))
    .where(and(eq(quotes.projectId, project.id), eq(quotes.status, 'ACCEPTED')));
  const [contract] = await db
    .insert(contracts)
    .values({
      projectId: project.id,
      transportCompanyId: c.transportCompanyId,
      status: 'DRAFT',
      name: `${row!.title} 委託契約`,
      startDate: terms.startDate,
      endDate: terms.endDate,
      contractType: terms.contractType,
      contractForm: prices[0]?.contractForm ?? 'COMBINED',
      paymentMethod: terms.paymentMethod,
      manifestFee: industrial ? terms.manifestFee : 0,
      preparationFee: terms.preparationFee,
      contactPerson: '佐藤 次郎',
      ...(await demoLicense(db, c.transportCompanyId, terms.startDate, industrial)),
      createdBy: transporter.session.userId,
      createdAt: saved,
      updatedAt: saved,
    })
    .returning();
  await db.insert(contractUnitPrices).values(
    prices.map((p) => ({
      contractId: contract!.id,
      wasteLineId: p.wasteLineId,
      unitPrice: p.unitPrice,
      transportUnitPrice: p.transportUnitPrice,
      disposalUnitPrice: p.disposalUnitPrice,
    })),
  );
  await recordAudit(db, transporter, {
    action: 'contract.create',
    entity: 'contract',
    entityId: contract!.id,
    at: saved,
  });

  const sent = at(terms.sentOn, '15:00');
  const rendered = documents ? await renderContractDocuments(db, row!, contract!, terms.sentOn) : [];
  // Stored before the transaction, as the send does (the database storage writes through its own connection).
  const files = documents
    ? await storeDocuments(documents, contract!.id, rendered, transporter.session.userId)
    : [];
  await db.transaction(async (tx) => {
    if (files.length) await tx.insert(attachments).values(files);
    await tx
      .update(contracts)
      .set({ status: 'REQUESTED', sentAt: sent, updatedAt: sent, version: sql`${contracts.version} + 1` })
      .where(eq(contracts.id, contract!.id));
    await recordAudit(tx, transporter, {
      action: 'contract.send',
      entity: 'contract',
      entityId: contract!.id,
      detail: { files: rendered.map((d) => d.kind) },
      at: sent,
    });
    await transitionProject(tx, transporter, project, 'REQUEST_CONTRACT', 'TRANSPORT', sent);
    if (!terms.approvedOn) return;
    const approved = at(terms.approvedOn, '10:00');
    await tx
      .update(contracts)
      .set({
        status: 'APPROVED',
        approvedAt: approved,
        updatedAt: approved,
        version: sql`${contracts.version} + 1`,
      })
      .where(eq(contracts.id, contract!.id));
    await recordAudit(tx, discharger, {
      action: 'contract.approve',
      entity: 'contract',
      entityId: contract!.id,
      at: approved,
    });
    const to = statusOnApproval(terms.startDate, terms.approvedOn);
    await transitionProject(tx, discharger, project, to, 'WASTE', approved);
    if (to === 'COMPLETE_CONTRACT' && terms.startDate <= today)
      await transitionProject(tx, calendar, project, 'IN_PROGRESS', 'SYSTEM', at(terms.startDate, '00:05'));
    if (!terms.endedOn) return;
    const end = at(terms.endedOn, '00:05');
    await tx
      .update(contracts)
      .set({ status: 'ENDED', updatedAt: end, version: sql`${contracts.version} + 1` })
      .where(eq(contracts.id, contract!.id));
    await transitionProject(tx, calendar, project, 'COMPLETE', 'SYSTEM', end, 'contract period ended');
  });
}
