import { permitDistrictName } from '@junkan/shared/rules/permit-districts';
import { contractPermitIssue } from '@junkan/shared/rules/permit-rules';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { permits } from '../db/schema';

/** How many months the running demo contracts have run (the demo achievements cover them). */
export const DEMO_CONTRACT_MONTHS_RUN = 6;

/**
 * The license of a demo contract: the transporter's collection-and-transport permit valid on `startDate` (the
 * 東京都 one first, where the demo sites are), copied as a contract saved through the form copies it; without
 * one (no demo permits were made), the license the demo has always stated.
 */
export async function demoLicense(
  db: Database,
  transportCompanyId: number,
  startDate: string,
  industrial: boolean,
) {
  const live = await db
    .select()
    .from(permits)
    .where(and(eq(permits.companyId, transportCompanyId), isNull(permits.retiredAt)))
    .orderBy(asc(permits.districtCode), asc(permits.id));
  const permit = live.find((p) => contractPermitIssue(p, startDate) === null);
  if (!permit)
    return {
      permitId: null,
      licenseNumber: industrial ? '01320012345' : '第1301-0042号',
      licenseDistrict: '東京都',
      licenseExpireDate: '2029-03-31',
    };
  return {
    permitId: permit.id,
    licenseNumber: permit.licenseNumber,
    licenseDistrict: permitDistrictName(permit.districtCode),
    licenseExpireDate: permit.expiryDate,
  };
}
