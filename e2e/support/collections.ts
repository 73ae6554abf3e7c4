import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { pickDate } from './antd';
import { apiAs } from './api';
import { DEMO } from './app';
import { businessDate } from './manifests';

// The collections walks' kit (tests/collections.spec.ts): the demo's regular contract and its schedule, a spot
// contract made through the API, and the collection detail page's actions.

/** The demo discharger's regular contract with the demo transporter (in progress since six months ago). */
export const REGULAR_PROJECT = '銀座店 可燃ごみ定期回収';

/** YYYY/MM/DD (as the screens show a date) to the call's YYYY-MM-DD. */
export const iso = (shown: string) => shown.replaceAll('/', '-');

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** The demo's regular contract collects on Mondays and Thursdays. */
const DEMO_WEEKDAYS = [1, 4];
const weekdayOf = (shown: string) => new Date(`${iso(shown)}T00:00:00Z`).getUTCDay();

/**
 * The first business day from `ahead` days on that the demo's own schedule leaves free (the same waste is not
 * collected twice on a day), with its distance from today.
 */
export function freeDayFrom(ahead: number): { date: string; ahead: number } {
  let days = ahead;
  while (DEMO_WEEKDAYS.includes(weekdayOf(businessDate(days)))) days++;
  return { date: businessDate(days), ahead: days };
}

/**
 * The demo transporter collects on every day while the file's tests run (no weekday off, holiday or year-end
 * break), so the dates they use (today, a day ahead) are collectable whatever day the run falls on; its own
 * settings are put back afterwards. Call at the top of a spec file.
 */
export function openEveryDayMeanwhile(): void {
  const path = '/business-calendar/settings';
  let saved: unknown = null;
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    const trans = await apiAs(request, DEMO.transporter);
    saved = await trans.get(path);
    const open = await trans.send('PUT', path, {
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      openTime: '00:00',
      closeTime: '23:59',
      closedOnNationalHolidays: false,
      closedOnYearEnd: false,
    });
    expect(open.status()).toBe(200);
    await request.dispose();
  });
  test.afterAll(async ({ playwright }) => {
    if (!saved) return;
    const request = await playwright.request.newContext();
    await (await apiAs(request, DEMO.transporter)).send('PUT', path, saved);
    await request.dispose();
  });
}

interface RequestOption {
  projectId: number;
  projectTitle: string;
  wasteLines: { id: number; wasteName: string }[];
  dischargeSites: { id: number; name: string }[];
}

/** The discharger asks (through the API) for one collection of the project's first line on `date`. */
export async function requestCollection(request: APIRequestContext, projectTitle: string, date: string) {
  const dis = await apiAs(request, DEMO.discharger);
  const options = await dis.get<RequestOption[]>('/collection-requests/options');
  const option = options.find((o) => o.projectTitle === projectTitle);
  expect(option, `${projectTitle} is offered`).toBeTruthy();
  const created = await dis.send('POST', '/collection-requests', {
    projectId: option!.projectId,
    dischargeSiteId: option!.dischargeSites[0]!.id,
    kind: 'DATES',
    dates: [iso(date)],
    lines: [{ wasteLineId: option!.wasteLines[0]!.id, bags: { '45': 1 } }],
  });
  expect(created.status(), await created.text()).toBe(201);
  const collections = await dis.get<{ id: number }[]>(
    `/collections?${query({ from: iso(date), to: iso(date), projectId: option!.projectId })}`,
  );
  expect(collections.length).toBeGreaterThan(0);
  return { projectId: option!.projectId, collectionId: collections.at(-1)!.id };
}

/** The collections of a day as the discharger's list has them. */
export async function dischargerCollectionsOn(request: APIRequestContext, date: string) {
  const dis = await apiAs(request, DEMO.discharger);
  return dis.get<unknown[]>(`/collections?${query({ from: iso(date), to: iso(date) })}`);
}

/**
 * A regular-garbage project at 銀座店 under a SPOT contract in force from today: requested, quoted and
 * accepted, the contract written, sent and approved, all through the API (their screens have their tests).
 */
