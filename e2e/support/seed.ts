import type { CollectionAreaRequestInput } from '@junkan/shared/api/collection-areas';
import type { ContractInput } from '@junkan/shared/api/contracts';
import type { BillableProject, InvoiceDraftInput, InvoiceListItem } from '@junkan/shared/api/invoices';
import type {
  ManifestDetail,
  ManifestRegistrationOptions,
  ManifestRegistrationValues,
  ManifestSummary,
} from '@junkan/shared/api/manifests';
import type { ProjectDetail, QuoteRequestInput } from '@junkan/shared/api/projects';
import type { CreateQuoteInput } from '@junkan/shared/api/quotes';
import type {
  IndustrialReportOptions,
  IndustrialReportValues,
  TransportReport,
} from '@junkan/shared/api/transport-reports';
import type { AccountInfoResponse } from '@junkan/shared/api/users';
import type { WasteItem } from '@junkan/shared/api/waste';
import { expect } from '@playwright/test';
import type { ApiClient } from './api';
import { reflectUntil } from './jwnet';
import { DISCHARGER_NAME, INDUSTRIAL_PROJECT, INDUSTRIAL_WASTE } from './manifests';

/**
 * Data a test needs before its subject, made through the API as the signed-in party would make it on
 * screens that have tests of their own. Each call checks that the server took it.
 */

/** The demo discharger's discharge site in 銀座 (104-0061), where the demo transporter collects. */
export const GINZA_SITE = '銀座店';
export const COMBUSTIBLE = '可燃ごみ';

async function regularWasteId(api: ApiClient, name: string): Promise<number> {
  const wastes = await api.get<WasteItem[]>('/waste?category=REGULAR');
  const waste = wastes.find((w) => w.name === name);
  expect(waste, `regular waste ${name}`).toBeDefined();
  return waste!.id;
}

/**
 * A regular-garbage request of 可燃ごみ (three 45 l bags, `monthlyCapacity` kg a month, collected on
 * `weekdays`, 0 = Sunday) at 銀座店, sent to the transporters: status 見積依頼中.
 */
export async function seedQuoteRequest(
  discharger: ApiClient,
  title: string,
  options: RegularDraftOptions = {},
): Promise<ProjectDetail> {
  const draft = await seedRegularDraft(discharger, title, options);
  const requested = await discharger.post<ProjectDetail>(`/projects/${draft.id}/request-quote`);
  expect(requested.projectStatus).toBe('REQUEST_QUOTE');
  return requested;
}

/** `monthlyCapacity` null: asked for in bags only; `siteName` another of the discharger's sites. */
type RegularDraftOptions = { monthlyCapacity?: string | null; weekdays?: number[]; siteName?: string };

/** The same request kept as a draft (作成中), not sent. */
export async function seedRegularDraft(
  discharger: ApiClient,
  title: string,
  { monthlyCapacity = '200', weekdays = [1, 4], siteName = GINZA_SITE }: RegularDraftOptions = {},
): Promise<ProjectDetail> {
  const info = await discharger.get<AccountInfoResponse>('/users/info');
  const site = info.wastes.find((s) => s.dischargeSitename === siteName);
  expect(site, `discharge site ${siteName}`).toBeDefined();
  const body: QuoteRequestInput = {
    type: 'REGULAR',
    projectTitle: title,
    dischargeSiteIds: [site!.wasteId],
    lines: [
      {
        wasteId: await regularWasteId(discharger, COMBUSTIBLE),
        monthlyCapacity: monthlyCapacity ?? undefined,
        bags: { '45': 3 },
        collectionCount: weekdays.length,
        weekdays,
      },
    ],
  };
  return discharger.post<ProjectDetail>('/projects', body);
}

/**
 * An industrial request at 銀座店 with one line per `lines` entry (a major class of the waste master by name,
 * a quantity in t, monthly), sent to the transporters: status 見積依頼中. The demo discharger has its EDI key.
 */
