/**
 * What an evidence pack holds: the projects of its scope (a discharger's own, a transporter's served ones) and,
 * for each, the files of its side: the agreed contract's stored documents, the permit copies in force, one CSV per
 * manifest and per completion report, the monthly regular reports. Read straight from the tables (this feature
 * imports no other feature); every query is scoped by the pack's company and side, so a transporter's pack never
 * holds another transporter's manifests, reports, contracts or permits.
 */
import { latestDate, RETENTION_LAST_DATE, retentionUntil } from '@junkan/shared';
import { and, asc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  attachments,
  companies,
  contracts,
  type evidencePacks,
  manifests,
  permits,
  projects,
  regularReports,
  transportReports,
} from '../../db/schema';
import { fileNameStem } from '../../lib/downloads';
import { tokyoDate } from '../../lib/time';
import type { StoredRef } from '../../plugins/file-storage';
import { PERMIT_OWNER } from '../permit-core/permit-records';
import { FILE_OWNERS } from '../project-core/project-contract';

export type PackRow = typeof evidencePacks.$inferSelect;

export interface PackProject {
  id: number;
  title: string;
  type: 'INDUSTRIAL' | 'REGULAR';
  dischargerName: string;
  transporterName: string | null;
}

export const ITEM_KINDS = [
  'CONTRACT_DOCUMENT',
  'PERMIT',
  'MANIFEST',
  'TRANSPORT_REPORT',
  'REGULAR_REPORTS',
] as const;
export type PackItemKind = (typeof ITEM_KINDS)[number];

/** One file of the pack: where it goes in the ZIP and what the index says of it. */
export interface PackItem {
  path: string;
  kind: PackItemKind;
  project: PackProject | null;
  /** The manifest number, report id, license number, contract name or months. */
  number: string;
  /** The record's date (or first and last date) as the index prints it. */
  date: string;
  /** The last day the record is kept (the retention rule). */
  keptUntil: string;
  source:
    | { type: 'stored'; ref: StoredRef }
    | { type: 'manifest'; id: number }
    | { type: 'report'; id: number }
    | { type: 'regular'; projectId: number; fromMonth: number | null; toMonth: number | null };
}

export interface PackPlan {
  companyName: string;
  projects: PackProject[];
  items: PackItem[];
}

/** year * 100 + month, for comparing months. */
const monthKey = (date: string) => Number(date.slice(0, 4)) * 100 + Number(date.slice(5, 7));
const japanDate = (d: Date | null) => (d ? tokyoDate(d) : null);

/** `P12_倉庫 廃プラスチック類`: the project's folder (its id keeps it unique, its title says what it is). */
export function projectFolder(project: Pick<PackProject, 'id' | 'title'>): string {
  const stem = fileNameStem(project.title, 24, '');
  return stem ? `P${project.id}_${stem}` : `P${project.id}`;
}

interface Scope {
  side: 'WASTE' | 'TRANSPORT';
  companyId: number;
  projectId: number | null;
  from: string | null;
  to: string | null;
}

/** What decides a pack's content: its company and side, and its project or period. */
export type PackScopeRow = Pick<
  PackRow,
  'side' | 'companyId' | 'scope' | 'projectId' | 'periodFrom' | 'periodTo'
>;

const scopeOf = (pack: PackScopeRow): Scope => ({
  side: pack.side,
  companyId: pack.companyId,
  projectId: pack.scope === 'PROJECT' ? pack.projectId : null,
  from: pack.scope === 'PERIOD' ? pack.periodFrom : null,
  to: pack.scope === 'PERIOD' ? pack.periodTo : null,
});

/** This side's rows of a table that names both parties. */
const sideOf = (s: Scope, discharger: SQL | AnyPgColumn, transporter: SQL | AnyPgColumn) =>
  sql`${s.side === 'WASTE' ? discharger : transporter} = ${s.companyId}`;

/**
 * A project may be packed by the side: its discharger, or the transporter that serves it; only once a transporter
 * serves it (before that it holds no contract, manifest or report).
 */
