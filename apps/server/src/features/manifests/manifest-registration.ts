import { randomUUID } from 'node:crypto';
import type { ManifestDetail, ManifestRegistrationInput } from '@junkan/shared/api/manifests';
import type { MessageCode } from '@junkan/shared/messages';
import { isDisposalSiteLicenseExpired } from '@junkan/shared/rules/disposal-site-license';
import {
  type AgreementQuantity,
  type AgreementRef,
  confirmsDifferences,
  contractLineOf,
  manifestContractDifferences,
} from '@junkan/shared/rules/manifest-agreement';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  dischargeSites,
  disposalSites,
  manifests,
  projects,
  unitMeasures,
  wastes,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { siteAddress } from '../../lib/site-address';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import {
  JWNET_FUNCTION_CODES,
  JwnetError,
  type ManifestRegistration,
} from '../../plugins/jwnet/jwnet-adapter';
import { trackJwnetRegistration } from '../jwnet/jwnet-queue';
import {
  contractTermsOf,
  destinationOf,
  industrialLinesOf,
  sameLineThisMonth,
  transportersOf,
  wasteKindsOf,
} from './manifest-contract-terms';
import { companySubscriberNumber } from './manifest-registration-options';
import { manifestDetail, readManifest, toDetail } from './manifests.service';
import {
  claimRegistration,
  completeRegistration,
  networkFailureOf,
  type RegistrationClaim,
  registrationOfKey,
  releaseRegistration,
} from './registration-claims';

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
 * What a registration names, as read from the tables before anything is checked: the discharger's project (another
 * company's is not found), its industrial lines and contract, and each master row the request names. A master
 * waste, the transporters and the disposal site are read only when the request (or, for the disposal site, the
 * contract route or the transporter's destination) names one; a row named but missing reads as null.
 */
async function readRegistration(db: DbOrTx, companyId: number, input: ManifestRegistrationInput) {
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
  const lines = await industrialLinesOf(db, [project.id]);
  let masterWaste: { name: string; code: string | null; kind: AgreementRef | null } | null | undefined;
  if (input.wasteLineId === undefined && input.wasteId !== undefined) {
    const [row] = await db
      .select({ id: wastes.id, name: wastes.name, code: wastes.wasteCode, parentPath: wastes.parentPath })
      .from(wastes)
      .where(and(eq(wastes.id, input.wasteId), eq(wastes.category, 'INDUSTRIAL')));
    masterWaste = row
      ? { name: row.name, code: row.code, kind: (await wasteKindsOf(db, [row])).get(row.id) ?? null }
      : null;
  }
  const [site] = await db
    .select()
    .from(dischargeSites)
    .where(and(eq(dischargeSites.id, input.dischargeSiteId), eq(dischargeSites.companyId, companyId)));
  const [unit] = await db.select().from(unitMeasures).where(eq(unitMeasures.id, input.unitId));
  const transporters =
    input.transportCompanyId !== undefined ? await transportersOf(db, companyId) : undefined;
  const contract = (await contractTermsOf(db, [project.id])).get(project.id) ?? null;
  // The disposal site named: the contract route's unless chosen (null: none).
  const disposalId =
    input.disposalSiteId !== undefined
      ? input.disposalSiteId
      : contract
        ? (contract.disposalSite?.id ?? null)
        : project.transportCompanyId != null
          ? ((await destinationOf(db, project.transportCompanyId))?.id ?? null)
          : null;
  let disposal: { id: number; name: string; expireDate: string | null } | null | undefined;
  if (disposalId !== null) {
    const [row] = await db
      .select({ id: disposalSites.id, name: disposalSites.name, expireDate: disposalSites.expireDate })
      .from(disposalSites)
      .where(eq(disposalSites.id, disposalId));
    disposal = row ?? null;
  }
  return { project, lines, masterWaste, site, unit, transporters, contract, disposal };
}

type Registration = Awaited<ReturnType<typeof readRegistration>>;

/**
 * What the manifest names, once the request is checked against what was read: every field's issue at once
 * (400 with each field's code), then a project that takes no manifest (409).
 */
function namedOnManifest(r: Registration, input: ManifestRegistrationInput, today: string) {
  const { project } = r;
  const fields: Record<string, MessageCode> = {};
  if (project.type !== 'INDUSTRIAL') fields.projectId = 'invalid_format';
  // The waste written on the manifest: one of the project's lines, or a waste of the industrial master.
  let waste: { lineId: number | null; name: string; code: string | null; kind: AgreementRef | null } | null =
    null;
  if (input.wasteLineId !== undefined) {
    const line = r.lines.find((l) => l.id === input.wasteLineId);
    if (line) waste = { lineId: line.id, name: line.wasteName, code: line.wasteCode, kind: line.kind };
    else fields.wasteLineId = 'invalid_format';
  } else if (input.wasteId !== undefined) {
    if (r.masterWaste) waste = { lineId: null, ...r.masterWaste };
    else fields.wasteId = 'invalid_format';
  }
  if (!r.site) fields.dischargeSiteId = 'invalid_format';
  if (!r.unit) fields.unitId = 'invalid_format';
  if (input.deliveryDate > today) fields.deliveryDate = 'delivery_date_in_future';
  // The network takes a positive quantity only.
  if (!(input.quantity > 0)) fields.quantity = 'MSG_00_27';

  // The transporter named: one of the discharger's projects' transporters (the project's unless chosen).
  let transporter: AgreementRef | null =
    project.transportCompanyId != null && project.transporterName
      ? { id: project.transportCompanyId, name: project.transporterName }
      : null;
  if (input.transportCompanyId !== undefined) {
    transporter = r.transporters?.find((c) => c.id === input.transportCompanyId) ?? null;
    if (!transporter) fields.transportCompanyId = 'invalid_format';
  }

  // Never a disposal site whose license expired.
  let disposal: { id: number; name: string; expireDate: string | null } | null = null;
  if (r.disposal !== undefined) {
    if (!r.disposal) fields.disposalSiteId = 'invalid_format';
    else if (isDisposalSiteLicenseExpired(r.disposal.expireDate, today))
      fields.disposalSiteId = 'disposal_site_license_expired';
    else disposal = r.disposal;
  }

  const [first] = Object.values(fields);
  if (first) throw new AppError(first, first, fields);
  if (project.status !== 'IN_PROGRESS' || !transporter)
    throw new AppError('invalid_status_transition', 'Only a project in progress takes manifests');
  return { waste: waste!, transporter, disposal, site: r.site!, unit: r.unit! };
}

/**
 * The manifest against its project's contract (`manifestContractDifferences`): the line it counts against, and
 * the differences, refused (409 manifest_contract_differences) until the request confirms exactly them.
 */
async function checkAgainstContract(
  db: DbOrTx,
  r: Registration,
  named: ReturnType<typeof namedOnManifest>,
  input: ManifestRegistrationInput,
) {
  const { contract, lines, project } = r;
  const { waste, unit } = named;
  // The line the manifest's kind and quantity count against (its quantity is kept with it for the month's sum).
  const quantity: AgreementQuantity = { value: input.quantity, unit: { id: unit.id, unit: unit.unit } };
  const line = contractLineOf(lines, waste, quantity.unit);
  const differences = manifestContractDifferences(contract ? { ...contract, wasteLines: lines } : null, {
    deliveryDate: input.deliveryDate,
    transporter: named.transporter,
    disposalSite: named.disposal && { id: named.disposal.id, name: named.disposal.name },
    waste: { lineId: waste.lineId, name: waste.name, kind: waste.kind },
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
  return { line, differences };
}

/** The registration as the network takes it: the discharger, its facility, the waste and whom it goes to. */
function networkRegistration(
  input: ManifestRegistrationInput,
  named: ReturnType<typeof namedOnManifest>,
  discharger: { subscriberNumber: string; name: string },
): ManifestRegistration {
  return {
    deliveryDate: input.deliveryDate,
    dischargerSubscriberNumber: discharger.subscriberNumber,
    dischargerName: discharger.name,
    dischargeFacility: { name: named.site.name, address: siteAddress(named.site).slice(0, 254) },
    waste: {
      name: named.waste.name,
      ...(named.waste.code?.length === 7 ? { code: named.waste.code } : {}),
      quantity: input.quantity,
      unit: named.unit.unit,
    },
    transporterName: named.transporter.name,
    ...(named.disposal ? { disposerName: named.disposal.name } : {}),
  };
}

/**
 * Asks the network for the manifest's number, outside any transaction, with the claim's key (a fresh one without a
 * registration key). A lost answer may hide a number already issued: asking once more with the same key gets that
 * number. A refusal or fault is the user's message (`jwnetFailureCode`) and releases the claim
 * (`releaseRegistration`, keeping what the network may hold: `networkFailureOf`).
 */
async function issueManifestNumber(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  request: ManifestRegistration,
  claim: RegistrationClaim | null,
): Promise<{ manifestNumber: string; requestId: string }> {
  const key = claim?.networkKey ?? randomUUID();
  const register = () => app.jwnet.adapter.registerManifest(key, request);
  try {
    return await register().catch((error: unknown) => {
      if (error instanceof JwnetError && error.kind === 'TIMEOUT') return register();
      throw error;
    });
  } catch (error) {
    if (!(error instanceof JwnetError)) throw error;
    if (claim) await releaseRegistration(app.db, claim, networkFailureOf(error), app.now());
    app.jwnet.forgetStatus();
    log.warn({ kind: error.kind, code: error.code }, 'manifest registration not accepted');
    throw new AppError(jwnetFailureCode(error), error.message);
  }
}

/**
 * POST /manifests: the discharger registers (delivers) a manifest for an industrial project in progress. What it
 * names (waste, transporter, disposal site) is checked against the project's contract first
 * (`manifestContractDifferences`): differences are refused (409 manifest_contract_differences, with them in
 * `details`) until the request confirms exactly them, and the confirmation is kept with the manifest. The
 * network then issues the number at once (called outside any transaction, with the claim's key or a fresh one);
 * the manifest is kept as RESERVED with the registration running, and the queue follows it until reflected. A
 * refusal or fault writes nothing, so the form can be sent again as it is. The form's `registrationKey` is claimed
 * before the network is asked (registration-claims.ts): the same key again answers the manifest it registered,
 * never a second one, and after a lost answer registers what was sent then (the network may hold it).
 */
export async function registerManifest(
  app: FastifyInstance,
  caller: Caller,
  log: FastifyBaseLogger,
  form: ManifestRegistrationInput,
): Promise<ManifestDetail> {
  const { session, companyId } = caller;
  const now = app.now();
  const today = tokyoDate(now);
  const db = app.db;
  const key = form.registrationKey;
  // A key that registered its manifest answers it before any check (the month's sum now counts it).
  const known = key ? await registrationOfKey(db, companyId, key, now) : null;
  if (known && 'manifestNumber' in known)
    return manifestDetail(app, companyId, 'WASTE', known.manifestNumber);
  const input = known ? known.sentInput : form;

  const registration = await readRegistration(db, companyId, input);
  const { project } = registration;
  const named = namedOnManifest(registration, input, today);
  const { line, differences } = await checkAgainstContract(db, registration, named, input);
  const { site, unit } = named;

  // A discharge site with its own subscriber number registers under it; otherwise the company's.
  const subscriberNumber: string | null =
    site.subscriberNumber ?? (await companySubscriberNumber(db, caller));
  if (!subscriberNumber) throw new AppError('edi_not_ready', 'No subscriber number');
  const [discharger] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));

  const claim = key ? await claimRegistration(db, companyId, key, input, now) : null;
  if (claim && 'manifestNumber' in claim)
    return manifestDetail(app, companyId, 'WASTE', claim.manifestNumber);
  const issued = await issueManifestNumber(
    app,
    log,
    networkRegistration(input, named, { subscriberNumber, name: discharger!.name }),
    claim,
  );

  const confirmed = differences.length > 0;
  const stored = await db.transaction(async (tx) => {
    // The claim was taken over meanwhile (this request outlived its lease): the taker stores the manifest.
    if (claim && !(await completeRegistration(tx, claim, issued.manifestNumber, now))) return false;
    await tx.insert(manifests).values({
      manifestNumber: issued.manifestNumber,
      projectId: project.id,
      dischargerCompanyId: companyId,
      transportCompanyId: named.transporter.id,
      wasteName: named.waste.name,
      wasteLineId: line?.id ?? null,
      quantity: input.quantity.toFixed(2),
      unitMeasureId: unit.id,
      dischargeSiteName: site.name,
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
        dischargeSiteId: site.id,
        deliveryDate: input.deliveryDate,
        quantity: input.quantity,
        unit: unit.unit,
        transportCompanyId: named.transporter.id,
        disposalSiteId: named.disposal?.id ?? null,
        requestId: issued.requestId,
        // What the discharger confirmed differs from the contract, as it was shown.
        ...(confirmed ? { confirmedDifferences: differences } : {}),
      },
    });
    return true;
  });
  if (!stored) {
    const taken = await registrationOfKey(db, companyId, key!, now);
    if (!taken || !('manifestNumber' in taken))
      throw new AppError('manifest_registration_in_progress', 'The same registration is under way');
    return manifestDetail(app, companyId, 'WASTE', taken.manifestNumber);
  }
  const row = await readManifest(db, 'WASTE', companyId, issued.manifestNumber);
  return toDetail(row!, today, true);
}
