import type {
  CollectableDaysQuery,
  CollectionPreview,
  CollectionRequestBody,
  CollectionRequestOption,
} from '@junkan/shared/api/collections';
import {
  type CollectionDateIssue,
  collectionsLeft,
  desiredDatesIssues,
  type PlannedCollection,
  planRecurringCollections,
  type RequestContract,
  requestContractIssues,
} from '@junkan/shared/collection-rules';
import { nextDay } from '@junkan/shared/contract-rules';
import type { MessageCode } from '@junkan/shared/messages';
import { paths } from '@junkan/shared/paths';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { collectionRequestLines, collectionRequests, companies, contracts, projects } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { businessDayLookup } from '../../lib/business-days';
import { siteAddress } from '../../lib/site-address';
import { JAPANESE_WEEKDAYS } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { mailCompany } from '../../plugins/mail';
import {
  dateIssuesError,
  lookAheadEnd,
  spotCountedCollections,
  validationError,
} from '../project-core/collection-moves';
import {
  insertCollections,
  openCollectionsOfLines,
  requestablePeriodOf,
} from '../project-core/collection-schedule';
import { projectFor, transporterServesSite } from '../project-core/project-access';
import { quotedLines } from '../project-core/project-contract';
import { businessToday, checkRange, sitesOfProject } from './collection-common';

/** How many more dates a project's contract takes (`collectionsLeft`); only a spot contract's are counted. */
async function collectionsLeftOf(
  db: DbOrTx,
  projectId: number,
  contractType: RequestContract['contractType'],
) {
  return contractType === 'SPOT'
    ? collectionsLeft(contractType, await spotCountedCollections(db, projectId))
    : collectionsLeft(contractType, 0);
}

/** GET /collection-requests/options: the caller's projects in progress under an approved contract. */
export async function collectionRequestOptions(
  db: DbOrTx,
  caller: Caller,
): Promise<CollectionRequestOption[]> {
  const { companyId } = caller;
  const transporter = alias(companies, 'transporter');
  const rows = await db
    .select({
      id: projects.id,
      title: projects.title,
      type: projects.type,
      contract: contracts,
      transporterName: transporter.name,
    })
    .from(projects)
    .innerJoin(contracts, eq(contracts.projectId, projects.id))
    .innerJoin(transporter, eq(transporter.id, contracts.transportCompanyId))
    .where(
      and(
        eq(projects.companyId, companyId),
        eq(projects.status, 'IN_PROGRESS'),
        eq(contracts.status, 'APPROVED'),
      ),
    )
    .orderBy(asc(projects.id));
  return Promise.all(
    rows.map(async (p) => {
      const c = p.contract;
      const lines = await quotedLines(db, p.id, c.transportCompanyId);
      const sites = await sitesOfProject(db, p.id);
      const contractType = c.contractType as CollectionRequestOption['contract']['contractType'];
      return {
        projectId: p.id,
        projectTitle: p.title,
        projectType: p.type,
        contract: {
          id: c.id,
          contractType,
          startDate: c.startDate,
          endDate: c.endDate,
          requestableUntil: requestablePeriodOf(c).endDate,
          collectionsLeft: await collectionsLeftOf(db, p.id, contractType),
        },
        transportCompany: { id: c.transportCompanyId, name: p.transporterName },
        wasteLines: lines.map((l) => ({
          id: l.id,
          wasteName: l.wasteName,
          kind: l.kind,
          unit: l.measureUnit,
        })),
        dischargeSites: sites.map((s) => ({ id: s.id, name: s.name, address: siteAddress(s) })),
      };
    }),
  );
}

/** The caller's project (locked when `lock`) and its contract, which must be in force. */
async function projectInForce(db: DbOrTx, caller: Caller, projectId: number, lock = false) {
  const project = await projectFor(db, caller, projectId, lock);
  const [contract] = await db.select().from(contracts).where(eq(contracts.projectId, projectId));
  if (project.status !== 'IN_PROGRESS' || contract?.status !== 'APPROVED')
    throw new AppError('collection_project_not_in_progress', 'The project has no contract in force');
  return { project, contract };
}

