import { addMonths, contractPermitIssue, permitDistrictName, previousDay } from '@junkan/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  attachments,
  contracts,
  contractUnitPrices,
  permits,
  projects,
  projectWasteLines,
} from '../db/schema';
import { renderContractDocuments, storeDocuments } from '../features/contracts/contracts.service';
import { tokyoDate } from '../lib/time';
import type { FileStorage } from '../plugins/file-storage';
import { DEMO_INDUSTRIAL_PRICES } from './demo-prices';

/** How many months the running demo contracts have run (the demo achievements cover them). */
export const DEMO_CONTRACT_MONTHS_RUN = 6;

/**
 * The license of a demo contract: the transporter's collection-and-transport permit valid on `startDate` (the
 * 東京都 one first, where the demo sites are), copied as a contract saved through the form copies it; without
 * one (no demo permits were made), the license the demo has always stated.
 */
async function demoLicense(db: Database, transportCompanyId: number, startDate: string, industrial: boolean) {
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

/**
 * Contracts of the demo projects that have reached the contract step: the running ones (approved, in force from
 * the first of the month six months ago, so the demo achievements of the last six months fall within them) and
 * the one awaiting the discharger's confirmation, each with the demo transporter's permit (seeded before them) as
 * its license. `documents` is where their rendered PDFs are stored (null leaves
 * them out, where speed matters more than the files, as in API tests).
 */
export async function seedDemoContracts(db: Database, documents: FileStorage | null): Promise<void> {
  const rows = await db
    .select()
    .from(projects)
    .where(inArray(projects.status, ['IN_PROGRESS', 'REQUEST_CONTRACT']))
    .orderBy(asc(projects.id));
  const thisMonth = `${tokyoDate().slice(0, 8)}01`;
  const nextMonth = addMonths(thisMonth, 1);
  for (const project of rows) {
    if (project.transportCompanyId == null) continue;
    const running = project.status === 'IN_PROGRESS';
    const startDate = running ? addMonths(thisMonth, -DEMO_CONTRACT_MONTHS_RUN) : nextMonth;
    const industrial = project.type === 'INDUSTRIAL';
    const [contract] = await db
      .insert(contracts)
      .values({
        projectId: project.id,
        transportCompanyId: project.transportCompanyId,
        status: running ? 'APPROVED' : 'REQUESTED',
        name: `${project.title} 委託契約`,
        startDate,
        endDate: previousDay(addMonths(startDate, 12)),
        contractType: 'AUTO_UPDATE',
        contractForm: 'COMBINED',
        paymentMethod: 'PAYMENT_INVOICE',
        manifestFee: industrial ? 500 : 0,
        preparationFee: 3000,
        contactPerson: '佐藤 次郎',
        ...(await demoLicense(db, project.transportCompanyId, startDate, industrial)),
        sentAt: new Date(),
        approvedAt: running ? new Date() : null,
      })
      .returning();
    const lines = await db
      .select({ id: projectWasteLines.id })
      .from(projectWasteLines)
      .where(eq(projectWasteLines.projectId, project.id));
    if (lines.length)
      await db.insert(contractUnitPrices).values(
        lines.map((l) =>
          industrial
            ? {
                contractId: contract!.id,
                wasteLineId: l.id,
                // Transport and disposal together: the demo price lists' parts (demo-prices.ts).
                unitPrice: DEMO_INDUSTRIAL_PRICES.transport + DEMO_INDUSTRIAL_PRICES.disposal,
                transportUnitPrice: DEMO_INDUSTRIAL_PRICES.transport,
                disposalUnitPrice: DEMO_INDUSTRIAL_PRICES.disposal,
              }
            : { contractId: contract!.id, wasteLineId: l.id, unitPrice: 1500 },
        ),
      );
    if (documents) {
      const files = await renderContractDocuments(db, project, contract!);
      await db.insert(attachments).values(await storeDocuments(documents, contract!.id, files, null));
    }
  }
}
