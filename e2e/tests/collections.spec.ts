import { expect, test } from '@playwright/test';
import { pickDate, selectOption } from '../support/antd';
import { DEMO, logout } from '../support/app';
import { signIn } from '../support/auth';
import {
  act,
  calendarDay,
  collectDemoToday,
  confirmCollection,
  dischargerCollectionsOn,
  expectSendReachable,
  freeDayFrom,
  iso,
  openDetail,
  openEveryDayMeanwhile,
  REGULAR_PROJECT,
  reopenDay,
  requestCollection,
  spotProject,
} from '../support/collections';
import { waitForMessage } from '../support/mail';
import { businessDate } from '../support/manifests';

openEveryDayMeanwhile();

test('collections: the discharger asks for a day, the transporter proposes another, it is accepted and collected', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const today = businessDate();
  // The wished day is the first day after today that the demo's own schedule leaves free.
  const tomorrow = freeDayFrom(1).date;
  const collectedToday = await collectDemoToday(page.request, today);
  // The demo's other collections on that day (its driver's days have some), which stay where they are.
  const othersTomorrow = (await dischargerCollectionsOn(page.request, tomorrow)).length;
  const since = Date.now();

  // The discharger asks for tomorrow on the regular contract, checks the plan and sends it.
  await signIn(page, DEMO.discharger);
  await page.goto('collection-request');
  await selectOption(page, page.getByLabel('案件', { exact: true }), new RegExp(`^${REGULAR_PROJECT}（`), {
    search: REGULAR_PROJECT,
  });
  await selectOption(page, page.getByLabel('排出場所', { exact: true }), /^銀座店（/);
  // The calendar offers no past day; one typed stays as typed and is refused beside its row, not dropped.
  const firstDate = page.getByLabel('回収希望日 1', { exact: true });
  const dates = page.getByTestId('collection-dates');
  await pickDate(firstDate, businessDate(-1));
  await firstDate.press('Tab');
  await expect(firstDate).toHaveValue(businessDate(-1));
  await expect(dates.locator('.ant-form-item-explain-error')).toHaveText(['過去の日付は指定できません。']);
  await pickDate(firstDate, tomorrow);
  await expect(dates.locator('.ant-form-item-explain-error')).toHaveCount(0);
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
  // A past day typed as the new date is kept and refused beside the field; nothing is sent.
  await page.getByTestId('collection-action-PROPOSE_DATE').click();
  const proposal = page.getByRole('dialog');
  const newDate = proposal.getByLabel('新しい回収日');
  await pickDate(newDate, businessDate(-1));
  await newDate.press('Tab');
  await expect(newDate).toHaveValue(businessDate(-1));
  await expect(proposal.locator('.ant-form-item-explain-error')).toHaveText(['過去の日付は指定できません。']);
  await proposal.getByTestId('collection-action-submit').click();
  await expect(proposal).toBeVisible();
  await expect(newDate).toHaveValue(businessDate(-1));
  await expect(page.getByTestId('collection-status')).toHaveText('希望日');
  // Today is taken.
  await pickDate(newDate, today);
  await expect(proposal.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await proposal.getByRole('textbox', { name: /理由/ }).fill('明日は車両の都合がつかないため本日伺います');
  await proposal.getByTestId('collection-action-submit').click();
  await expect(proposal).toBeHidden();
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
  const date = freeDayFrom(3).date;
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
  const { date: day, ahead } = freeDayFrom(12);
  const { collectionId } = await requestCollection(request, title, day);
  await confirmCollection(request, collectionId);
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
    await reopenDay(request, day);
  }
});