/** GET /collection-requests/collectable-days: the days the project's transporter collects on. */
export async function collectableDays(db: DbOrTx, caller: Caller, query: CollectableDaysQuery) {
  checkRange(query.from, query.to);
  const { contract } = await projectInForce(db, caller, query.projectId);
  const lookup = await businessDayLookup(db, contract.transportCompanyId, query.from, query.to);
  const days = [];
  for (let date = query.from; date <= query.to; date = nextDay(date)) {
    const info = lookup(date);
    days.push({ date, collectable: info.isBusinessDay, reason: info.reason ?? null });
  }
  return days;
}

/**
 * Every rule of a request (section 5 and the contract's frame), read in `db` (the transaction that saves
 * it, with the project locked, or the database for a check): answers the project, contract, site and the
 * collections it makes, or throws the refusal with its field codes.
 */
async function planRequest(
  db: DbOrTx,
  caller: Caller,
  body: CollectionRequestBody,
  today: string,
  lock: boolean,
) {
  const { project, contract } = await projectInForce(db, caller, body.projectId, lock);
  const site = (await sitesOfProject(db, project.id)).find((s) => s.id === body.dischargeSiteId);
  const fields: Record<string, MessageCode> = {};
  if (!site) fields.dischargeSiteId = 'invalid_format';
  const projectLines = new Set((await quotedLines(db, project.id, null)).map((l) => l.id));
  body.lines.forEach((line, i) => {
    if (!projectLines.has(line.wasteLineId)) fields[`lines.${i}.wasteLineId`] = 'invalid_format';
  });
  // The contract's frame: the kinds it takes, and a spot contract's collections left (read under the lock).
  const contractType = contract.contractType as RequestContract['contractType'];
  const left = await collectionsLeftOf(db, project.id, contractType);
  for (const issue of requestContractIssues(body, {
    projectType: project.type,
    contractType,
    collectionsLeft: left,
  }))
    fields[issue.field] = issue.code;
  if (Object.keys(fields).length || !site) throw validationError(fields);
  if (!(await transporterServesSite(db, contract.transportCompanyId, project.type, site.postalCode)))
    throw new AppError('collection_area_not_supported', 'The site is outside the collection areas', {
      dischargeSiteId: 'collection_area_not_supported',
    });

  const period = requestablePeriodOf(contract);
  const lineIds = body.lines.map((l) => l.wasteLineId);
  let planned: PlannedCollection[];
  let range: { from: string; to: string };
  if (body.kind === 'DATES') {
    const sorted = [...body.dates].sort();
    range = { from: sorted[0]!, to: sorted[sorted.length - 1]! };
    const lookup = await businessDayLookup(
      db,
      contract.transportCompanyId,
      range.from,
      lookAheadEnd(range.to),
    );
    const issues: (CollectionDateIssue & { field: string })[] = desiredDatesIssues(body.dates, {
      today,
      period,
      lookup,
    }).map((issue) => ({ ...issue, field: `dates.${issue.index}` }));
    const taken = new Set(
      (await openCollectionsOfLines(db, project.id, lineIds, range.from, range.to)).map((c) => c.date),
    );
    body.dates.forEach((date, index) => {
      if (taken.has(date) && !issues.some((i) => i.index === index))
        issues.push({ index, code: 'same_waste_same_date', field: `dates.${index}` });
    });
    if (issues.length) throw dateIssuesError(issues.sort((a, b) => a.index - b.index));
    planned = sorted.map((date) => ({ date, status: 'DESIRED_DATE' }));
  } else {
    range = { from: today > contract.startDate ? today : contract.startDate, to: period.endDate };
    const lookup = await businessDayLookup(db, contract.transportCompanyId, range.from, range.to);
    planned = planRecurringCollections(
      { frequency: body.frequency ?? 'WEEKLY', weekdays: body.weekdays },
      range.from,
      range.to,
      lookup,
    );
    if (!planned.some((p) => p.status === 'DESIRED_DATE'))
      throw validationError({ weekdays: 'collection_date_not_collectable' });
    const collected = new Set(planned.filter((p) => p.status === 'DESIRED_DATE').map((p) => p.date));
    const clashes = (await openCollectionsOfLines(db, project.id, lineIds, range.from, range.to)).filter(
      (c) => collected.has(c.date),
    );
    const clashing = new Set(clashes.map((c) => c.wasteLineId));
    const lineFields: Record<string, MessageCode> = {};
    body.lines.forEach((line, i) => {
      if (clashing.has(line.wasteLineId)) lineFields[`lines.${i}.wasteLineId`] = 'same_waste_same_date';
    });
    if (Object.keys(lineFields).length) throw validationError(lineFields);
  }
  return { project, contract, site, planned, range };
}