export async function seedIndustrialRequest(
  discharger: ApiClient,
  title: string,
  lines: { wasteName: string; quantity: string }[],
): Promise<ProjectDetail> {
  const info = await discharger.get<AccountInfoResponse>('/users/info');
  const site = info.wastes.find((s) => s.dischargeSitename === GINZA_SITE);
  expect(site, `discharge site ${GINZA_SITE}`).toBeDefined();
  const wastes = await discharger.get<WasteItem[]>('/waste?category=INDUSTRIAL');
  const units = await discharger.get<{ id: number; unit: string }[]>('/unit-measure');
  const ton = units.find((u) => u.unit === 't');
  expect(ton, 'unit t').toBeDefined();
  const body: QuoteRequestInput = {
    type: 'INDUSTRIAL',
    projectTitle: title,
    dischargeSiteIds: [site!.wasteId],
    lines: lines.map((l) => {
      const waste = wastes.find((w) => w.name === l.wasteName && w.level === 1);
      expect(waste, `industrial waste ${l.wasteName}`).toBeDefined();
      return {
        wasteId: waste!.id,
        quantity: l.quantity,
        unitMeasureId: ton!.id,
        frequency: 'MONTHLY',
        frequencyNumber: 1,
      };
    }),
  };
  const draft = await discharger.post<ProjectDetail>('/projects', body);
  const requested = await discharger.post<ProjectDetail>(`/projects/${draft.id}/request-quote`);
  expect(requested.projectStatus).toBe('REQUEST_QUOTE');
  return requested;
}

/**
 * A regular-garbage project whose quote from `transporter` (1,500 yen per line) the discharger accepted:
 * status 契約書作成中.
 */
export async function seedAcceptedProject(
  discharger: ApiClient,
  transporter: ApiClient,
  title: string,
): Promise<number> {
  const project = await seedQuoteRequest(discharger, title);
  const quote: CreateQuoteInput = {
    lines: project.pwasteRegulars.map((line) => ({
      wasteLineId: line.id,
      unitPrice: 1500,
      quantity: String(line.monthlyCapacity ?? 0),
    })),
  };
  await transporter.post(`/trans/projects/${project.id}/quotes`, quote);
  const accepted = await discharger.post<ProjectDetail>(`/projects/${project.id}/accept-quote`);
  expect(accepted.projectStatus).toBe('CREATING_CONTRACT');
  return project.id;
}

/**
 * The transporter writes the contract of a project whose quote was accepted (its quoted prices, from
 * `startDate`, YYYY-MM-DD, for 30 days, under the demo permit valid then) and sends it: status 契約依頼中.
 * `approve`: the discharger approves it too (from today: 収集中).
 */