export async function spotProject(request: APIRequestContext, title: string): Promise<number> {
  const dis = await apiAs(request, DEMO.discharger);
  const trans = await apiAs(request, DEMO.transporter);
  const info = await dis.get<{ wastes: { wasteId: number; dischargeSitename: string }[] }>('/users/info');
  const ginza = info.wastes.find((s) => s.dischargeSitename === '銀座店')!;
  const wastes = await dis.get<{ id: number; name: string }[] | { items: { id: number; name: string }[] }>(
    '/waste?category=REGULAR',
  );
  const combustible = (Array.isArray(wastes) ? wastes : wastes.items).find((w) => w.name === '可燃ごみ')!;
  const project = await dis.post<{ id: number; pwasteRegulars: { id: number }[] }>('/projects', {
    type: 'REGULAR',
    projectTitle: title,
    dischargeSiteIds: [ginza.wasteId],
    lines: [
      {
        wasteId: combustible.id,
        monthlyCapacity: '50',
        bags: { '45': 2 },
        collectionCount: 1,
        weekdays: [2],
      },
    ],
  });
  const id = project.id;
  const lineId = project.pwasteRegulars[0]!.id;
  await dis.post(`/projects/${id}/request-quote`);
  await trans.post(`/trans/projects/${id}/quotes`, {
    lines: [{ wasteLineId: lineId, unitPrice: 3000, quantity: '50' }],
  });
  await dis.post(`/projects/${id}/accept-quote`);
  const startDate = iso(businessDate());
  // The license: the demo transporter's collection-and-transport permit valid from the start date.
  const permits = await trans.get<{ id: number }[]>(
    `/trans/permits/usable?${query({ on: startDate, kind: 'COLLECTION_TRANSPORT' })}`,
  );
  expect(permits.length, 'a usable demo permit').toBeGreaterThan(0);
  const contract = await trans.send('PUT', `/trans/projects/${id}/contract`, {
    contractName: `${title} スポット契約`,
    startDate,
    endDate: iso(businessDate(30)),
    contractType: 'SPOT',
    unitPrices: [{ wasteLineId: lineId, unitPrice: 3000 }],
    contactPerson: '佐藤 次郎',
    permitId: permits[0]!.id,
  });
  expect(contract.status(), await contract.text()).toBe(200);
  await trans.post(`/trans/projects/${id}/contract/send`);
  await dis.post(`/projects/${id}/contract/approve`);
  return id;
}

/**
 * The demo's open collection of today, if today is one of its days, is recorded as collected (as the
 * transporter would), so that a proposal for today is not the same waste twice on one date. Answers how
 * many collections of today are collected by then.
 */
export async function collectDemoToday(request: APIRequestContext, today: string): Promise<number> {
  const trans = await apiAs(request, DEMO.transporter);
  const list = () =>
    trans.get<{ id: number; status: string; project: { title: string } }[]>(
      `/trans/collections?${query({ from: iso(today), to: iso(today) })}`,
    );
  for (const c of await list()) {
    if (c.project.title !== REGULAR_PROJECT || c.status !== 'CONFIRMED') continue;
    await trans.post(`/trans/collections/${c.id}/collected`, {});
  }
  return (await list()).filter((c) => c.status === 'COLLECTED').length;
}

/** The transporter confirms a collection (through the API). */
export async function confirmCollection(request: APIRequestContext, collectionId: number) {
  await (await apiAs(request, DEMO.transporter)).post(`/trans/collections/${collectionId}/confirm`);
}

/** Removes the transporter's closed days on `date` (a test's clean-up). */
export async function reopenDay(request: APIRequestContext, date: string) {
  const trans = await apiAs(request, DEMO.transporter);
  const days = await trans.get<{ id: number; date: string }[]>(
    `/business-calendar/closed-days?${query({ year: iso(date).slice(0, 4) })}`,
  );
  for (const d of days.filter((c) => c.date === iso(date)))
    await trans.send('DELETE', `/business-calendar/closed-days/${d.id}`);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The chat launcher covers none of the confirm page's actions: at a laptop's and a phone's size, at the top of
 * the page and scrolled to its end, its box and 送信's do not meet, and a click at 送信's middle reaches 送信.
 */
export async function expectSendReachable(page: Page) {
  const before = page.viewportSize();
  const send = page.getByTestId('collection-send');
  const launcher = page.getByTestId('chat-launcher');
  await expect(launcher).toBeVisible();
  for (const size of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    for (const toEnd of [false, true]) {
      await page.evaluate(
        (end) => window.scrollTo(0, end ? document.documentElement.scrollHeight : 0),
        toEnd,
      );
      const where = `${size.width}x${size.height}, ${toEnd ? 'at the end' : 'at the top'}`;
      const [own, chat] = [(await send.boundingBox())!, (await launcher.boundingBox())!];
      expect(overlaps(own, chat), `launcher over 送信 at ${where}`).toBe(false);
      if (own.y < 0 || own.y + own.height > size.height) continue;
      const reached = await send.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && el.contains(hit);
      });
      expect(reached, `a click at 送信's middle reaches it at ${where}`).toBe(true);
    }
  }
  if (before) await page.setViewportSize(before);
}

/** Opens a collection's detail page and waits for its facts. */
export async function openDetail(page: Page, id: number) {
  await page.goto(`collection-schedules/detail/${id}`);
  await expect(page.getByTestId('collection-facts')).toBeVisible();
}

/** Runs an action from the detail page's buttons through its dialog. */
export async function act(page: Page, action: string, fill?: { date?: string; reason?: string }) {
  await page.getByTestId(`collection-action-${action}`).click();
  const dialog = page.getByRole('dialog');
  if (fill?.date) await pickDate(dialog.getByLabel('新しい回収日'), fill.date);
  if (fill?.reason) await dialog.getByRole('textbox', { name: /理由/ }).fill(fill.reason);
  await dialog.getByTestId('collection-action-submit').click();
  await expect(dialog).toBeHidden();
}

/** The calendar day's collections of the month's calendar (both sides' schedule screens). */
export async function calendarDay(page: Page, date: string) {
  await page.goto(`collection-schedules?month=${iso(date).slice(0, 7)}`);
  const cell = page.getByTestId('schedule-calendar').locator(`td[title="${iso(date)}"]`);
  await expect(cell).toBeVisible();
  return cell.getByTestId('calendar-item');
}
