/**
 * What an evidence pack holds and which projects it covers: the projects of its scope (a discharger's own, a
 * transporter's served ones), by its company, side, and project or period. The records of those projects are read
 * in evidence-pack-records.ts and planned into files in evidence-pack-plan.ts; this feature imports no other
 * feature, and every query is scoped by the pack's company and side, so a transporter's pack never holds another
 * transporter's manifests, reports, contracts or permits.
 */
import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  contracts,
  type evidencePacks,
  manifests,
  projects,
  regularReports,
  transportReports,
} from '../../db/schema';
import type { StoredRef } from '../../plugins/file-storage';

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
export const monthKey = (date: string) => Number(date.slice(0, 4)) * 100 + Number(date.slice(5, 7));

export interface Scope {
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

export const scopeOf = (pack: PackScopeRow): Scope => ({
  side: pack.side,
  companyId: pack.companyId,
  projectId: pack.scope === 'PROJECT' ? pack.projectId : null,
  from: pack.scope === 'PERIOD' ? pack.periodFrom : null,
  to: pack.scope === 'PERIOD' ? pack.periodTo : null,
});

/** This side's rows of a table that names both parties. */
export const sideOf = (s: Scope, discharger: SQL | AnyPgColumn, transporter: SQL | AnyPgColumn) =>
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