export function packableProject(side: 'WASTE' | 'TRANSPORT', companyId: number): SQL {
  return side === 'WASTE'
    ? and(eq(projects.companyId, companyId), isNotNull(projects.transportCompanyId))!
    : eq(projects.transportCompanyId, companyId);
}

/** The records of the period that put a project in a period's pack (any one of them). */
function inPeriod(s: Scope, from: string, to: string): SQL {
  const fromMonth = monthKey(from);
  const toMonth = monthKey(to);
  return sql`(
    exists (select 1 from ${contracts} c where c.project_id = ${projects.id} and c.approved_at is not null
      and c.start_date <= ${to} and c.end_date >= ${from}
      and ${s.side === 'WASTE' ? sql`true` : sql`c.transport_company_id = ${s.companyId}`})
    or exists (select 1 from ${manifests} m where m.project_id = ${projects.id}
      and ${sideOf(s, sql`m.discharger_company_id`, sql`m.transport_company_id`)}
      and coalesce(m.delivery_date, (m.created_at at time zone 'Asia/Tokyo')::date) between ${from} and ${to})
    or exists (select 1 from ${transportReports} r where r.project_id = ${projects.id}
      and ${sideOf(s, sql`r.discharger_company_id`, sql`r.transport_company_id`)}
      and r.end_date_transport between ${from} and ${to})
    or exists (select 1 from ${regularReports} rr where rr.project_id = ${projects.id}
      and ${sideOf(s, sql`rr.discharger_company_id`, sql`rr.transport_company_id`)}
      and rr.year * 100 + rr.month between ${fromMonth} and ${toMonth})
  )`;
}

/** The projects a pack covers, oldest first. */
export async function packProjects(db: DbOrTx, pack: PackScopeRow): Promise<PackProject[]> {
  const s = scopeOf(pack);
  const discharger = alias(companies, 'discharger');
  const transporter = alias(companies, 'transporter');
  const conditions: SQL[] = [packableProject(s.side, s.companyId)];
  if (s.projectId !== null) conditions.push(eq(projects.id, s.projectId));
  if (s.from && s.to) conditions.push(inPeriod(s, s.from, s.to));
  const rows = await db
    .select({
      id: projects.id,
      title: projects.title,
      type: projects.type,
      dischargerName: discharger.name,
      transporterName: transporter.name,
    })
    .from(projects)
    .innerJoin(discharger, eq(discharger.id, projects.companyId))
    .leftJoin(transporter, eq(transporter.id, projects.transportCompanyId))
    .where(and(...conditions))
    .orderBy(asc(projects.id));
  return rows;
}