const preview = (planned: readonly { date: string; status: string; skipReason?: string | null }[]) =>
  planned.map((p) => ({
    date: p.date,
    status: p.status as CollectionPreview['collections'][number]['status'],
    skipReason: (p.skipReason ?? null) as CollectionPreview['collections'][number]['skipReason'],
  }));

/** POST /collection-requests/check: the collections a request would make, nothing saved. */
export async function checkCollectionRequest(
  app: FastifyInstance,
  caller: Caller,
  body: CollectionRequestBody,
): Promise<CollectionPreview> {
  const { planned } = await planRequest(app.db, caller, body, businessToday(app), false);
  return { collections: preview(planned) };
}

const frequencyNames = { DAILY: '毎日', WEEKLY: '毎週', MONTHLY: '毎月第1' } as const;

/**
 * POST /collection-requests: saves the request, its lines, its collections and their first history rows in
 * one transaction (the project locked, so two requests of the same waste cannot both take a date), then
 * mails the transporter.
 */
export async function createCollectionRequest(
  app: FastifyInstance,
  caller: Caller,
  body: CollectionRequestBody,
) {
  const today = businessToday(app);
  const saved = await app.db.transaction(async (tx) => {
    const plan = await planRequest(tx, caller, body, today, true);
    const { project, contract, site } = plan;
    const [request] = await tx
      .insert(collectionRequests)
      .values({
        projectId: project.id,
        contractId: contract.id,
        companyId: project.companyId,
        transportCompanyId: contract.transportCompanyId,
        dischargeSiteId: site.id,
        kind: body.kind,
        frequency: body.kind === 'RECURRING' ? (body.frequency ?? 'WEEKLY') : null,
        weekdays: body.kind === 'RECURRING' ? [...body.weekdays].sort((a, b) => a - b) : [],
        collectionCount: body.kind === 'RECURRING' ? (body.collectionCount ?? null) : null,
        vehicleLimit: body.vehicleLimit,
        entryFrom: body.entryFrom ?? null,
        entryUntil: body.entryUntil ?? null,
        memo: body.memo || null,
        generatedUntil: body.kind === 'RECURRING' ? plan.range.to : null,
        createdBy: caller.session.userId,
        createdAt: app.now(),
      })
      .returning();
    await tx.insert(collectionRequestLines).values(
      body.lines.map((l) => ({
        requestId: request!.id,
        wasteLineId: l.wasteLineId,
        bags: Object.fromEntries(Object.entries(l.bags).filter(([, n]) => (n ?? 0) > 0)) as Record<
          string,
          number
        >,
        volume: l.volume === undefined ? null : l.volume.toFixed(2),
      })),
    );
    const rows = await insertCollections(tx, request!, plan.planned, {
      source: caller,
      role: 'WASTE',
      at: app.now(),
    });
    await recordAudit(tx, caller, {
      action: 'collection_request.create',
      entity: 'collection_request',
      entityId: request!.id,
      detail: { projectId: project.id, kind: body.kind, ...plan.range, collections: rows.length },
    });
    return { request: request!, project, site, rows };
  });

  const { request, project, site, rows } = saved;
  const desired = rows.filter((r) => r.status === 'DESIRED_DATE');
  const when =
    request.kind === 'RECURRING'
      ? `定期回収: ${frequencyNames[request.frequency ?? 'WEEKLY']} ${request.weekdays.map((d) => JAPANESE_WEEKDAYS[d]).join('・')}曜日（${desired[0]?.date} 〜 ${request.generatedUntil}、${desired.length}回）`
      : `回収希望日: ${desired
          .slice(0, 10)
          .map((r) => r.date)
          .join('、')}${desired.length > 10 ? ` ほか${desired.length - 10}日` : ''}`;
  await mailCompany(app, request.transportCompanyId, 'TRANSPORT', {
    subject: '【junkan】回収依頼が届きました / A collection request has arrived',
    lines: [
      '排出事業者から回収依頼が届きました。内容をご確認のうえ、回収日を確定してください。',
      `案件名: ${project.title}`,
      `排出場所: ${site.name}`,
      when,
    ],
    english: 'A discharger has requested collections. Please confirm the dates or propose others.',
    path: paths.collectionScheduleDetail.to(desired[0]?.id ?? rows[0]!.id),
  });
  return { id: request.id, collections: preview(rows) };
}
