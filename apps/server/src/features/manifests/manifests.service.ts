import { randomUUID } from 'node:crypto';
import {
  type AgreementQuantity,
  type AgreementRef,
  confirmsDifferences,
  contractLineOf,
  deadlineState,
  isDisposalSiteLicenseExpired,
  MANIFEST_PHASES,
  type ManifestDetail,
  type ManifestDifference,
  type ManifestListQuery,
  type ManifestPhaseName,
  type ManifestRegistrationInput,
  type ManifestRegistrationOptions,
  type ManifestStatus,
  type ManifestSummary,
  type MessageCode,
  manifestContractDifferences,
  type manifestListSchema,
  transportReportDeadline,
} from '@junkan/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  dischargeSites,
  disposalSites,
  manifests,
  projects,
  unitMeasures,
  users,
  wastes,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { containsPattern } from '../../lib/like-pattern';
import { nationalHolidayName } from '../../lib/national-holidays';
import { operatorRole } from '../../lib/roles';
import { siteAddress } from '../../lib/site-address';
import { tokyoDate } from '../../lib/time';
import type { Caller, Session } from '../../plugins/auth';
import { JWNET_FUNCTION_CODES, JwnetError } from '../../plugins/jwnet/jwnet-adapter';
import { storeManifestState, trackJwnetRegistration } from '../jwnet/jwnet-queue';
import { manifestStateSeen, seenStatusOfManifestRow, unfinishedWorkKinds } from '../jwnet/jwnet-running';
import {
  contractTermsOf,
  destinationOf,
  industrialLinesOf,
  sameLineThisMonth,
  transportersOf,
  wasteKindsOf,
} from './manifest-contract-terms';

/** The two parties of a manifest: the discharger (its own manifests) and the transporter (those it carries). */
export type ManifestParty = 'WASTE' | 'TRANSPORT';

type ManifestList = z.infer<typeof manifestListSchema>;

/** Lists answer at most this many manifests (newest delivery first). */
export const MANIFEST_LIST_LIMIT = 500;

/** The session's company, for the party the route serves (routes check the operator's role first). */
export function partyCompany(session: Session): number {
  const role = operatorRole(session);
  if (!session.companyId || (role !== 'WASTE' && role !== 'TRANSPORT'))
    throw new AppError('forbidden', 'Forbidden');
  return session.companyId;
}

type Row = Record<string, unknown>;
export const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
const text = (v: unknown) => (v == null ? null : String(v));
const jsonOf = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/**
 * Manifests of a party with the live transport report of each, if made, and the kinds of this product's
 * unfinished work on each (the state the screens show adds them: `manifestStateSeen`). The live reports are
 * grouped per number over the party's own reports (indexed by company), not looked up per manifest.
 */
export function manifestSelect(party: ManifestParty, companyId: number) {
  const own = party === 'TRANSPORT' ? sql`transport_company_id` : sql`discharger_company_id`;
  return sql`
    select m.manifest_number, m.project_id, p.title as project_title, dc.name as discharger_name,
           tc.name as transporter_name, m.waste_name, m.delivery_date::text as delivery_date,
           m.transport_end_date::text as transport_end_date, m.disposal_end_date::text as disposal_end_date,
           m.final_disposal_end_date::text as final_disposal_end_date, m.discharge_site_name,
           m.network_status, m.running_functions, m.phases, m.synced_at, r.report_id,
           m.disposal_site_name, m.confirmed_differences, m.differences_confirmed_at,
           cu.user_name as differences_confirmed_by,
           ${unfinishedWorkKinds(sql`m.manifest_number`)} as unfinished_kinds
    from manifests m
    join companies dc on dc.id = m.discharger_company_id
    left join companies tc on tc.id = m.transport_company_id
    left join projects p on p.id = m.project_id
    left join users cu on cu.id = m.differences_confirmed_by
    left join (
      select manifest_number, max(id) as report_id from transport_reports
      where ${own} = ${companyId} and deleted_at is null and manifest_number is not null
      group by manifest_number
    ) r on r.manifest_number = m.manifest_number
    where m.${own} = ${companyId}`;
}

const isHoliday = nationalHolidayName;

/** The network's stored answer with this product's unfinished work (one rule for reports and manifests). */
function stateSeen(r: Row): Pick<ManifestSummary, 'status' | 'runningFunctions'> {
  const seen = manifestStateSeen(
    {
      status: text(r.network_status),
      runningFunctions: ((jsonOf(r.running_functions) as string[] | null) ?? []).map(String),
    },
    r.unfinished_kinds,
  );
  return { status: seen.status as ManifestStatus | null, runningFunctions: seen.runningFunctions };
}

