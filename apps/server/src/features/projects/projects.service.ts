import {
  HOME_PROJECT_ROWS,
  isQuoteRequestEditable,
  type Page,
  type PermitCoverageAnswer,
  PROJECT_TAB_STATUSES,
  type ProjectActor,
  type ProjectHome,
  type ProjectListItem,
  type ProjectListQuery,
  type ProjectStatus,
  projectListTab,
  type QuoteRequest,
} from '@junkan/shared';
import { and, count, eq, fillPlaceholders, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { isoInstant, queryArrays, type RawStatement } from '../../db/raw-statement';
import {
  companies,
  dischargeSites,
  offices,
  packingStyles,
  projectDischargeSites,
  projectStatusHistory,
  projects,
  projectWasteLines,
  quotes,
  unitMeasures,
  users,
  wastes,
} from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { containsPattern } from '../../lib/like-pattern';
import { offsetOf, orderOf } from '../../lib/paging';
import { tokyoDate } from '../../lib/time';
import type { Caller, Session } from '../../plugins/auth';
import { mailCompany } from '../../plugins/mail';
import { coverageOf } from '../permit-core/project-coverage';
import {
  actorOf,
  type ProjectRow,
  projectFor,
  servingTransportCompanies,
  transporterMaySee,
} from '../project-core/project-access';
import { getProjectDetail, projectDetailPath } from '../project-core/project-detail';
import { transitionProject } from '../project-core/project-status';

// ---- Lists -------------------------------------------------------------------------------------

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

/** A row of the list's select, read by position (the order of `listRow`, then the total). */
interface ListRow {
  id: number;
  title: string;
  status: string;
  type: ProjectListItem['type'];
  memo: string | null;
  /** ISO text (`isoInstant`). */
  createdAt: string;
  companyId: number;
  companyName: string;
  transportId: number | null;
  transportName: string | null;
  total: number;
}
const listRowOf = (r: unknown[]): ListRow => ({
  id: r[0] as number,
  title: r[1] as string,
  status: r[2] as string,
  type: r[3] as ListRow['type'],
  memo: r[4] as string | null,
  createdAt: r[5] as string,
  companyId: r[6] as number,
  companyName: r[7] as string,
  transportId: r[8] as number | null,
  transportName: r[9] as string | null,
  // count(*) is a bigint: a string from the driver.
  total: Number(r[10]),
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
  const rows = (await queryArrays(db, statement, fillPlaceholders(statement.params, values))).map(listRowOf);
  const total = rows[0]?.total ?? (query.page > 1 ? await countProjects(db, scope, query) : 0);
  const coverage = await openRequestCoverage(db, scope, rows, today);
  const items = rows.map(
    (r): ProjectListItem => ({
      id: r.id,
      projectTitle: r.title,
      projectStatus: r.status as ProjectStatus,
      type: r.type,
      memo: r.memo,
      company: { id: r.companyId, name: r.companyName },
      transportCompany: r.transportId != null ? { id: r.transportId, name: r.transportName ?? '' } : null,
      createdDate: r.createdAt,
      ...(coverage.has(r.id) ? { permitCoverage: coverage.get(r.id) } : {}),
    }),
  );
  return { items, total, page: query.page, size: query.size };
}

/**
 * A transporter's coverage of the page's open industrial requests (issue 15), so the list marks those it may not
 * quote: a fixed number of queries for the whole page, and none when the page has no such request.
 */
async function openRequestCoverage(
  db: DbOrTx,
  scope: ProjectScope,
  rows: readonly { id: number; status: string; type: string }[],
  today: string,
) {
  if (scope.side !== 'TRANSPORT') return new Map<number, PermitCoverageAnswer>();
  return coverageOf(
    db,
    rows
      .filter((r) => r.status === 'REQUEST_QUOTE' && r.type === 'INDUSTRIAL')
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

// ---- Drafts ------------------------------------------------------------------------------------

/** Checks the request's office, sites and wastes (and units, packing) against the caller's company and masters. */
async function checkReferences(tx: Tx, companyId: number, input: QuoteRequest) {
  if (input.officeId != null) {
    const [office] = await tx
      .select({ id: offices.id })
      .from(offices)
      .where(and(eq(offices.id, input.officeId), eq(offices.companyId, companyId)));
    if (!office) throw fieldError('officeId', 'not_found');
  }
  const siteIds = [...new Set(input.dischargeSiteIds)];
  const sites = await tx
    .select({ id: dischargeSites.id })
    .from(dischargeSites)
    .where(and(inArray(dischargeSites.id, siteIds), eq(dischargeSites.companyId, companyId)));
  if (sites.length !== siteIds.length) throw fieldError('dischargeSiteIds', 'not_found');

  const wasteIds = input.lines.map((l) => l.wasteId);
  const wasteRows = await tx
    .select({ id: wastes.id, name: wastes.name, category: wastes.category })
    .from(wastes)
    .where(inArray(wastes.id, wasteIds));
  const byId = new Map(wasteRows.map((w) => [w.id, w]));
  input.lines.forEach((line, i) => {
    const waste = byId.get(line.wasteId);
    if (!waste) throw fieldError(`lines.${i}.wasteId`, 'not_found');
    if (waste.category !== input.type) throw fieldError(`lines.${i}.wasteId`, 'invalid_format');
  });

  const units = new Map<number, string>();
  if (input.type === 'INDUSTRIAL') {
    const unitIds = [...new Set(input.lines.map((l) => l.unitMeasureId))];
    const unitRows = await tx
      .select({ id: unitMeasures.id, unit: unitMeasures.unit })
      .from(unitMeasures)
      .where(inArray(unitMeasures.id, unitIds));
    for (const u of unitRows) units.set(u.id, u.unit);
    const packingIds = [...new Set(input.lines.map((l) => l.packingStyleId).filter((v): v is number => !!v))];
    const packingRows = packingIds.length
      ? await tx
          .select({ id: packingStyles.id })
          .from(packingStyles)
          .where(inArray(packingStyles.id, packingIds))
      : [];
    const packings = new Set(packingRows.map((p) => p.id));
    input.lines.forEach((line, i) => {
      if (!units.has(line.unitMeasureId)) throw fieldError(`lines.${i}.unitMeasureId`, 'not_found');
      if (line.packingStyleId && !packings.has(line.packingStyleId))
        throw fieldError(`lines.${i}.packingStyleId`, 'not_found');
    });
  }
  return { wasteNames: new Map(wasteRows.map((w) => [w.id, w.name])), units, siteIds };
}

/** Writes the request's sites and lines for project `projectId` (after removing any earlier ones). */
async function writeContent(tx: Tx, projectId: number, companyId: number, input: QuoteRequest) {
  const { wasteNames, units, siteIds } = await checkReferences(tx, companyId, input);
  await tx.delete(projectDischargeSites).where(eq(projectDischargeSites.projectId, projectId));
  await tx.delete(projectWasteLines).where(eq(projectWasteLines.projectId, projectId));
  await tx
    .insert(projectDischargeSites)
    .values(siteIds.map((dischargeSiteId) => ({ projectId, dischargeSiteId })));
  const decimal = (n: number | undefined | null) => (n == null ? null : n.toFixed(2));
  if (input.type === 'REGULAR') {
    await tx.insert(projectWasteLines).values(
      input.lines.map((line, i) => ({
        projectId,
        kind: 'REGULAR' as const,
        wasteId: line.wasteId,
        wasteName: wasteNames.get(line.wasteId) ?? '',
        monthlyCapacity: decimal(line.monthlyCapacity),
        bags: Object.fromEntries(Object.entries(line.bags).filter(([, n]) => (n ?? 0) > 0)) as Record<
          string,
          number
        >,
        frequency: 'WEEKLY',
        frequencyNumber: line.collectionCount,
        weekdays: [...line.weekdays].sort((a, b) => a - b),
        sortOrder: i,
      })),
    );
  } else {
    await tx.insert(projectWasteLines).values(
      input.lines.map((line, i) => ({
        projectId,
        kind: 'INDUSTRIAL' as const,
        wasteId: line.wasteId,
        wasteName: wasteNames.get(line.wasteId) ?? '',
        quantity: decimal(line.quantity),
        unitMeasureId: line.unitMeasureId,
        quantityUnit: units.get(line.unitMeasureId) ?? null,
        packingStyleId: line.packingStyleId ?? null,
        dimensions: line.dimensions || null,
        frequency: line.frequency,
        frequencyNumber: line.frequency === 'SPOT' ? null : (line.frequencyNumber ?? null),
        transTime: line.transTime || null,
        wasteDetails: line.wasteDetails || null,
        sortOrder: i,
      })),
    );
  }
}

const requireCompany = (session: Session) => {
  if (!session.companyId) throw new AppError('forbidden', 'Forbidden');
  return session.companyId;
};

/** POST /projects: a draft quote request (CREATING_QUOTE) of the caller's company. */
export async function createDraft(app: FastifyInstance, caller: Caller, input: QuoteRequest) {
  const id = await app.db.transaction((tx) => insertDraft(tx, caller, input, app.now()));
  return getProjectDetail(app.db, caller.session, id, tokyoDate(app.now()));
}

/**
 * Writes a draft quote request of the caller's company with its sites, lines and first status step; returns its
 * id. `at` is its creation time: now, except for the demo data, whose requests were made in the past.
 */
export async function insertDraft(tx: Tx, caller: Caller, input: QuoteRequest, at: Date): Promise<number> {
  const { session } = caller;
  const companyId = requireCompany(session);
  const [project] = await tx
    .insert(projects)
    .values({
      title: input.projectTitle,
      status: 'CREATING_QUOTE',
      type: input.type,
      memo: input.memo || null,
      companyId,
      officeId: input.officeId ?? null,
      createdBy: session.userId,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: projects.id });
  if (!project) throw new AppError('server_error');
  await writeContent(tx, project.id, companyId, input);
  await tx.insert(projectStatusHistory).values({
    projectId: project.id,
    fromStatus: null,
    toStatus: 'CREATING_QUOTE',
    userId: session.userId,
    adminId: session.adminId ?? null,
    createdAt: at,
  });
  await recordAudit(tx, caller, { action: 'project.create', entity: 'project', entityId: project.id, at });
  return project.id;
}

/** PUT /projects/{id}: replaces a draft's content while it is still editable. */
export async function updateDraft(app: FastifyInstance, caller: Caller, id: number, input: QuoteRequest) {
  const { session } = caller;
  if (actorOf(session) !== 'WASTE') throw new AppError('forbidden', 'Forbidden');
  await app.db.transaction(async (tx) => {
    const project = await projectFor(tx, session, id, true);
    if (!isQuoteRequestEditable(project.status))
      throw new AppError('invalid_status_transition', 'Only a draft can be edited', undefined, {
        from: project.status,
        to: project.status,
      });
    await tx
      .update(projects)
      .set({
        title: input.projectTitle,
        type: input.type,
        memo: input.memo || null,
        officeId: input.officeId ?? null,
        updatedAt: app.now(),
      })
      .where(eq(projects.id, id));
    await writeContent(tx, id, project.companyId, input);
    await recordAudit(tx, caller, { action: 'project.update', entity: 'project', entityId: id });
  });
  return getProjectDetail(app.db, session, id, tokyoDate(app.now()));
}

// ---- Submit and cancel -------------------------------------------------------------------------

/** POST /projects/{id}/request-quote: sends a draft to the transporters; mails those serving its sites. */
export async function requestQuote(app: FastifyInstance, caller: Caller, id: number) {
  const { session } = caller;
  const actor = actorOf(session);
  const project = await app.db.transaction(async (tx) => {
    const p = await projectFor(tx, session, id, true);
    if (p.type === 'INDUSTRIAL') {
      const [user] = await tx
        .select({ registrantNumber: users.registrantNumber, ediKey: users.ediKey })
        .from(users)
        .where(eq(users.id, session.userId));
      if (!user?.registrantNumber || !user.ediKey) throw new AppError('edi_key_required', 'EDI key required');
    }
    const now = app.now();
    await transitionProject(tx, caller, p, 'REQUEST_QUOTE', actor, now, null, { requestedAt: now });
    // A request no transporter's collection area holds would wait for a quote forever.
    if ((await servingTransportCompanies(tx, p.id, p.type)).length === 0)
      throw new AppError('collection_area_not_supported', 'No transporter serves the discharge sites', {
        dischargeSiteIds: 'collection_area_not_supported',
      });
    return p;
  });
  await mailServingTransporters(app, project);
  return getProjectDetail(app.db, session, id, tokyoDate(app.now()));
}

/** POST /projects/{id}/cancel: cancels a request or contract the caller's side may still cancel. */
export async function cancelProject(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  reason: string | undefined,
) {
  const { session } = caller;
  const actor = actorOf(session);
  const { project, transporterIds } = await app.db.transaction(async (tx) => {
    const p = await projectFor(tx, session, id, true);
    // Read before the move: whom the request or contract had reached is decided by its state before CANCEL.
    const engaged = actor === 'WASTE' ? await engagedTransportCompanies(tx, p) : [];
    const before = { ...p };
    await transitionProject(tx, caller, p, 'CANCEL', actor, app.now(), reason);
    return { project: before, transporterIds: engaged };
  });
  await mailCancellation(app, project, actor, transporterIds, reason);
  return getProjectDetail(app.db, session, id, tokyoDate(app.now()));
}

/** The statuses in which the request is out to the area's transporters (each was mailed it when it was sent). */
const REQUEST_SENT: readonly ProjectStatus[] = ['REQUEST_QUOTE', 'COMPLETE_QUOTE'];

/**
 * The transport companies a discharger's cancellation concerns: while the request is out, every transporter it
 * was sent to (those serving its sites, as `requestQuote` mails them), quoted or not; the one the project is
 * handed to (a quote awaiting acceptance, a contract in the making); and any that hold a quote for it.
 */
async function engagedTransportCompanies(tx: Tx, project: ProjectRow): Promise<number[]> {
  const ids = new Set<number>();
  if (REQUEST_SENT.includes(project.status))
    for (const id of await servingTransportCompanies(tx, project.id, project.type)) ids.add(id);
  if (project.transportCompanyId != null) ids.add(project.transportCompanyId);
  const quoted = await tx
    .select({ id: quotes.transportCompanyId })
    .from(quotes)
    .where(and(eq(quotes.projectId, project.id), inArray(quotes.status, ['DRAFT', 'SUBMITTED'])));
  for (const { id } of quoted) ids.add(id);
  return [...ids];
}

/** Every cancellation is a hand-off: the other side hears of it with the project's name, the reason and a link. */
async function mailCancellation(
  app: FastifyInstance,
  project: ProjectRow,
  actor: ProjectActor,
  transporterIds: number[],
  reason: string | undefined,
) {
  const reasonLines = reason ? [`理由: ${reason}`] : [];
  if (actor === 'TRANSPORT') {
    await mailCompany(app, project.companyId, 'WASTE', {
      subject: '【junkan】収集運搬業者が案件を取り消しました / A transporter cancelled a project',
      lines: ['収集運搬業者が案件を取り消しました。', `案件名: ${project.title}`, ...reasonLines],
      english: 'The transporter has cancelled this project.',
      path: projectDetailPath(project.id),
    });
    return;
  }
  for (const companyId of transporterIds)
    await mailCompany(app, companyId, 'TRANSPORT', {
      subject: '【junkan】排出事業者が案件を取り消しました / A discharger cancelled a project',
      lines: ['排出事業者が案件を取り消しました。', `案件名: ${project.title}`, ...reasonLines],
      english: 'The discharger has cancelled this project.',
      path: projectDetailPath(project.id),
    });
}

async function mailServingTransporters(app: FastifyInstance, project: ProjectRow) {
  const companyIds = await servingTransportCompanies(app.db, project.id, project.type);
  await mailCompany(app, companyIds, 'TRANSPORT', {
    subject: '【junkan】見積依頼が届きました / New quote request',
    lines: ['担当エリアの排出事業者から見積依頼が届きました。', `案件名: ${project.title}`],
    english: 'A discharger in your collection area has requested a quote.',
    path: projectDetailPath(project.id),
  });
}
