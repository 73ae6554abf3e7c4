import type { CollectionSummary } from '@junkan/shared/api/collections';
import type { Driver } from '@junkan/shared/api/drivers';
import { type APIRequestContext, expect } from '@playwright/test';
import { type ApiClient, apiAs } from './api';
import { DEMO, uniqueEmail } from './app';
import { findLink, waitForMessage } from './mail';
import { businessDate } from './manifests';
import { seedAcceptedProject, seedSentContract } from './seed';

/** The password a seeded driver sets from its invitation. */
export const DRIVER_PASSWORD = 'Driver5678';

const iso = (shown: string) => shown.replaceAll('/', '-');

/**
 * The driver the office added (on its page or through POST /trans/drivers) sets its password from the invitation
 * mail's link, as the reset page would. Answers the driver's own API.
 */
export async function activateDriver(
  request: APIRequestContext,
  email: string,
  since: number,
): Promise<ApiClient> {
  // The mail leaves through the outbox: give it time on a busy machine.
  const mail = await waitForMessage(email, { since, subject: 'ドライバー用アカウント', timeoutMs: 30_000 });
  const link = findLink(mail.text, 'http');
  const token = new URL(link).searchParams.get('token');
  expect(token, 'the invitation link carries a token').toBeTruthy();
  const set = await request.post(new URL('/api/auth/password/reset', link).toString(), {
    data: { token, pass: DRIVER_PASSWORD },
  });
  await expect(set, 'the driver sets its password').toBeOK();
  return apiAs(request, email, DRIVER_PASSWORD);
}

/** A driver of the demo transporter, as the office adds one, with its password set. Answers it and its API. */
export async function seedDriver(
  request: APIRequestContext,
  transporter: ApiClient,
  userName: string,
): Promise<{ driver: Driver; email: string; api: ApiClient }> {
  const email = uniqueEmail('driver');
  const since = Date.now();
  const driver = await transporter.post<Driver>('/trans/drivers', { userName, email, vehicleId: null });
  return { driver, email, api: await activateDriver(request, email, since) };
}

interface RequestOption {
  projectId: number;
  projectTitle: string;
  wasteLines: { id: number }[];
  dischargeSites: { id: number; name: string }[];
}

/**
 * Confirmed collections of a regular project of the demo discharger at 銀座店 under a contract with the demo
 * transporter from today (each project its own: one collection a project a day), one for each date (YYYY-MM-DD).
 * The dates must be collectable for the demo transporter. Answers the collections' ids in the dates' order.
 */
export async function seedStops(title: string, dates: readonly string[], dis: ApiClient, trans: ApiClient) {
  const projectId = await seedAcceptedProject(dis, trans, title);
  await seedSentContract(dis, trans, projectId, { startDate: iso(businessDate()), approve: true });
  const option = (await dis.get<RequestOption[]>('/collection-requests/options')).find(
    (o) => o.projectTitle === title,
  );
  expect(option, `${title} is offered for requests`).toBeDefined();
  await dis.post('/collection-requests', {
    projectId,
    dischargeSiteId: option!.dischargeSites.find((s) => s.name === '銀座店')!.id,
    kind: 'DATES',
    dates,
    lines: [{ wasteLineId: option!.wasteLines[0]!.id, bags: { '45': 3 } }],
  });
  const ids: number[] = [];
  for (const date of dates) {
    const [collection] = await dis.get<CollectionSummary[]>(
      `/collections?from=${date}&to=${date}&projectId=${projectId}`,
    );
    expect(collection, `the collection of ${title} on ${date}`).toBeDefined();
    await trans.post(`/trans/collections/${collection!.id}/confirm`, {});
    ids.push(collection!.id);
  }
  return ids;
}

/** The demo driver's user id (driver@example.com), for a stop given to another driver. */
export async function demoDriverId(trans: ApiClient): Promise<number> {
  const drivers = await trans.get<Driver[]>('/trans/drivers');
  const demo = drivers.find((d) => d.email === DEMO.driver);
  expect(demo, 'the demo driver').toBeDefined();
  return demo!.id;
}