function toSummary(r: Row, today: string): ManifestSummary {
  const deliveryDate = text(r.delivery_date);
  const transportReportId = r.report_id == null ? null : Number(r.report_id);
  // The transport can end on the delivery date at the earliest, so the deadline counts from it.
  const reportDeadline =
    transportReportId === null && deliveryDate ? transportReportDeadline(deliveryDate, isHoliday) : null;
  return {
    manifestNumber: String(r.manifest_number),
    projectId: r.project_id == null ? null : Number(r.project_id),
    projectTitle: text(r.project_title),
    dischargerName: String(r.discharger_name),
    transporterName: text(r.transporter_name),
    wasteName: String(r.waste_name),
    deliveryDate,
    transportEndDate: text(r.transport_end_date),
    disposalEndDate: text(r.disposal_end_date),
    finalDisposalEndDate: text(r.final_disposal_end_date),
    dischargeSiteName: String(r.discharge_site_name),
    ...stateSeen(r),
    transportReportId,
    reportDeadline,
    reportDeadlineState: reportDeadline ? deadlineState(reportDeadline, today, isHoliday) : null,
  };
}

type Phase = { done: boolean; date: string | null };

/** The phases as the network last answered them; all open before its first answer. */
function phasesOf(value: unknown): ManifestDetail['phases'] {
  const stored = (jsonOf(value) ?? {}) as Partial<Record<ManifestPhaseName, Partial<Phase>>>;
  const phase = (name: ManifestPhaseName): Phase => ({
    done: stored[name]?.done === true,
    date: typeof stored[name]?.date === 'string' ? (stored[name]?.date as string) : null,
  });
  return Object.fromEntries(MANIFEST_PHASES.map((n) => [n, phase(n)])) as ManifestDetail['phases'];
}

const isoOf = (v: unknown) => (v == null ? null : new Date(v as string | Date).toISOString());

function toDetail(r: Row, today: string, fresh: boolean): ManifestDetail {
  const confirmed = jsonOf(r.confirmed_differences) as ManifestDifference[] | null;
  const confirmedAt = isoOf(r.differences_confirmed_at);
  return {
    ...toSummary(r, today),
    phases: phasesOf(r.phases),
    syncedAt: isoOf(r.synced_at),
    fresh,
    disposalSiteName: text(r.disposal_site_name),
    differenceConfirmation:
      confirmed && confirmedAt
        ? { differences: confirmed, confirmedBy: text(r.differences_confirmed_by), confirmedAt }
        : null,
  };
}

/** GET /manifests and GET /trans/manifests. */
export async function listManifests(
  db: DbOrTx,
  session: Session,
  party: ManifestParty,
  query: ManifestListQuery,
  today: string,
): Promise<ManifestList> {
  const companyId = partyCompany(session);
  const filters = [
    query.manifestNumber ? sql`and m.manifest_number like ${containsPattern(query.manifestNumber)}` : sql``,
    query.status ? sql`and ${seenStatusOfManifestRow()} = ${query.status}` : sql``,
    query.deliveryFrom ? sql`and m.delivery_date >= ${query.deliveryFrom}` : sql``,
    query.deliveryTo ? sql`and m.delivery_date <= ${query.deliveryTo}` : sql``,
    party === 'TRANSPORT' && typeof query.companyId === 'number'
      ? sql`and m.discharger_company_id = ${query.companyId}`
      : sql``,
  ];
  const result = await db.execute(sql`${manifestSelect(party, companyId)} ${sql.join(filters, sql` `)}
    order by m.delivery_date desc nulls last, m.id desc
    limit ${MANIFEST_LIST_LIMIT}`);
  return { rows: rowsOf(result).map((r) => toSummary(r, today)) };
}

async function readManifest(db: DbOrTx, party: ManifestParty, companyId: number, manifestNumber: string) {
  const [row] = rowsOf(
    await db.execute(sql`${manifestSelect(party, companyId)} and m.manifest_number = ${manifestNumber}`),
  );
  return row;
}

/**
 * GET /manifests/{number} and GET /trans/manifests/{number}: the party's manifest, first refreshed from the
 * network (outside any transaction); when the network cannot answer, the stored state with `fresh: false`.
 */
