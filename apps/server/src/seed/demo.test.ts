import { addDays } from '@junkan/shared/contract-rules';
import { DRIVER_DAY_SPAN } from '@junkan/shared/driver-rules';
import { PROJECT_STATUSES, type ProjectStatus } from '@junkan/shared/enums';
import { canTransitionProject } from '@junkan/shared/project-status';
import { quoteTotals } from '@junkan/shared/quote-amount';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import {
  collections,
  companies,
  contracts,
  contractUnitPrices,
  inquiries,
  invoiceSends,
  invoices,
  projectStatusHistory,
  projects,
  projectWasteLines,
  quoteLines,
  quotes,
  regularReports,
  transportReports,
  unitMeasures,
  users,
  vehicles,
} from '../db/schema';
import { requestablePeriodOf } from '../features/project-core/collection-schedule';
import { businessDayLookup } from '../lib/business-days';
import { tokyoDate } from '../lib/time';
import { seedDemoData } from './demo';
import { seedReferenceData } from './reference';

/**
 * The demo data must not contradict itself: it is what people look at first, and what the end-to-end tests read.
 * Seeded into a fresh database with its documents, as a first start does.
 */
let database: DatabaseHandle;
let db: DatabaseHandle['db'];
const today = tokyoDate(new Date());

/** Unit prices (円, tax excluded) a Japanese business would believe, per unit. */
const PLAUSIBLE: Record<string, [number, number]> = {
  kg: [5, 100],
  t: [5_000, 60_000],
  m3: [3_000, 20_000],
  個: [500, 10_000],
  L: [20, 200],
};
/** Tighter ranges for a waste in a unit. */
const PLAUSIBLE_FOR: Record<string, [number, number]> = {
  '可燃ごみ/kg': [30, 60],
  '廃プラスチック類/t': [10_000, 40_000],
};