export async function seedSentContract(
  discharger: ApiClient,
  transporter: ApiClient,
  projectId: number,
  {
    startDate,
    contractType = 'AUTO_UPDATE',
    approve = false,
  }: { startDate: string; contractType?: ContractInput['contractType']; approve?: boolean },
): Promise<void> {
  const project = await discharger.get<ProjectDetail>(`/projects/${projectId}`);
  expect(project.quote, 'the accepted quote').toBeTruthy();
  const permits = await transporter.get<{ id: number }[]>(
    `/trans/permits/usable?on=${startDate}&kind=COLLECTION_TRANSPORT`,
  );
  expect(permits.length, 'a usable demo permit').toBeGreaterThan(0);
  const end = new Date(`${startDate}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 30);
  const body: ContractInput = {
    contractName: `${project.projectTitle} 収集運搬委託契約`,
    startDate,
    endDate: end.toISOString().slice(0, 10),
    contractType,
    contractForm: 'COMBINED',
    paymentMethod: 'PAYMENT_INVOICE',
    unitPrices: project.quote!.lines.map((l) => ({ wasteLineId: l.wasteLineId, unitPrice: l.unitPrice })),
    manifestFee: 0,
    preparationFee: 0,
    contactPerson: '佐藤 次郎',
    permitId: permits[0]!.id,
  };
  const saved = await transporter.send('PUT', `/trans/projects/${projectId}/contract`, body);
  await expect(saved, 'the contract saved').toBeOK();
  await transporter.post(`/trans/projects/${projectId}/contract/send`);
  if (approve) await discharger.post(`/projects/${projectId}/contract/approve`);
}

/**
 * A regular collection area of the transporter over `posCode` with a price for a regular waste from
 * 2020-01-01. An area already there for the code (409) will do: the price is then the one it has.
 */
export async function seedRegularArea(
  transporter: ApiClient,
  { posCode, wasteName, unitPrice }: { posCode: string; wasteName: string; unitPrice: number },
): Promise<void> {
  const body: CollectionAreaRequestInput = {
    areaName: `E2E ${posCode} ${Date.now()}`,
    type: 'REGULAR',
    posCodes: [posCode],
    prices: [{ wasteId: await regularWasteId(transporter, wasteName), unitPrice, validFrom: '2020-01-01' }],
  };
  const res = await transporter.send('POST', '/collection-area', body);
  expect([200, 409], await res.text()).toContain(res.status());
}

/**
 * The discharger registers a manifest of the demo industrial project (its waste, in t, from 銀座店; a quantity
 * its contract's 2 t a collection, 月3回, holds for the runs' manifests of a month) and waits until the network has reflected the registration and the server's worker stored it: registered,
 * nothing running (only then can the transporter report on it). Answers the manifest number.
 */
export async function seedRegisteredManifest(
  discharger: ApiClient,
  { deliveryDate, quantity = '0.50' }: { deliveryDate?: string; quantity?: string } = {},
): Promise<string> {
  const options = await discharger.get<ManifestRegistrationOptions>('/manifests/registration-options');
  const project = options.projects.find((p) => p.title === INDUSTRIAL_PROJECT);
  const line = project?.wasteLines.find((l) => l.wasteName === INDUSTRIAL_WASTE);
  const site = options.dischargeSites.find((s) => s.name === GINZA_SITE);
  const unit = options.units.find((u) => u.unit === 't');
  expect(
    project && line && site && unit,
    'the demo industrial project, its waste, 銀座店 and t',
  ).toBeTruthy();
  const body: ManifestRegistrationValues = {
    projectId: project!.id,
    wasteLineId: line!.id,
    deliveryDate: deliveryDate ?? options.today,
    quantity,
    unitId: unit!.id,
    dischargeSiteId: site!.id,
  };
  const { manifestNumber } = await discharger.post<ManifestDetail>('/manifests', body);
  await reflectUntil(async () => {
    const { rows } = await discharger.get<{ rows: ManifestSummary[] }>(
      `/manifests?manifestNumber=${manifestNumber}`,
    );
    const row = rows.find((r) => r.manifestNumber === manifestNumber);
    expect(row && { status: row.status, running: row.runningFunctions.length }).toEqual({
      status: 'REGISTERED',
      running: 0,
    });
  });
  return manifestNumber;
}

/**
 * The transporter reports the transport of the demo industrial waste, collected and ended today, in
 * `unit`; with a manifest number when it carried one (as the report dialog sends it).
 */
export async function seedTransportReport(
  transporter: ApiClient,
  {
    volume,
    unit = 't',
    manifestNumber,
    person = '山田 太郎',
  }: { volume: string; unit?: string; manifestNumber?: string; person?: string },
): Promise<TransportReport> {
  const options = await transporter.get<IndustrialReportOptions>('/trans/transport-reports/options');
  const project = options.projects.find(
    (p) => p.title === INDUSTRIAL_PROJECT && p.dischargerName === DISCHARGER_NAME,
  );
  const waste = project?.wastes.find((w) => w.wasteName === INDUSTRIAL_WASTE);
  const unitId = options.units.find((u) => u.unit === unit)?.id;
  expect(project && waste && unitId, `the demo industrial project, its waste and ${unit}`).toBeTruthy();
  const body: IndustrialReportValues = {
    dischargerId: project!.dischargerId,
    projectId: project!.id,
    collectTime: options.today,
    wasteId: waste!.wasteId,
    transportEndDate: options.today,
    manifestId: manifestNumber ?? null,
    transportVolume: volume,
    transportVolumeUnit: unitId!,
    transporter: person,
  };
  const report = await transporter.post<TransportReport>('/trans/transport-reports', body);
  expect(report.manifestId).toBe(body.manifestId);
  return report;
}

/** A one-page PDF, enough for the server's content check of an invoice file. */
export const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/**
 * An uploaded invoice (UNCLAIMED, one PDF) of the transporter's billable project `projectTitle`, registered as
 * the register screen sends it; `confirmedBilledMonths` confirms billing a month again.
 */
export async function seedInvoice(
  transporter: ApiClient,
  projectTitle: string,
  invoice: InvoiceDraftInput,
  confirmedBilledMonths: string[] = [],
): Promise<InvoiceListItem> {
  const projects = await transporter.get<BillableProject[]>('/trans/invoices/billable-projects');
  const project = projects.find((p) => p.title === projectTitle);
  expect(project, `billable project ${projectTitle}`).toBeDefined();
  const [created] = await transporter.postMultipart<InvoiceListItem[]>('/trans/invoices', {
    data: JSON.stringify({ projectId: project!.projectId, invoices: [invoice], confirmedBilledMonths }),
    'files.0': { name: '請求書.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF },
  });
  return created!;
}