export async function manifestDetail(
  app: FastifyInstance,
  session: Session,
  party: ManifestParty,
  manifestNumber: string,
): Promise<ManifestDetail> {
  const companyId = partyCompany(session);
  const today = tokyoDate(app.now());
  const stored = await readManifest(app.db, party, companyId, manifestNumber);
  if (!stored) throw new AppError('manifest_not_found', 'Manifest not found');
  let fresh = false;
  try {
    const state = await app.jwnet.adapter.getManifest(manifestNumber);
    await storeManifestState(app.db, state, app.now());
    fresh = true;
  } catch (error) {
    if (!(error instanceof JwnetError)) throw error;
    app.log.warn({ manifestNumber, kind: error.kind }, 'manifest state not refreshed from the network');
  }
  const row = fresh ? await readManifest(app.db, party, companyId, manifestNumber) : stored;
  return toDetail(row ?? stored, today, fresh);
}

/**
 * The company's subscriber number (加入者番号): kept on its users' accounts (registrant number); the
 * signed-in user's own first.
 */
async function companySubscriberNumber(db: DbOrTx, session: Session): Promise<string | null> {
  const [row] = await db
    .select({ number: users.registrantNumber })
    .from(users)
    .where(and(eq(users.companyId, session.companyId ?? -1), sql`${users.registrantNumber} is not null`))
    .orderBy(sql`${users.id} = ${session.userId} desc`, asc(users.id))
    .limit(1);
  return row?.number ?? null;
}

/** GET /manifests/registration-options (discharger). */
export async function manifestRegistrationOptions(
  db: DbOrTx,
  session: Session,
  today: string,
): Promise<ManifestRegistrationOptions> {
  const companyId = partyCompany(session);
  const rows = await db
    .select({
      id: projects.id,
      title: projects.title,
      transportCompanyId: projects.transportCompanyId,
      transporterName: companies.name,
    })
    .from(projects)
    .leftJoin(companies, eq(companies.id, projects.transportCompanyId))
    .where(
      and(
        eq(projects.companyId, companyId),
        eq(projects.type, 'INDUSTRIAL'),
        eq(projects.status, 'IN_PROGRESS'),
      ),
    )
    .orderBy(asc(projects.id));
  const ids = rows.map((p) => p.id);
  const [lines, terms] = [await industrialLinesOf(db, ids), await contractTermsOf(db, ids)];
  const projectOptions = rows
    .map((p) => ({
      ...p,
      wasteLines: lines
        .filter((l) => l.projectId === p.id)
        .map((l) => ({
          id: l.id,
          wasteName: l.wasteName,
          wasteId: l.wasteId,
          kind: l.kind,
          units: l.units,
          perCollection: l.perCollection,
          collectionsPerMonth: l.collectionsPerMonth,
        })),
      contract: terms.get(p.id) ?? null,
    }))
    // A manifest is for an industrial waste line.
    .filter((p) => p.wasteLines.length > 0);
  const sites = await db
    .select()
    .from(dischargeSites)
    .where(eq(dischargeSites.companyId, companyId))
    .orderBy(asc(dischargeSites.id));
  const units = await db
    .select({ id: unitMeasures.id, unit: unitMeasures.unit })
    .from(unitMeasures)
    .orderBy(asc(unitMeasures.id));
  const disposal = await db
    .select({ id: disposalSites.id, name: disposalSites.name, expireDate: disposalSites.expireDate })
    .from(disposalSites)
    .orderBy(asc(disposalSites.code), asc(disposalSites.id));
  return {
    today,
    subscriberNumber: await companySubscriberNumber(db, session),
    projects: projectOptions,
    dischargeSites: sites.map((s) => ({ id: s.id, name: s.name, address: siteAddress(s) })),
    units,
    transporters: await transportersOf(db, companyId),
    disposalSites: disposal.map((d) => ({
      id: d.id,
      name: d.name,
      licenseExpired: isDisposalSiteLicenseExpired(d.expireDate, today),
    })),
  };
}

/** What the network's refusal of a call means to the user; nothing was done on the network. */
export function jwnetFailureCode(error: JwnetError): MessageCode {
  switch (error.kind) {
    case 'OUTSIDE_HOURS':
      return 'jwnet_outside_hours';
    case 'SERVICE_STOPPED':
      return 'jwnet_service_stopped';
    case 'REFUSED':
      return 'jwnet_refused';
    default:
      return 'jwnet_unavailable';
  }
}

/**
 * POST /manifests: the discharger registers (delivers) a manifest for an industrial project in progress. What it
 * names (waste, transporter, disposal site) is checked against the project's contract first
 * (`manifestContractDifferences`): differences are refused (409 manifest_contract_differences, with them in
 * `details`) until the request confirms exactly them, and the confirmation is kept with the manifest. The
 * network then issues the number at once (called outside any transaction, with a fresh key); the manifest is
 * kept as RESERVED with the registration running, and the queue follows it until reflected. A refusal or fault
 * writes nothing, so the form can be sent again as it is.
 */