/** Statuses in the order a project passes them; a project at one has passed the earlier ones. */
const rank = (s: string) => PROJECT_STATUSES.indexOf(s as ProjectStatus);
const past = (s: string, step: ProjectStatus) => s !== 'CANCEL' && rank(s) >= rank(step);

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  db = database.db;
  await seedReferenceData(db);
  expect(await seedDemoData(db)).toBe(true);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe('demo data', () => {
  it('gives every project the status history a real one has: from its creation to its status, each move allowed, in the past', async () => {
    const rows = await db.select().from(projects).orderBy(asc(projects.id));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const history = await db.select().from(projectStatusHistory).orderBy(asc(projectStatusHistory.id));
    const now = Date.now();
    for (const p of rows) {
      const steps = history.filter((h) => h.projectId === p.id);
      expect(steps[0], p.title).toMatchObject({ fromStatus: null, toStatus: 'CREATING_QUOTE' });
      expect(steps[0]!.createdAt.getTime(), p.title).toBe(p.createdAt.getTime());
      expect(steps.at(-1)!.toStatus, p.title).toBe(p.status);
      for (let i = 1; i < steps.length; i++) {
        const [before, step] = [steps[i - 1]!, steps[i]!];
        expect(step.fromStatus, `${p.title} step ${i}`).toBe(before.toStatus);
        const allowed = (['WASTE', 'TRANSPORT', 'SYSTEM'] as const).some((actor) =>
          canTransitionProject(step.fromStatus as ProjectStatus, step.toStatus as ProjectStatus, actor),
        );
        expect(allowed, `${p.title}: ${step.fromStatus} -> ${step.toStatus}`).toBe(true);
        expect(step.createdAt.getTime(), `${p.title} step ${i}`).toBeGreaterThanOrEqual(
          before.createdAt.getTime(),
        );
      }
      for (const step of steps) expect(step.createdAt.getTime(), p.title).toBeLessThanOrEqual(now);
    }
    // Ids follow creation, as they do for real requests (lists sort by creation date).
    const created = rows.map((p) => p.createdAt.getTime());
    expect(created).toEqual([...created].sort((a, b) => a - b));
  });

  it('has a transporter, quote and contract where the status says so, and none before', async () => {
    const rows = await db.select().from(projects);
    const quoteRows = await db.select().from(quotes);
    const contractRows = await db.select().from(contracts);
    for (const p of rows) {
      const quote = quoteRows.find(
        (q) => q.projectId === p.id && q.transportCompanyId === p.transportCompanyId,
      );
      const contract = contractRows.find((c) => c.projectId === p.id);
      if (!past(p.status, 'COMPLETE_QUOTE')) {
        expect(p.transportCompanyId, p.title).toBeNull();
        expect(
          quoteRows.filter((q) => q.projectId === p.id),
          p.title,
        ).toEqual([]);
        continue;
      }
      expect(p.transportCompanyId, p.title).not.toBeNull();
      expect(quote?.status, p.title).toBe(past(p.status, 'CREATING_CONTRACT') ? 'ACCEPTED' : 'SUBMITTED');
      expect(quote!.validUntil, p.title).not.toBeNull();
      expect(quote!.validUntil! > tokyoDate(quote!.createdAt), p.title).toBe(true);
      if (p.status === 'CREATING_CONTRACT') expect(contract?.status ?? 'DRAFT', p.title).not.toBe('APPROVED');
      if (p.status === 'REQUEST_CONTRACT') expect(contract?.status, p.title).toBe('REQUESTED');
      if (p.status === 'COMPLETE_CONTRACT' || p.status === 'IN_PROGRESS')
        expect(contract?.status, p.title).toBe('APPROVED');
      if (p.status === 'COMPLETE') expect(contract?.status, p.title).toBe('ENDED');
      if (p.status === 'IN_PROGRESS') {
        expect(contract!.startDate <= today && today <= contract!.endDate, p.title).toBe(true);
        expect(contract!.approvedAt!.getTime()).toBeGreaterThanOrEqual(contract!.sentAt!.getTime());
      }
      if (p.status === 'COMPLETE') expect(contract!.endDate < today, p.title).toBe(true);
    }
  });

  it('prices only the project’s own wastes, as quoted, at plausible prices for their units', async () => {
    const lines = await db.select().from(projectWasteLines);
    const units = new Map((await db.select().from(unitMeasures)).map((u) => [u.id, u.unit]));
    const accepted = await db
      .select({ line: quoteLines, quote: quotes })
      .from(quoteLines)
      .innerJoin(quotes, eq(quotes.id, quoteLines.quoteId));
    for (const { quote } of accepted) {
      const own = accepted.filter((a) => a.quote.id === quote.id).map((a) => a.line);
      const totals = quoteTotals(own.map((l) => ({ unitPrice: l.unitPrice, quantity: Number(l.quantity) })));
      expect(quote.totalAmount).toBe(totals.totalAmount);
      expect(own.map((l) => l.amount)).toEqual(totals.amounts);
      // A quote prices every line of its request, no other.
      expect(own.map((l) => l.wasteLineId).sort()).toEqual(
        lines
          .filter((l) => l.projectId === quote.projectId)
          .map((l) => l.id)
          .sort(),
      );
    }
    const prices = await db
      .select({ price: contractUnitPrices, contract: contracts })
      .from(contractUnitPrices)
      .innerJoin(contracts, eq(contracts.id, contractUnitPrices.contractId));
    expect(prices.length).toBeGreaterThan(0);
    for (const { price, contract } of prices) {
      const line = lines.find((l) => l.id === price.wasteLineId);
      expect(line?.projectId, contract.name).toBe(contract.projectId);
      const quoted = accepted.find(
        (a) => a.line.wasteLineId === price.wasteLineId && a.quote.status === 'ACCEPTED',
      );
      expect(quoted, contract.name).toBeDefined();
      expect(price.unitPrice, contract.name).toBe(quoted!.line.unitPrice);
      if (price.transportUnitPrice != null)
        expect(price.transportUnitPrice + (price.disposalUnitPrice ?? 0)).toBe(price.unitPrice);
    }
    for (const { line } of accepted) {
      const waste = lines.find((l) => l.id === line.wasteLineId)!;
      const unit = units.get(line.unitMeasureId ?? -1);
      expect(unit, waste.wasteName).toBeDefined();
      const [min, max] = PLAUSIBLE_FOR[`${waste.wasteName}/${unit}`] ?? PLAUSIBLE[unit!]!;
      expect(line.unitPrice, `${waste.wasteName} per ${unit}`).toBeGreaterThanOrEqual(min);
      expect(line.unitPrice, `${waste.wasteName} per ${unit}`).toBeLessThanOrEqual(max);
      // An industrial line is priced in the unit its request states.
      if (waste.kind === 'INDUSTRIAL') expect(unit).toBe(waste.quantityUnit);
    }
  });

  it('has industrial requests sent only by users registered with the manifest network', async () => {
    const rows = await db
      .select({ title: projects.title, status: projects.status, user: users })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.createdBy))
      .where(eq(projects.type, 'INDUSTRIAL'));
    for (const r of rows.filter((r) => r.status !== 'CREATING_QUOTE')) {
      expect(r.user.registrantNumber, r.title).toBeTruthy();
      expect(r.user.ediKey, r.title).toBeTruthy();
    }
  });

  it('reports, collects and bills only under contracts in force, for the contract’s own wastes', async () => {
    const contractOf = async (projectId: number) =>
      (await db.select().from(contracts).where(eq(contracts.projectId, projectId)))[0]!;
    for (const r of await db.select().from(transportReports)) {
      const c = await contractOf(r.projectId);
      expect(c.startDate <= r.endDateTransport! && r.endDateTransport! <= c.endDate).toBe(true);
      const [line] = await db
        .select()
        .from(projectWasteLines)
        .where(eq(projectWasteLines.id, r.wasteLineId!));
      expect(line?.projectId).toBe(r.projectId);
    }
    for (const r of await db.select().from(regularReports)) {
      const c = await contractOf(r.projectId);
      const month = `${r.year}-${String(r.month).padStart(2, '0')}`;
      expect(c.startDate.slice(0, 7) <= month && month <= c.endDate.slice(0, 7)).toBe(true);
      const lines = await db
        .select()
        .from(projectWasteLines)
        .where(eq(projectWasteLines.projectId, r.projectId));
      expect(lines.map((l) => l.wasteId)).toContain(r.wasteId);
    }
    for (const col of await db.select().from(collections)) {
      const c = await contractOf(col.projectId);
      expect(c.status).toBe('APPROVED');
      // Within the dates a request may ask for (an auto-renewing contract's next period too).
      const period = requestablePeriodOf(c);
      expect(period.startDate <= col.date && col.date <= period.endDate, `${c.name} ${col.date}`).toBe(true);
    }
    const invoiceRows = await db.select().from(invoices);
    const sends = await db.select().from(invoiceSends);
    expect(new Set(invoiceRows.map((i) => i.status))).toEqual(new Set(['UNCLAIMED', 'BILLED', 'PAID']));
    for (const inv of invoiceRows) {
      const c = await contractOf(inv.projectId);
      expect(inv.contractId).toBe(c.id);
      expect(inv.paymentMethod).toBe(c.paymentMethod);
      expect(inv.billingDate >= c.startDate).toBe(true);
      const kinds = sends.filter((s) => s.invoiceId === inv.id).map((s) => s.kind);
      if (inv.status !== 'UNCLAIMED') expect(kinds).toContain('ATTACHMENT_MAIL');
      if (inv.status === 'PAID') expect(kinds).toContain('PAID_MAIL');
      if (inv.status === 'UNCLAIMED') expect(kinds).toEqual([]);
    }
  });

  it('has a driver of 東都 whose vehicle has the stops of today and the next business days', async () => {
    const [driver] = await db.select().from(users).where(eq(users.email, 'driver@example.com'));
    const [toto] = await db.select().from(companies).where(eq(companies.name, '東都環境サービス株式会社'));
    expect(driver).toMatchObject({ role: 'DRIVER', enabled: true, companyId: toto!.id, deletedAt: null });
    const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, driver!.vehicleId!));
    expect(vehicle).toMatchObject({ companyId: toto!.id, active: true, vehicleClass: 'T2' });
    const open = await db.select().from(collections).where(eq(collections.transportCompanyId, toto!.id));
    for (const c of open.filter((c) => ['DESIRED_DATE', 'ADJUSTING', 'CONFIRMED'].includes(c.status)))
      expect(c.vehicleId, `${c.id} ${c.date}`).toBe(vehicle!.id);
    const days = Array.from({ length: DRIVER_DAY_SPAN }, (_, i) => addDays(today, i));
    const lookup = await businessDayLookup(db, toto!.id, today, days.at(-1)!);
    for (const day of days.filter((d) => lookup(d).isBusinessDay)) {
      const stops = await db
        .select()
        .from(collections)
        .where(
          and(
            eq(collections.date, day),
            eq(collections.status, 'CONFIRMED'),
            eq(collections.vehicleId, vehicle!.id),
          ),
        );
      expect(stops.length, day).toBeGreaterThan(0);
    }
  });

  it('has inquiries in each status', async () => {
    const statuses = new Set((await db.select().from(inquiries)).map((i) => i.status));
    expect(statuses.size).toBeGreaterThanOrEqual(3);
  });
});
