import type { Page } from '@junkan/shared/api/common';
import type { ProjectListItem } from '@junkan/shared/api/home';
import type { PermitCoverageAnswer } from '@junkan/shared/api/permit-coverage';
import type { ProjectHome, ProjectListQuery } from '@junkan/shared/api/projects';
import type { ProjectStatus } from '@junkan/shared/enums';
import { HOME_PROJECT_ROWS } from '@junkan/shared/project-list';
import { PROJECT_TAB_STATUSES, projectListTab } from '@junkan/shared/project-status';
import { and, count, eq, fillPlaceholders, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from '../../db/client';
import { isoInstant, queryArrays, type RawStatement } from '../../db/raw-statement';
import { companies, projects } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';
import { offsetOf, orderOf } from '../../lib/paging';
import { coverageOf } from '../permit-core/project-coverage';
import { transporterMaySee } from '../project-core/project-access';

/** Whose projects a list shows: a discharger's own, or those a transporter serves (of one discharger, if asked). */
export type ProjectScope =
  | { side: 'WASTE'; companyId: number }
  | { side: 'TRANSPORT'; companyId: number; dischargerId?: number };

const transport = alias(companies, 'transport_company');

/** A value the prepared list reads at execution: its SQL text stays the same for every company and keyword. */
const param = <T>(name: string) => sql.placeholder(name) as unknown as T;

/** The values a list's condition reads: the prepared list passes placeholders, the count the values themselves. */
type ListFilters = Pick<ProjectListQuery, 'tab' | 'type' | 'keyword'>;

interface ListValues {
  companyId: number;
  dischargerId: number | null;
  pattern: string | null;
  keywordId: number | null;
}

const keywordIdOf = (keyword?: string) => (keyword && /^\d{1,9}$/.test(keyword) ? Number(keyword) : null);

function listValues(scope: ProjectScope, query: ListFilters): ListValues {
  return {
    companyId: scope.companyId,
    dischargerId: scope.side === 'TRANSPORT' ? (scope.dischargerId ?? null) : null,
    pattern: query.keyword ? containsPattern(query.keyword) : null,
    keywordId: keywordIdOf(query.keyword),
  };
}

/** The same values as the prepared statement's placeholders: its SQL text stays the same for every company. */
const LIST_PLACEHOLDERS: ListValues = {
  companyId: param<number>('companyId'),
  dischargerId: param<number>('dischargerId'),
  pattern: param<string>('pattern'),
  keywordId: param<number>('keywordId'),
};

/**
 * The list's condition: the scope (a discharger's own, or what a transporter serves), then the filters, which
 * narrow it further, never widen it. The keyword matches the title anywhere, or the id when it is one.
 */
function listWhere(scope: ProjectScope, query: ListFilters, v: ListValues): SQL | undefined {
  const scopeWhere =
    scope.side === 'WASTE'
      ? eq(projects.companyId, v.companyId)
      : and(
          transporterMaySee(v.companyId),
          scope.dischargerId ? eq(projects.companyId, v.dischargerId as number) : undefined,
        );
  const title = query.keyword ? ilike(projects.title, v.pattern as string) : undefined;
  const keyword =
    title && keywordIdOf(query.keyword) !== null ? or(title, eq(projects.id, v.keywordId as number)) : title;
  return and(
    scopeWhere,
    query.tab ? inArray(projects.status, [...PROJECT_TAB_STATUSES[query.tab]]) : undefined,
    query.type ? eq(projects.type, query.type) : undefined,
    keyword,
  );
}

const listRow = {
  id: projects.id,
  title: projects.title,
  status: projects.status,
  type: projects.type,
  memo: projects.memo,
  createdAt: projects.createdAt,
  companyId: companies.id,
  companyName: companies.name,
  transportId: transport.id,
  transportName: transport.name,
};

/** What the list's SQL text depends on; the values (company, keyword, page) are the statement's parameters. */
function listShape(scope: ProjectScope, query: ProjectListQuery): string {
  const keyword = !query.keyword ? '' : /^\d{1,9}$/.test(query.keyword) ? 'title|id' : 'title';
  const discharger = scope.side === 'TRANSPORT' && scope.dischargerId ? 'one' : '';
  return [scope.side, discharger, query.tab ?? '', query.type ?? '', keyword, query.sort, query.order].join(
    ':',
  );
}

/**
 * The list's select for one shape, its values as placeholders. The total is counted by a subquery, not a window
 * over the joined rows: the page can then stop after its rows (an index walk) instead of joining every row.
 */
function listSelect(db: DbOrTx, scope: ProjectScope, query: ProjectListQuery) {
  const where = listWhere(scope, query, LIST_PLACEHOLDERS);
  const columns = {
    createdDate: projects.createdAt,
    id: projects.id,
    title: projects.title,
    company: scope.side === 'WASTE' ? transport.name : companies.name,
  };
  return db
    .select({
      ...listRow,
      createdAt: isoInstant(projects.createdAt),
      total: sql<number>`(select count(*) from ${projects} where ${where})`.mapWith(Number),
    })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .leftJoin(transport, eq(transport.id, projects.transportCompanyId))
    .where(where)
    .orderBy(...orderOf(columns, query.sort, query.order, projects.id))
    .limit(param<number>('limit'))
    .offset(param<number>('offset'));
}
/** The list's statement for one shape: Drizzle's SQL text, and its parameters (placeholders and fixed values). */
interface ListStatement extends RawStatement {
  params: unknown[];
}
/** Built once per shape: the list is read on every visit to the project screens. */
const listStatements = new Map<string, ListStatement>();

function listStatementFor(db: Database, scope: ProjectScope, query: ProjectListQuery): ListStatement {
  const shape = listShape(scope, query);
  let statement = listStatements.get(shape);
  if (!statement) {
    const { sql: text, params } = listSelect(db, scope, query).toSQL();
    statement = { name: `junkan_project_list_${listStatements.size + 1}`, text, params };
    listStatements.set(shape, statement);
  }
  return statement;
}

/** A row of the list's select, read by position (the order of `listRow`, then the total), as the list's item. */
const itemOf = (r: unknown[]): ProjectListItem => ({
  id: r[0] as number,
  projectTitle: r[1] as string,
  projectStatus: r[2] as ProjectStatus,
  type: r[3] as ProjectListItem['type'],
  memo: r[4] as string | null,
  company: { id: r[6] as number, name: r[7] as string },
  transportCompany: r[8] != null ? { id: r[8] as number, name: (r[9] as string | null) ?? '' } : null,
  // ISO text (`isoInstant`).
  createdDate: r[5] as string,
});

/**
 * GET /projects and /trans/projects: a page of the scope's projects with the filters, sorted by the key asked
 * (`company` is the other side's name), with the total. Read through the driver by position (`queryArrays`):
 * the list is the most read call of the product.
 */
export async function listProjectPage(
  db: Database,
  scope: ProjectScope,
  query: ProjectListQuery,
  today: string,
): Promise<Page<ProjectListItem>> {
  const statement = listStatementFor(db, scope, query);
  const values = { ...listValues(scope, query), limit: query.size, offset: offsetOf(query) };
  const rows = await queryArrays(db, statement, fillPlaceholders(statement.params, values));
  // count(*) over the window is a bigint: a string from the driver.
  const total = rows[0] ? Number(rows[0][10]) : query.page > 1 ? await countProjects(db, scope, query) : 0;
  const items = rows.map(itemOf);
  const coverage = await openRequestCoverage(db, scope, items, today);
  for (const item of items) {
    const covered = coverage.get(item.id);
    if (covered) item.permitCoverage = covered;
  }
  return { items, total, page: query.page, size: query.size };
}

/**
 * A transporter's coverage of the page's open industrial requests (issue 15), so the list marks those it may not
 * quote: a fixed number of queries for the whole page, and none when the page has no such request.
 */
async function openRequestCoverage(
  db: DbOrTx,
  scope: ProjectScope,
  items: readonly Pick<ProjectListItem, 'id' | 'projectStatus' | 'type'>[],
  today: string,
) {
  if (scope.side !== 'TRANSPORT') return new Map<number, PermitCoverageAnswer>();
  return coverageOf(
    db,
    items
      .filter((r) => r.projectStatus === 'REQUEST_QUOTE' && r.type === 'INDUSTRIAL')
      .map((r) => ({ projectId: r.id, transportCompanyId: scope.companyId, from: today, to: today })),
  );
}

/** The list's total when the page asked for is past its end (no row carries it). */
async function countProjects(db: DbOrTx, scope: ProjectScope, query: ProjectListQuery) {
  const [row] = await db
    .select({ n: count() })
    .from(projects)
    .where(listWhere(scope, query, listValues(scope, query)));
  return row?.n ?? 0;
}

/** GET /projects/home and /trans/projects/home: the newest rows the home table shows and the count of each tab. */
export async function projectHome(db: Database, scope: ProjectScope, today: string): Promise<ProjectHome> {
  const [latest, byStatus] = await Promise.all([
    listProjectPage(
      db,
      scope,
      { page: 1, size: HOME_PROJECT_ROWS, sort: 'createdDate', order: 'desc' },
      today,
    ),
    db
      .select({ status: projects.status, n: count() })
      .from(projects)
      .where(listWhere(scope, {}, listValues(scope, {})))
      .groupBy(projects.status),
  ]);
  const counts = { PRE_CONTRACT: 0, IN_PROGRESS: 0, PAST: 0 };
  for (const { status, n } of byStatus) counts[projectListTab(status as ProjectStatus)] += n;
  return { latest: latest.items, counts };
}