export async function registerManifest(
  app: FastifyInstance,
  caller: Caller,
  log: FastifyBaseLogger,
  input: ManifestRegistrationInput,
): Promise<ManifestDetail> {
  const { session } = caller;
  const companyId = partyCompany(session);
  const now = app.now();
  const today = tokyoDate(now);
  const db = app.db;

  const [project] = await db
    .select({
      id: projects.id,
      title: projects.title,
      type: projects.type,
      status: projects.status,
      companyId: projects.companyId,
      transportCompanyId: projects.transportCompanyId,
      transporterName: companies.name,
    })
    .from(projects)
    .leftJoin(companies, eq(companies.id, projects.transportCompanyId))
    .where(eq(projects.id, input.projectId));
  if (!project || project.companyId !== companyId)
    throw new AppError('project_not_found', 'Project not found');

  const fields: Record<string, MessageCode> = {};
  if (project.type !== 'INDUSTRIAL') fields.projectId = 'invalid_format';
  const lines = await industrialLinesOf(db, [project.id]);
  // The waste written on the manifest: one of the project's lines, or a waste of the industrial master.
  let waste: { lineId: number | null; name: string; code: string | null; kind: AgreementRef | null } | null =
    null;
  if (input.wasteLineId !== undefined) {
    const line = lines.find((l) => l.id === input.wasteLineId);
    if (line) waste = { lineId: line.id, name: line.wasteName, code: line.wasteCode, kind: line.kind };
    else fields.wasteLineId = 'invalid_format';
  } else if (input.wasteId !== undefined) {
    const [row] = await db
      .select({ id: wastes.id, name: wastes.name, code: wastes.wasteCode, parentPath: wastes.parentPath })
      .from(wastes)
      .where(and(eq(wastes.id, input.wasteId), eq(wastes.category, 'INDUSTRIAL')));
    if (row) {
      const kinds = await wasteKindsOf(db, [row]);
      waste = { lineId: null, name: row.name, code: row.code, kind: kinds.get(row.id) ?? null };
    } else fields.wasteId = 'invalid_format';
  }
  const [site] = await db
    .select()
    .from(dischargeSites)
    .where(and(eq(dischargeSites.id, input.dischargeSiteId), eq(dischargeSites.companyId, companyId)));
  if (!site) fields.dischargeSiteId = 'invalid_format';
  const [unit] = await db.select().from(unitMeasures).where(eq(unitMeasures.id, input.unitId));
  if (!unit) fields.unitId = 'invalid_format';
  if (input.deliveryDate > today) fields.deliveryDate = 'delivery_date_in_future';
  // The network takes a positive quantity only.
  if (!(input.quantity > 0)) fields.quantity = 'MSG_00_27';

  // The transporter named: one of the discharger's projects' transporters (the project's unless chosen).
  let transporter: AgreementRef | null =
    project.transportCompanyId != null && project.transporterName
      ? { id: project.transportCompanyId, name: project.transporterName }
      : null;
  if (input.transportCompanyId !== undefined) {
    transporter =
      (await transportersOf(db, companyId)).find((c) => c.id === input.transportCompanyId) ?? null;
    if (!transporter) fields.transportCompanyId = 'invalid_format';
  }

  const contract = (await contractTermsOf(db, [project.id])).get(project.id) ?? null;
  // The disposal site named: the contract route's unless chosen (null: none); never one whose license expired.
  let disposal: { id: number; name: string; expireDate: string | null } | null = null;
  const disposalId =
    input.disposalSiteId !== undefined
      ? input.disposalSiteId
      : contract
        ? (contract.disposalSite?.id ?? null)
        : project.transportCompanyId != null
          ? ((await destinationOf(db, project.transportCompanyId))?.id ?? null)
          : null;
  if (disposalId !== null) {
    const [row] = await db
      .select({ id: disposalSites.id, name: disposalSites.name, expireDate: disposalSites.expireDate })
      .from(disposalSites)
      .where(eq(disposalSites.id, disposalId));
    if (!row) fields.disposalSiteId = 'invalid_format';
    else if (isDisposalSiteLicenseExpired(row.expireDate, today))
      fields.disposalSiteId = 'disposal_site_license_expired';
    else disposal = row;
  }

  const [first] = Object.values(fields);
  if (first) throw new AppError(first, first, fields);
  if (project.status !== 'IN_PROGRESS' || !transporter)
    throw new AppError('invalid_status_transition', 'Only a project in progress takes manifests');

  // The line the manifest's kind and quantity count against (its quantity is kept with it for the month's sum).
  const quantity: AgreementQuantity = { value: input.quantity, unit: { id: unit!.id, unit: unit!.unit } };
  const line = contractLineOf(lines, waste!, quantity.unit);
  const differences = manifestContractDifferences(contract ? { ...contract, wasteLines: lines } : null, {
    deliveryDate: input.deliveryDate,
    transporter,
    disposalSite: disposal && { id: disposal.id, name: disposal.name },
    waste: { lineId: waste!.lineId, name: waste!.name, kind: waste!.kind },
    quantity,
    sameLineThisMonth:
      contract && line?.collectionsPerMonth
        ? await sameLineThisMonth(db, project.id, line.id, input.deliveryDate)
        : [],
  });
  if (!confirmsDifferences(differences, input.confirmedDifferences))
    throw new AppError(
      'manifest_contract_differences',
      'The manifest differs from its contract',
      undefined,
      undefined,
      { differences },
    );

  // A discharge site with its own subscriber number registers under it; otherwise the company's.
  const subscriberNumber: string | null =
    site!.subscriberNumber ?? (await companySubscriberNumber(db, session));
  if (!subscriberNumber) throw new AppError('edi_not_ready', 'No subscriber number');
  const dischargerSubscriberNumber = subscriberNumber;
  const named = { transporter, waste: waste!, disposal };
  const [discharger] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));

  let issued: { manifestNumber: string; requestId: string };
  const key = randomUUID();
  const register = () =>
    app.jwnet.adapter.registerManifest(key, {
      deliveryDate: input.deliveryDate,
      dischargerSubscriberNumber,
      dischargerName: discharger!.name,
      dischargeFacility: { name: site!.name, address: siteAddress(site!).slice(0, 254) },
      waste: {
        name: named.waste.name,
        ...(named.waste.code?.length === 7 ? { code: named.waste.code } : {}),
        quantity: input.quantity,
        unit: unit!.unit,
      },
      transporterName: named.transporter.name,
      ...(named.disposal ? { disposerName: named.disposal.name } : {}),
    });
  try {
    // A lost answer may hide a number already issued: asking once more with the same key gets that number.
    issued = await register().catch((error: unknown) => {
      if (error instanceof JwnetError && error.kind === 'TIMEOUT') return register();
      throw error;
    });
  } catch (error) {
    if (!(error instanceof JwnetError)) throw error;
    app.jwnet.forgetStatus();
    log.warn({ kind: error.kind, code: error.code }, 'manifest registration not accepted');
    throw new AppError(jwnetFailureCode(error), error.message);
  }

  const confirmed = differences.length > 0;
  await db.transaction(async (tx) => {
    await tx.insert(manifests).values({
      manifestNumber: issued.manifestNumber,
      projectId: project.id,
      dischargerCompanyId: companyId,
      transportCompanyId: named.transporter.id,
      wasteName: named.waste.name,
      wasteLineId: line?.id ?? null,
      quantity: input.quantity.toFixed(2),
      unitMeasureId: unit!.id,
      dischargeSiteName: site!.name,
      disposalSiteId: named.disposal?.id ?? null,
      disposalSiteName: named.disposal?.name ?? null,
      deliveryDate: input.deliveryDate,
      networkStatus: 'RESERVED',
      runningFunctions: [JWNET_FUNCTION_CODES.REGISTRATION],
      confirmedDifferences: confirmed ? differences : null,
      differencesConfirmedBy: confirmed ? session.userId : null,
      differencesConfirmedAt: confirmed ? now : null,
      // The registration's answer is the network's word on the manifest so far.
      syncedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await trackJwnetRegistration(tx, issued.manifestNumber, issued.requestId, now, app.jobs);
    await recordAudit(tx, caller, {
      action: 'manifest.register',
      entity: 'manifest',
      entityId: issued.manifestNumber,
      detail: {
        projectId: project.id,
        wasteLineId: named.waste.lineId,
        wasteId: input.wasteId ?? null,
        dischargeSiteId: site!.id,
        deliveryDate: input.deliveryDate,
        quantity: input.quantity,
        unit: unit!.unit,
        transportCompanyId: named.transporter.id,
        disposalSiteId: named.disposal?.id ?? null,
        requestId: issued.requestId,
        // What the discharger confirmed differs from the contract, as it was shown.
        ...(confirmed ? { confirmedDifferences: differences } : {}),
      },
    });
  });
  const row = await readManifest(db, 'WASTE', companyId, issued.manifestNumber);
  return toDetail(row!, today, true);
}
