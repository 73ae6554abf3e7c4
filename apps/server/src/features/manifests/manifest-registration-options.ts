import type { ManifestRegistrationOptions } from '@junkan/shared/api/manifests';
import { isDisposalSiteLicenseExpired } from '@junkan/shared/rules/disposal-site-license';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, dischargeSites, disposalSites, projects, unitMeasures, users } from '../../db/schema';
import { siteAddress } from '../../lib/site-address';
import type { Caller } from '../../plugins/auth';
import { contractTermsOf, industrialLinesOf, transportersOf } from './manifest-contract-terms';

/**
 * The company's subscriber number (加入者番号): kept on its users' accounts (registrant number); the
 * signed-in user's own first.
 */
export async function companySubscriberNumber(db: DbOrTx, caller: Caller): Promise<string | null> {
  const [row] = await db
    .select({ number: users.registrantNumber })
    .from(users)
    .where(and(eq(users.companyId, caller.companyId), sql`${users.registrantNumber} is not null`))
    .orderBy(sql`${users.id} = ${caller.session.userId} desc`, asc(users.id))
    .limit(1);
  return row?.number ?? null;
}

/** GET /manifests/registration-options (discharger). */
export async function manifestRegistrationOptions(
  db: DbOrTx,
  caller: Caller,
  today: string,
): Promise<ManifestRegistrationOptions> {
  const { companyId } = caller;
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
    subscriberNumber: await companySubscriberNumber(db, caller),
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