/** Everything a pack holds, in the order it is written: per project its contract, manifests and reports; then permits. */
export async function planEvidencePack(db: DbOrTx, pack: PackRow): Promise<PackPlan> {
  const s = scopeOf(pack);
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, pack.companyId));
  const projectList = await packProjects(db, pack);
  const ids = projectList.map((p) => p.id);
  const items: PackItem[] = [];
  const paths = new Set<string>();
  /** A path not used yet: a second file of the same name gets `_2` before its extension. */
  const uniquePath = (path: string) => {
    let candidate = path;
    for (let n = 2; paths.has(candidate); n++) candidate = path.replace(/(\.[^./]+)?$/, `_${n}$1`);
    paths.add(candidate);
    return candidate;
  };
  if (ids.length === 0) return { companyName: company?.name ?? '', projects: [], items };

  // Contracts: the agreed one of each project (one per project), with its stored documents.
  const contractRows = await db
    .select()
    .from(contracts)
    .where(
      and(
        inArray(contracts.projectId, ids),
        isNotNull(contracts.approvedAt),
        s.side === 'TRANSPORT' ? eq(contracts.transportCompanyId, s.companyId) : undefined,
        s.from && s.to ? and(lte(contracts.startDate, s.to), gte(contracts.endDate, s.from)) : undefined,
      ),
    )
    .orderBy(asc(contracts.projectId));
  const contractFiles = contractRows.length
    ? await db
        .select({
          ownerId: attachments.ownerId,
          fileName: attachments.fileName,
          storageDriver: attachments.storageDriver,
          storageKey: attachments.storageKey,
        })
        .from(attachments)
        .where(
          and(
            inArray(attachments.ownerType, FILE_OWNERS),
            inArray(
              attachments.ownerId,
              contractRows.map((c) => c.id),
            ),
          ),
        )
        .orderBy(asc(attachments.id))
    : [];
  const contractOf = new Map(contractRows.map((c) => [c.projectId, c]));

  const manifestRows = await db
    .select({
      id: manifests.id,
      projectId: manifests.projectId,
      manifestNumber: manifests.manifestNumber,
      deliveryDate: manifests.deliveryDate,
      transportEndDate: manifests.transportEndDate,
      disposalEndDate: manifests.disposalEndDate,
      finalDisposalEndDate: manifests.finalDisposalEndDate,
      createdAt: manifests.createdAt,
    })
    .from(manifests)
    .where(
      and(
        inArray(manifests.projectId, ids),
        sideOf(s, manifests.dischargerCompanyId, manifests.transportCompanyId),
        s.from && s.to
          ? sql`coalesce(${manifests.deliveryDate}, (${manifests.createdAt} at time zone 'Asia/Tokyo')::date) between ${s.from} and ${s.to}`
          : undefined,
      ),
    )
    .orderBy(asc(manifests.deliveryDate), asc(manifests.id));

  const reportRows = await db
    .select({
      id: transportReports.id,
      projectId: transportReports.projectId,
      manifestNumber: transportReports.manifestNumber,
      collectTime: transportReports.collectTime,
      endDateTransport: transportReports.endDateTransport,
      lastEndDateTransport: transportReports.lastEndDateTransport,
      updatedAt: transportReports.updatedAt,
      deletedAt: transportReports.deletedAt,
    })
    .from(transportReports)
    .where(
      and(
        inArray(transportReports.projectId, ids),
        sideOf(s, transportReports.dischargerCompanyId, transportReports.transportCompanyId),
        s.from && s.to
          ? and(gte(transportReports.endDateTransport, s.from), lte(transportReports.endDateTransport, s.to))
          : undefined,
      ),
    )
    .orderBy(asc(transportReports.endDateTransport), asc(transportReports.id));

  const regularRows = await db
    .select({
      projectId: regularReports.projectId,
      year: regularReports.year,
      month: regularReports.month,
      updatedAt: regularReports.updatedAt,
    })
    .from(regularReports)
    .where(
      and(
        inArray(regularReports.projectId, ids),
        sideOf(s, regularReports.dischargerCompanyId, regularReports.transportCompanyId),
        s.from && s.to
          ? sql`${regularReports.year} * 100 + ${regularReports.month} between ${monthKey(s.from)} and ${monthKey(s.to)}`
          : undefined,
      ),
    )
    .orderBy(asc(regularReports.year), asc(regularReports.month));

  for (const project of projectList) {
    const folder = projectFolder(project);
    const contract = contractOf.get(project.id);
    if (contract) {
      const keptUntil = retentionUntil(
        RETENTION_LAST_DATE.contract({ endDate: contract.endDate, updatedOn: tokyoDate(contract.updatedAt) }),
      );
      for (const f of contractFiles.filter((f) => f.ownerId === contract.id))
        items.push({
          path: uniquePath(`contracts/${folder}/${fileNameStem(f.fileName, 80, 'contract.pdf')}`),
          kind: 'CONTRACT_DOCUMENT',
          project,
          number: contract.name,
          date: `${contract.startDate}〜${contract.endDate}`,
          keptUntil,
          source: { type: 'stored', ref: { driver: f.storageDriver, key: f.storageKey } },
        });
    }
    for (const m of manifestRows.filter((m) => m.projectId === project.id)) {
      const createdOn = tokyoDate(m.createdAt);
      items.push({
        path: uniquePath(`manifests/${folder}/${m.manifestNumber}.csv`),
        kind: 'MANIFEST',
        project,
        number: m.manifestNumber,
        date: m.deliveryDate ?? createdOn,
        keptUntil: retentionUntil(RETENTION_LAST_DATE.manifest({ ...m, createdOn })),
        source: { type: 'manifest', id: m.id },
      });
    }
    for (const r of reportRows.filter((r) => r.projectId === project.id))
      items.push({
        path: uniquePath(`reports/${folder}/R${r.id}${r.manifestNumber ? `_${r.manifestNumber}` : ''}.csv`),
        kind: 'TRANSPORT_REPORT',
        project,
        number: r.manifestNumber ?? `R${r.id}`,
        date: r.endDateTransport,
        keptUntil: retentionUntil(
          RETENTION_LAST_DATE.transportReport({
            ...r,
            updatedOn: tokyoDate(r.updatedAt),
            deletedOn: japanDate(r.deletedAt),
          }),
        ),
        source: { type: 'report', id: r.id },
      });
    const regular = regularRows.filter((r) => r.projectId === project.id);
    if (regular.length) {
      const ym = (r: (typeof regular)[number]) => `${r.year}-${String(r.month).padStart(2, '0')}`;
      const first = regular[0]!;
      const last = regular[regular.length - 1]!;
      const lastDate = latestDate(
        ...regular.map((r) => RETENTION_LAST_DATE.regularReport({ ...r, updatedOn: tokyoDate(r.updatedAt) })),
      )!;
      items.push({
        path: uniquePath(`reports/${folder}/regular-monthly-reports.csv`),
        kind: 'REGULAR_REPORTS',
        project,
        number: ym(first) === ym(last) ? ym(first) : `${ym(first)}〜${ym(last)}`,
        date: ym(last),
        keptUntil: retentionUntil(lastDate),
        source: {
          type: 'regular',
          projectId: project.id,
          fromMonth: s.from ? monthKey(s.from) : null,
          toMonth: s.to ? monthKey(s.to) : null,
        },
      });
    }
  }

  // Permits in force: those of the packed contracts' transporter (a transporter: its own), valid at some time of
  // the period (a project's pack: its contract period) and not retired before it began.
  const windows = new Map<number, { from: string; to: string }>();
  // Dates as YYYY-MM-DD text: the earliest sorts first.
  const earliest = (...dates: string[]) => [...dates].sort()[0]!;
  for (const c of contractRows) {
    const from = latestDate(c.startDate, s.from)!;
    const to = s.to ? earliest(c.endDate, s.to) : c.endDate;
    const w = windows.get(c.transportCompanyId);
    windows.set(c.transportCompanyId, {
      from: w ? earliest(w.from, from) : from,
      to: w ? latestDate(w.to, to)! : to,
    });
  }
  for (const [transportCompanyId, w] of windows) {
    const rows = await db
      .select({
        id: permits.id,
        licenseNumber: permits.licenseNumber,
        issueDate: permits.issueDate,
        expiryDate: permits.expiryDate,
        retiredAt: permits.retiredAt,
        updatedAt: permits.updatedAt,
        fileName: attachments.fileName,
        storageDriver: attachments.storageDriver,
        storageKey: attachments.storageKey,
      })
      .from(permits)
      .innerJoin(
        attachments,
        and(eq(attachments.ownerType, PERMIT_OWNER), eq(attachments.ownerId, permits.id)),
      )
      .where(
        and(
          eq(permits.companyId, transportCompanyId),
          lte(permits.issueDate, w.to),
          gte(permits.expiryDate, w.from),
          sql`(${permits.retiredAt} is null or (${permits.retiredAt} at time zone 'Asia/Tokyo')::date >= ${w.from})`,
        ),
      )
      .orderBy(asc(permits.issueDate), asc(permits.id), asc(attachments.id));
    for (const p of rows)
      items.push({
        path: uniquePath(`contracts/permits/${fileNameStem(`${p.licenseNumber}_${p.id}`, 60, 'permit')}.pdf`),
        kind: 'PERMIT',
        project: null,
        number: p.licenseNumber,
        date: `${p.issueDate}〜${p.expiryDate}`,
        keptUntil: retentionUntil(
          RETENTION_LAST_DATE.permit({
            expiryDate: p.expiryDate,
            retiredOn: japanDate(p.retiredAt),
            updatedOn: tokyoDate(p.updatedAt),
          }),
        ),
        source: { type: 'stored', ref: { driver: p.storageDriver, key: p.storageKey } },
      });
  }
  return { companyName: company?.name ?? '', projects: projectList, items };
}
