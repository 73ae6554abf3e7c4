import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { pickDate, selectOption } from '../support/antd';
import { DEMO, DEMO_PASSWORD, logout } from '../support/app';
import { signIn } from '../support/auth';
import { APP_ORIGIN } from '../support/env';
import { waitForMessage } from '../support/mail';
import { businessDate } from '../support/manifests';

/** The demo discharger's regular contract with the demo transporter (in progress since six months ago). */
const REGULAR_PROJECT = '銀座店 可燃ごみ定期回収';

async function apiAs(request: APIRequestContext, email: string) {
  const res = await request.post(`${APP_ORIGIN}/api/auth/login`, {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token as string}` };
}

/** YYYY/MM/DD (as the screens show a date) to the call's YYYY-MM-DD. */
const iso = (shown: string) => shown.replaceAll('/', '-');

/**
 * The demo transporter collects on every day while these tests run (no weekday off, holiday or year-end
 * break), so the dates below (today, a day ahead) are collectable whatever day the run falls on; its own
 * settings are put back afterwards.
 */
let savedSettings: unknown = null;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  const trans = await apiAs(request, DEMO.transporter);
  const url = `${APP_ORIGIN}/api/business-calendar/settings`;
  savedSettings = await (await request.get(url, { headers: trans })).json();
  const open = await request.put(url, {
    headers: trans,
    data: {
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      openTime: '00:00',
      closeTime: '23:59',
      closedOnNationalHolidays: false,
      closedOnYearEnd: false,
    },
  });
  expect(open.status()).toBe(200);
  await request.dispose();
});

test.afterAll(async ({ playwright }) => {
  if (!savedSettings) return;
  const request = await playwright.request.newContext();
  const trans = await apiAs(request, DEMO.transporter);
  await request.put(`${APP_ORIGIN}/api/business-calendar/settings`, { headers: trans, data: savedSettings });
  await request.dispose();
});

interface RequestOption {
  projectId: number;
  projectTitle: string;
  wasteLines: { id: number; wasteName: string }[];
  dischargeSites: { id: number; name: string }[];
}

/** The discharger asks (through the API) for one collection of the project's first line on `date`. */
async function requestCollection(request: APIRequestContext, projectTitle: string, date: string) {
  const dis = await apiAs(request, DEMO.discharger);
  const options = (await (
    await request.get(`${APP_ORIGIN}/api/collection-requests/options`, { headers: dis })
  ).json()) as RequestOption[];
  const option = options.find((o) => o.projectTitle === projectTitle);
  expect(option, `${projectTitle} is offered`).toBeTruthy();
  const created = await request.post(`${APP_ORIGIN}/api/collection-requests`, {
    headers: dis,
    data: {
      projectId: option!.projectId,
      dischargeSiteId: option!.dischargeSites[0]!.id,
      kind: 'DATES',
      dates: [iso(date)],
      lines: [{ wasteLineId: option!.wasteLines[0]!.id, bags: { '45': 1 } }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const collections = (await (
    await request.get(`${APP_ORIGIN}/api/collections`, {
      headers: dis,
      params: { from: iso(date), to: iso(date), projectId: option!.projectId },
    })
  ).json()) as { id: number }[];
  expect(collections.length).toBeGreaterThan(0);
  return { projectId: option!.projectId, collectionId: collections.at(-1)!.id };
}

/**
 * A regular-garbage project at 銀座店 under a SPOT contract in force from today: requested, quoted and
 * accepted, the contract written, sent and approved, all through the API (their screens have their tests).
 */
async function spotProject(request: APIRequestContext, title: string): Promise<number> {
  const dis = await apiAs(request, DEMO.discharger);
  const trans = await apiAs(request, DEMO.transporter);
  const info = await (await request.get(`${APP_ORIGIN}/api/users/info`, { headers: dis })).json();
  const ginza = (info.wastes as { wasteId: number; dischargeSitename: string }[]).find(
    (s) => s.dischargeSitename === '銀座店',
  )!;
  const wastes = await (
    await request.get(`${APP_ORIGIN}/api/waste?category=REGULAR`, { headers: dis })
  ).json();
  const combustible = (Array.isArray(wastes) ? wastes : wastes.items).find(
    (w: { name: string }) => w.name === '可燃ごみ',
  );
  const created = await request.post(`${APP_ORIGIN}/api/projects`, {
    headers: dis,
    data: {
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
    },
  });
  expect(created.status()).toBe(200);
  const project = await created.json();
  const id = project.id as number;
  const lineId = project.pwasteRegulars[0].id as number;
  const ok = async (res: Promise<{ status: () => number; text: () => Promise<string> }>) => {
    const answer = await res;
    expect(answer.status(), await answer.text()).toBe(200);
  };
  await ok(request.post(`${APP_ORIGIN}/api/projects/${id}/request-quote`, { headers: dis }));
  await ok(
    request.post(`${APP_ORIGIN}/api/trans/projects/${id}/quotes`, {
      headers: trans,
      data: { lines: [{ wasteLineId: lineId, unitPrice: 3000, quantity: '50' }] },
    }),
  );
  await ok(request.post(`${APP_ORIGIN}/api/projects/${id}/accept-quote`, { headers: dis }));
  const startDate = iso(businessDate());
  // The license: the demo transporter's collection-and-transport permit valid from the start date.
  const permits = (await (
    await request.get(`${APP_ORIGIN}/api/trans/permits/usable`, {
      headers: trans,
      params: { on: startDate, kind: 'COLLECTION_TRANSPORT' },
    })
  ).json()) as { id: number }[];
  expect(permits.length, 'a usable demo permit').toBeGreaterThan(0);
  await ok(
    request.put(`${APP_ORIGIN}/api/trans/projects/${id}/contract`, {
      headers: trans,
      data: {
        contractName: `${title} スポット契約`,
        startDate,
        endDate: iso(businessDate(30)),
        contractType: 'SPOT',
        unitPrices: [{ wasteLineId: lineId, unitPrice: 3000 }],
        contactPerson: '佐藤 次郎',
        permitId: permits[0]!.id,
      },
    }),
  );
  await ok(request.post(`${APP_ORIGIN}/api/trans/projects/${id}/contract/send`, { headers: trans }));
  await ok(request.post(`${APP_ORIGIN}/api/projects/${id}/contract/approve`, { headers: dis }));
  return id;
}

/** The demo's regular contract collects on Mondays and Thursdays. */
const DEMO_WEEKDAYS = [1, 4];
const weekdayOf = (shown: string) => new Date(`${iso(shown)}T00:00:00Z`).getUTCDay();

/**
 * The demo's open collection of today, if today is one of its days, is recorded as collected (as the
 * transporter would), so that a proposal for today is not the same waste twice on one date. Answers how
 * many collections of today are collected by then.
 */
async function collectDemoToday(request: APIRequestContext, today: string): Promise<number> {
  const trans = await apiAs(request, DEMO.transporter);
  const list = async () =>
    (await (
      await request.get(`${APP_ORIGIN}/api/trans/collections`, {
        headers: trans,
        params: { from: iso(today), to: iso(today) },
      })
    ).json()) as { id: number; status: string; project: { title: string } }[];
  for (const c of await list()) {
    if (c.project.title !== REGULAR_PROJECT || c.status !== 'CONFIRMED') continue;
    const res = await request.post(`${APP_ORIGIN}/api/trans/collections/${c.id}/collected`, {
      headers: trans,
      data: {},
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return (await list()).filter((c) => c.status === 'COLLECTED').length;
}

/** Whether two boxes overlap. */
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

/**
 * The chat launcher covers none of the confirm page's actions: at a laptop's and a phone's size, at the top of
 * the page and scrolled to its end, its box and 送信's do not meet, and a click at 送信's middle reaches 送信.
 */
async function expectSendReachable(page: Page) {
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
async function openDetail(page: Page, id: number) {
  await page.goto(`collection-schedules/detail/${id}`);
  await expect(page.getByTestId('collection-facts')).toBeVisible();
}

/** Runs an action from the detail page's buttons through its dialog. */
async function act(page: Page, action: string, fill?: { date?: string; reason?: string }) {
  await page.getByTestId(`collection-action-${action}`).click();
  const dialog = page.getByRole('dialog');
  if (fill?.date) await pickDate(dialog.getByLabel('新しい回収日'), fill.date);
  if (fill?.reason) await dialog.getByRole('textbox', { name: /理由/ }).fill(fill.reason);
  await dialog.getByTestId('collection-action-submit').click();
  await expect(dialog).toBeHidden();
}

/** The calendar day's collections of the month's calendar (both sides' schedule screens). */
async function calendarDay(page: Page, date: string) {
  await page.goto(`collection-schedules?month=${iso(date).slice(0, 7)}`);
  const cell = page.getByTestId('schedule-calendar').locator(`td[title="${iso(date)}"]`);
  await expect(cell).toBeVisible();
  return cell.getByTestId('calendar-item');
}

test('collections: the discharger asks for a day, the transporter proposes another, it is accepted and collected', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const today = businessDate();
  // The wished day is the first day after today that the demo's own schedule leaves free.
  let ahead = 1;
  while (DEMO_WEEKDAYS.includes(weekdayOf(businessDate(ahead)))) ahead++;
  const tomorrow = businessDate(ahead);
  const collectedToday = await collectDemoToday(page.request, today);
  // The demo's other collections on that day (its driver's days have some), which stay where they are.
  const dis = await apiAs(page.request, DEMO.discharger);
  const othersTomorrow = (
    (await (
      await page.request.get(`${APP_ORIGIN}/api/collections`, {
        headers: dis,
        params: { from: iso(tomorrow), to: iso(tomorrow) },
      })
    ).json()) as unknown[]
  ).length;
  const since = Date.now();

  // The discharger asks for tomorrow on the regular contract, checks the plan and sends it.
  await signIn(page, DEMO.discharger);
  await page.goto('collection-request');
  await selectOption(page, page.getByLabel('案件', { exact: true }), new RegExp(`^${REGULAR_PROJECT}（`), {
    search: REGULAR_PROJECT,
  });
  await selectOption(page, page.getByLabel('排出場所', { exact: true }), /^銀座店（/);
  await pickDate(page.getByLabel('回収希望日 1', { exact: true }), tomorrow);
  await page.getByRole('checkbox', { name: /可燃ごみ/ }).check();
  await page.getByLabel('可燃ごみ 45L').fill('3');
  await selectOption(page, page.getByLabel('車両制限'), '2t車まで');
  await page.getByTestId('collection-check').click();

  await expect(page).toHaveURL(/\/collection-request\/confirm$/);
  await expect(page.getByTestId('collection-request-summary')).toContainText(REGULAR_PROJECT);
  await expect(page.getByTestId('collection-request-summary')).toContainText('45L×3');
  await expect(page.getByTestId('collection-preview')).toContainText(tomorrow);
  await expect(page.getByTestId('collection-preview')).toContainText('希望日');
  await expectSendReachable(page);
  await page.getByTestId('collection-send').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page).toHaveURL(/\/collection-schedules\?month=/);
  await expect(page.getByText('収集を依頼しました')).toBeVisible();
  // The transporter is told by mail.
  await waitForMessage(DEMO.transporter, { since, subject: '回収依頼が届きました' });

  // Its line in the month's list opens the collection: a desired date.
  await page.goto(`collection-schedules?view=list&month=${iso(tomorrow).slice(0, 7)}`);
  const row = page
    .getByTestId('schedule-list')
    .locator('tbody tr.ant-table-row', { hasText: tomorrow })
    .filter({ hasText: REGULAR_PROJECT })
    .first();
  await expect(row).toContainText('希望日');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/collection-schedules\/detail\/\d+$/);
  const id = Number(/detail\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByTestId('collection-status')).toHaveText('希望日');
  await expect(page.getByTestId('collection-facts')).toContainText('2t車まで');
  await logout(page);

  // The transporter cannot come tomorrow and proposes today.
  await signIn(page, DEMO.transporter);
  await openDetail(page, id);
  await act(page, 'PROPOSE_DATE', { date: today, reason: '明日は車両の都合がつかないため本日伺います' });
  await expect(page.getByTestId('collection-status')).toHaveText('調整中');
  await expect(page.getByTestId('collection-date')).toHaveText(today);
  await logout(page);

  // The discharger accepts the proposal.
  await signIn(page, DEMO.discharger);
  await openDetail(page, id);
  await expect(page.getByTestId('collection-history')).toContainText(
    '明日は車両の都合がつかないため本日伺います',
  );
  await expect(page.getByTestId('collection-action-CANCEL')).toHaveCount(0);
  await act(page, 'ACCEPT_PROPOSAL');
  await expect(page.getByTestId('collection-status')).toHaveText('確定');
  await logout(page);

  // The day has come: the transporter records the collection.
  await signIn(page, DEMO.transporter);
  await openDetail(page, id);
  await act(page, 'MARK_COLLECTED');
  await expect(page.getByTestId('collection-status')).toHaveText('回収済');
  await expect(page.getByTestId('collection-history')).toContainText('調整中');
  const transporterDay = await calendarDay(page, today);
  await expect(transporterDay.filter({ hasText: '回収済' })).toHaveCount(collectedToday + 1);
  await expect(transporterDay.filter({ hasText: '回収済' }).first()).toContainText('銀座店');
  await logout(page);

  // The discharger's calendar shows the same.
  await signIn(page, DEMO.discharger);
  const dischargerDay = await calendarDay(page, today);
  await expect(dischargerDay.filter({ hasText: '回収済' })).toHaveCount(collectedToday + 1);
  await expect(dischargerDay.filter({ hasText: '回収済' }).first()).toContainText('銀座店');
  await expect(await calendarDay(page, tomorrow)).toHaveCount(othersTomorrow);
});

test('collections: cancelling a spot contract collection cancels its project', async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = `E2E スポット回収 ${Date.now()}`;
  const projectId = await spotProject(request, title);

  // The request form offers a spot contract its chosen dates only, and says how many are left.
  await signIn(page, DEMO.discharger);
  await page.goto('collection-request');
  await selectOption(page, page.getByLabel('案件', { exact: true }), new RegExp(`^${title}（`), {
    search: title,
  });
  await expect(page.getByTestId('collection-kind-hint')).toHaveText('スポット契約は日付指定のみ（残り1回）');
  await expect(page.getByRole('radio', { name: '日付指定' })).toBeChecked();
  await expect(page.getByRole('radio', { name: '定期回収' })).toHaveCount(0);
  await expect(page.getByTestId('collection-add-date')).toHaveCount(0);

  const { collectionId } = await requestCollection(request, title, businessDate(2));
  await openDetail(page, collectionId);
  await expect(page.getByTestId('collection-status')).toHaveText('希望日');
  await page.getByTestId('collection-action-CANCEL').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('collection-cancel-spot-warning')).toContainText(
    '案件もキャンセルされます',
  );
  await dialog.getByTestId('collection-action-submit').click();
  const told = page.locator('.ant-modal-confirm');
  await expect(told).toContainText('スポット契約のため、案件もキャンセルされました。');
  await told.locator('.ant-btn-primary').click();
  await expect(page.getByTestId('collection-status')).toHaveText('キャンセル');
  await expect(page.getByTestId('collection-actions')).toHaveCount(0);

  await page.goto(`project-managment/detail/${projectId}`);
  await expect(page.getByTestId('project-status')).toHaveText('キャンセル');
});

test('collections: the private calendar feed is issued, lists the collections, and stops', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A day the demo's own schedule leaves free (the same waste is not collected twice on a day), and past the first
  // free day, which the first walk of this file asks for.
  let ahead = 3;
  while (DEMO_WEEKDAYS.includes(weekdayOf(businessDate(ahead)))) ahead++;
  const date = businessDate(ahead);
  await requestCollection(request, REGULAR_PROJECT, date);

  await signIn(page, DEMO.discharger);
  await page.goto('collection-schedules');
  await page.getByTestId('calendar-feed-open').click();
  const panel = page.getByTestId('calendar-feed-panel');
  await expect(panel.getByTestId('calendar-feed-state')).toBeVisible();
  await panel.getByTestId('calendar-feed-issue').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  const field = panel.getByTestId('calendar-feed-url');
  await expect(field).toHaveValue(/^https?:\/\/.+\.ics$/);
  const url = await field.inputValue();
  await expect(panel.getByTestId('calendar-feed-state')).toContainText('有効');

  // Anyone with the URL (a calendar app) reads the feed without signing in.
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  // Long lines are folded (RFC 5545): unfold before reading.
  const text = (await feed.text()).replace(/\r?\n[ \t]/g, '');
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain('BEGIN:VEVENT');
  expect(text).toContain(iso(date).replaceAll('-', ''));
  expect(text).toContain('銀座店');

  // Stopping it ends the URL.
  await panel.getByTestId('calendar-feed-revoke').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '停止' }).click();
  await expect(panel.getByTestId('calendar-feed-state')).toContainText('発行されていません');
  const stopped = await page.request.get(url);
  expect(stopped.status()).toBeGreaterThanOrEqual(400);
});

test('collections: closing a day with a collection shows it first, then proposes the discharger the next day', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const title = `E2E 休業日 ${Date.now()}`;
  await spotProject(request, title);
  // A day past the demo's own moved collection, and not one of its recurring weekdays: only this one is on it.
  let ahead = 12;
  while (DEMO_WEEKDAYS.includes(weekdayOf(businessDate(ahead)))) ahead++;
  const day = businessDate(ahead);
  const { collectionId } = await requestCollection(request, title, day);
  const trans = await apiAs(request, DEMO.transporter);
  expect(
    (
      await request.post(`${APP_ORIGIN}/api/trans/collections/${collectionId}/confirm`, { headers: trans })
    ).status(),
  ).toBe(200);
  const since = Date.now();
  try {
    await signIn(page, DEMO.transporter, { path: 'business-date-setting' });
    await page.getByTestId('add-closed-day').click();
    const form = page.getByRole('dialog', { name: '休業日の追加' });
    await pickDate(form.getByLabel('日付'), day);
    await form.getByPlaceholder('例：年末年始休業').fill('臨時休業');
    await form.getByTestId('closed-day-submit').click();

    // The collection on the day is listed before anything is saved; going back saves nothing.
    const impact = page.getByTestId('calendar-impact');
    await expect(impact).toContainText(/\d+件の回収が休業日にあたります/);
    await expect(page.getByTestId(`calendar-impact-${collectionId}`)).toContainText(title);
    await expect(page.getByTestId(`calendar-impact-${collectionId}`)).toContainText(
      `提案日 ${businessDate(ahead + 1)}`,
    );
    await page.getByTestId('calendar-impact-ok').click();
    await expect(page.getByText(/\d+件の回収に日程の再調整を依頼しました/)).toBeVisible();

    // The discharger is told, and answers a proposal.
    await waitForMessage(DEMO.discharger, { since, subject: '回収日の再調整', text: title });
    await logout(page);
    await signIn(page, DEMO.discharger);
    await openDetail(page, collectionId);
    await expect(page.getByTestId('collection-status')).toHaveText('調整中');
    await expect(page.getByTestId('collection-action-ACCEPT_PROPOSAL')).toBeVisible();
  } finally {
    const year = iso(day).slice(0, 4);
    const days = (await (
      await request.get(`${APP_ORIGIN}/api/business-calendar/closed-days`, {
        headers: trans,
        params: { year },
      })
    ).json()) as { id: number; date: string }[];
    for (const d of days.filter((c) => c.date === iso(day)))
      await request.delete(`${APP_ORIGIN}/api/business-calendar/closed-days/${d.id}`, { headers: trans });
  }
});
