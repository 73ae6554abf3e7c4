import type { CollectionDetail } from '@junkan/shared/api/collections';
import type { MarkConflict } from '@junkan/shared/api/drivers';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { STORAGE_KEYS } from '../../apps/web/src/lib/storage-keys';
import { confirmModal, pickDate, selectOption, toast } from '../support/antd';
import { type ApiClient, apiAs } from '../support/api';
import { DEMO, submitLogin } from '../support/app';
import { signIn } from '../support/auth';
import { axeViolations } from '../support/axe';
import { DRIVER_PASSWORD, demoDriverId, seedDriver, seedStops } from '../support/drivers';
import { APP_ORIGIN } from '../support/env';
import { expectFocusVisible, tabTo } from '../support/keyboard';
import { businessDate } from '../support/manifests';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const iso = (shown: string) => shown.replaceAll('/', '-');
const today = iso(businessDate());
const tomorrow = iso(businessDate(1));

/**
 * The demo transporter collects today whatever day the run falls on (a weekend, a holiday): only when today or
 * tomorrow is closed, its calendar is opened for these walks, by no more than it takes (the weekday, or holidays
 * or the year-end break when that is why), and put back afterwards (as the collections walk does).
 */
let savedSettings: unknown = null;

interface CalendarSettings {
  weekdays: number[];
  closedOnNationalHolidays: boolean;
  closedOnYearEnd: boolean;
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  const trans = await apiAs(request, DEMO.transporter);
  const settings = await trans.get<CalendarSettings & Record<string, unknown>>('/business-calendar/settings');
  const opened = { ...settings, weekdays: [...settings.weekdays] };
  let closed = false;
  for (const date of [today, tomorrow]) {
    const day = await trans.get<{ collectable: boolean; reason?: string }>(
      `/business-calendar/is-collectable?date=${date}`,
    );
    if (day.collectable) continue;
    closed = true;
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (!opened.weekdays.includes(weekday)) opened.weekdays.push(weekday);
    if (day.reason === 'NATIONAL_HOLIDAY') opened.closedOnNationalHolidays = false;
    if (day.reason === 'YEAR_END') opened.closedOnYearEnd = false;
    expect(day.reason, `${date} is closed by the calendar's settings, not a closed day`).not.toBe(
      'CLOSED_DAY',
    );
  }
  if (closed) {
    savedSettings = settings;
    await expect(await trans.send('PUT', '/business-calendar/settings', opened)).toBeOK();
  }
  await request.dispose();
});

test.afterAll(async ({ playwright }) => {
  if (!savedSettings) return;
  const request = await playwright.request.newContext();
  const trans = await apiAs(request, DEMO.transporter);
  await trans.send('PUT', '/business-calendar/settings', savedSettings);
  await request.dispose();
});

/**
 * A driver of its own with four stops today (three to mark, and one the office records itself meanwhile) and one
 * tomorrow; a stop of today given to the demo driver instead.
 */
async function seedRound(request: APIRequestContext) {
  const dis = await apiAs(request, DEMO.discharger);
  const trans = await apiAs(request, DEMO.transporter);
  const stamp = `${Date.now()}`.slice(-6);
  const projectA = `ドライバーE2E A ${stamp}`;
  const [a, aTomorrow] = await seedStops(projectA, [today, tomorrow], dis, trans);
  const [b] = await seedStops(`ドライバーE2E B ${stamp}`, [today], dis, trans);
  const [c] = await seedStops(`ドライバーE2E C ${stamp}`, [today], dis, trans);
  const [other] = await seedStops(`ドライバーE2E D ${stamp}`, [today], dis, trans);
  const { driver, email } = await seedDriver(request, trans, `E2E 運転 ${stamp}`);
  await trans.post('/trans/dispatch/assign', {
    collectionIds: [a, b, c, aTomorrow],
    driverUserId: driver.id,
    vehicleId: null,
  });
  await trans.post('/trans/dispatch/assign', {
    collectionIds: [other],
    driverUserId: await demoDriverId(trans),
    vehicleId: null,
  });
  return {
    dis,
    trans,
    email,
    projectA,
    stops: { a: a!, b: b!, c: c!, aTomorrow: aTomorrow!, other: other! },
  };
}

const stopCard = (page: Page, id: number) =>
  page.locator(`[data-testid="driver-stop"][data-stop-id="${id}"]`);
const dayGroup = (page: Page, date: string) =>
  page.locator(`[data-testid="driver-day-group"][data-date="${date}"]`);

/** A JPEG as a phone's camera makes it (2400 × 1800), drawn in the page: the app makes it 1600 px at most. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1800;
    const g = canvas.getContext('2d')!;
    const gradient = g.createLinearGradient(0, 0, 2400, 1800);
    gradient.addColorStop(0, '#1f7a4d');
    gradient.addColorStop(1, '#f0c040');
    g.fillStyle = gradient;
    g.fillRect(0, 0, 2400, 1800);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

/** A JPEG's width and height, from its frame header (SOF0/SOF2). */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  for (let i = 2; i < bytes.length - 9; ) {
    if (bytes[i] !== 0xff) throw new Error('not a JPEG segment');
    const marker = bytes[i + 1]!;
    if (marker === 0xc0 || marker === 0xc2)
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  throw new Error('no frame header');
}

/** The mark form of a stop, opened from its card. */
async function openMark(page: Page, card: Locator, result: 'collected' | 'not-collected'): Promise<Locator> {
  await card.getByTestId(`driver-mark-${result}`).click();
  const form = page.getByTestId('driver-mark-form');
  await expect(form).toBeVisible();
  return form;
}

async function submitMark(page: Page, form: Locator) {
  await form.getByTestId('driver-mark-submit').click();
  await expect(form).toBeHidden();
  await expect(toast(page, '記録しました。送信待ちに入りました。').first()).toBeVisible();
}

async function expectProof(api: ApiClient, path: string) {
  const detail = await api.get<CollectionDetail>(path);
  expect(detail.proofs, `${path} has one proof`).toHaveLength(1);
  return detail.proofs[0]!;
}

test('driver: the day offline on a phone, marks kept over a reload and sent once online, a changed stop kept as a conflict', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE);
  const { dis, trans, email, projectA, stops } = await seedRound(request);
  await signIn(page, email, { path: 'driver', password: DRIVER_PASSWORD, shell: 'driver-shell' });
  await expect(page).toHaveTitle('回収ルート | junkan');

  // Today's three stops, in the round's order; tomorrow's under 明日; another driver's stop nowhere.
  const todays = dayGroup(page, today);
  await expect(todays.getByRole('heading', { level: 2 })).toContainText('今日');
  await expect(todays.getByTestId('driver-stop')).toHaveCount(3);
  for (const id of [stops.a, stops.b, stops.c])
    await expect(todays.locator(`[data-stop-id="${id}"]`)).toBeVisible();
  await expect(dayGroup(page, tomorrow).getByRole('heading', { level: 2 })).toContainText('明日');
  await expect(dayGroup(page, tomorrow).locator(`[data-stop-id="${stops.aTomorrow}"]`)).toBeVisible();
  await expect(stopCard(page, stops.other)).toHaveCount(0);
  const a = stopCard(page, stops.a);
  await expect(a).toContainText('45L × 3袋');
  await expect(a.getByRole('link', { name: /に電話する/ })).toHaveAttribute('href', /^tel:0\d+$/);
  await expect(a.getByTestId('driver-mark-collected')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The app shell is kept by the service worker before the signal goes.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.context().setOffline(true);
  await expect(page.getByTestId('driver-connection')).toHaveText('オフライン');

  // A: collected, one bag more, a weight and a camera photo.
  let form = await openMark(page, a, 'collected');
  const line = form.getByTestId('driver-mark-line').first();
  await line.getByRole('button', { name: /45L を1袋増やす/ }).click();
  await expect(line.getByRole('spinbutton', { name: /45L の袋の数/ })).toHaveValue('4');
  await line.getByLabel(/の重量/).fill('12.5');
  await form
    .getByTestId('driver-photo-input')
    .setInputFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto(page) });
  await expect(form.getByTestId('driver-photo-preview')).toBeVisible();
  expect(await axeViolations(page, { within: '.ant-drawer' })).toEqual([]);
  await submitMark(page, form);
  await expect(a.getByTestId('driver-stop-state')).toContainText('送信待ち');

  // B: not collected, by keyboard alone: the button, a reason, words, 記録する.
  const b = stopCard(page, stops.b);
  await tabTo(page, b.getByTestId('driver-mark-not-collected'));
  await page.keyboard.press('Enter');
  form = page.getByTestId('driver-mark-form');
  await expect(form).toBeVisible();
  const closed = form.getByRole('radio', { name: '不在・閉鎖' });
  await tabTo(page, form.getByRole('radio', { name: '排出なし' }));
  await page.keyboard.press('ArrowDown');
  await expect(closed).toBeChecked();
  await expect(closed).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('詳しい内容')).toBeFocused();
  await page.keyboard.type('シャッターが閉まっていた');
  await tabTo(page, form.getByTestId('driver-mark-submit'));
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(b.getByTestId('driver-stop-state')).toContainText('未回収を記録');

  // Meanwhile the office records C itself: the driver's mark of it will meet a changed stop.
  const officeMark = await trans.send('POST', `/trans/collections/${stops.c}/collected`, {});
  await expect(officeMark).toBeOK();
  const c = stopCard(page, stops.c);
  form = await openMark(page, c, 'collected');
  await submitMark(page, form);
  await expect(page.getByTestId('driver-pending')).toHaveText('送信待ち 3件');

  // A reload without a signal: the kept app, the kept day and the three marks waiting.
  await page.reload();
  await expect(page.getByTestId('driver-shell')).toBeVisible();
  await expect(page.getByTestId('driver-kept-day')).toBeVisible();
  await expect(page.getByTestId('driver-pending')).toHaveText('送信待ち 3件');
  await expect(page.getByTestId('driver-outbox-item')).toHaveCount(3);
  await expect(stopCard(page, stops.a).getByTestId('driver-stop-state')).toContainText('送信待ち');

  // The signal back: everything is sent, in order; C waits for the office.
  await page.context().setOffline(false);
  await expect(page.getByTestId('driver-connection')).toHaveText('オンライン');
  await expect(page.getByTestId('driver-pending')).toHaveText('送信待ち 0件', { timeout: 30_000 });
  await expect(stopCard(page, stops.a).getByTestId('driver-stop-state')).toContainText('送信済');
  await expect(stopCard(page, stops.b).getByTestId('driver-stop-state')).toContainText('送信済');
  const conflict = page.getByTestId('driver-conflict').first();
  await expect(conflict).toContainText('事務所で変更されました');
  await expect(conflict).toContainText('この回収は事務所で既に記録されています。');
  await expect(conflict).toContainText('事務所の判断を待っています');
  await expect(page.getByTestId('driver-kept-day')).toBeHidden();

  // Each collection holds one proof, for the office and for the discharger; the photo downloads, made small.
  const proofA = await expectProof(trans, `/trans/collections/${stops.a}`);
  expect(proofA).toMatchObject({ result: 'COLLECTED', state: 'APPLIED', hasPhoto: true });
  expect(proofA.lines[0]).toMatchObject({ bags: { '45': 4 }, weightKg: 12.5 });
  expect((await expectProof(dis, `/collections/${stops.a}`)).id).toBe(proofA.id);
  for (const path of [
    `/trans/collections/${stops.a}/proofs/${proofA.id}/photo`,
    `/collections/${stops.a}/proofs/${proofA.id}/photo`,
  ]) {
    const photo = await (path.startsWith('/trans') ? trans : dis).send('GET', path);
    await expect(photo, path).toBeOK();
    expect(photo.headers()['content-type']).toBe('image/jpeg');
    expect(jpegSize(await photo.body())).toEqual({ width: 1600, height: 1200 });
  }
  expect(await expectProof(dis, `/collections/${stops.b}`)).toMatchObject({
    result: 'NOT_COLLECTED',
    reasonCode: 'CLOSED',
    reasonText: 'シャッターが閉まっていた',
    hasPhoto: false,
  });
  const proofC = await expectProof(trans, `/trans/collections/${stops.c}`);
  expect(proofC).toMatchObject({ state: 'CONFLICT', conflictCode: 'driver_mark_already_marked' });
  const conflicts = await trans.get<MarkConflict[]>('/trans/driver-marks/conflicts');
  expect(conflicts.find((x) => x.mark.id === proofC.id)?.collection.id).toBe(stops.c);

  // A month of marks fills the regular report's draft: the office finds A's weight in it, noted as the drivers'.
  const office = await browser.newContext({ viewport: LAPTOP });
  const desk = await office.newPage();
  await signIn(desk, DEMO.transporter, { path: 'achievements' });
  await desk.getByRole('button', { name: '一般廃棄物の実績報告' }).click();
  const dialog = desk.getByRole('dialog', { name: '一般廃棄物の実績報告' });
  await selectOption(desk, dialog.getByLabel('案件'), new RegExp(`^${projectA}（`), { search: projectA });
  await pickDate(dialog.getByLabel('対象年月'), businessDate().slice(0, 7));
  const weight = dialog.getByLabel('可燃ごみ', { exact: true });
  await expect(weight).toHaveValue('12.50');
  // The note is the field's description: a reader hears it with the field.
  await expect(weight).toHaveAccessibleDescription('ドライバーの記録から入力（1件、45L × 4袋）');
  // Nothing is sent: the dialog is closed and its input discarded.
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  await confirmModal(desk, { title: '入力内容を破棄しますか？', button: '破棄する' });
  await expect(dialog).toBeHidden();
  await office.close();
});

test('driver: an ended sign-in keeps the marks on the phone, sent after signing in again', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const dis = await apiAs(request, DEMO.discharger);
  const trans = await apiAs(request, DEMO.transporter);
  const stamp = `${Date.now()}`.slice(-6);
  const [stop] = await seedStops(`ドライバーE2E 再ログイン ${stamp}`, [today], dis, trans);
  const { driver, email } = await seedDriver(request, trans, `E2E 再ログイン ${stamp}`);
  await trans.post('/trans/dispatch/assign', {
    collectionIds: [stop],
    driverUserId: driver.id,
    vehicleId: null,
  });
  await signIn(page, email, { path: 'driver', password: DRIVER_PASSWORD, shell: 'driver-shell' });

  // The sign-in ends on the server (a log out elsewhere, a password change) while the driver works.
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const ended = await request.post(`${APP_ORIGIN}/api/auth/logout`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await expect(ended).toBeOK();
  const form = await openMark(page, stopCard(page, stop!), 'collected');
  await submitMark(page, form);
  const again = page.getByTestId('driver-sign-in-again');
  await expect(again).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'ログインし直してください' })).toBeVisible();
  await expect(page.getByTestId('driver-pending')).toHaveText('送信待ち 1件');

  // Signing in again finds the mark kept and sends it.
  await again.click();
  await submitLogin(page, email, DRIVER_PASSWORD);
  await expect(page.getByTestId('driver-shell')).toBeVisible();
  await expect(page.getByTestId('driver-pending')).toHaveText('送信待ち 0件');
  await expect(stopCard(page, stop!).getByTestId('driver-stop-state')).toContainText('送信済');
  expect((await trans.get<CollectionDetail>(`/trans/collections/${stop}`)).proofs).toHaveLength(1);
});

test('driver: changes its password on the phone, which waits for a connection; the old one no longer signs in', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  const trans = await apiAs(request, DEMO.transporter);
  const stamp = `${Date.now()}`.slice(-6);
  const { email } = await seedDriver(request, trans, `E2E パスワード ${stamp}`);
  await signIn(page, email, { path: 'driver', password: DRIVER_PASSWORD, shell: 'driver-shell' });
  const open = page.getByTestId('change-password-open');
  await context.setOffline(true);
  await expect(open).toBeDisabled();
  await expect(open).toHaveAttribute('title', 'パスワードの変更には接続が必要です。');
  await context.setOffline(false);
  await expect(open).toBeEnabled();

  await open.click();
  const drawer = page.getByTestId('change-password-drawer');
  const changed = `Drv${stamp}Pass`;
  await drawer.getByLabel('現在のパスワード').fill(DRIVER_PASSWORD);
  await drawer.locator('#newPass').fill(changed);
  await drawer.locator('#confirmPass').fill(changed);
  await drawer.getByRole('button', { name: '変更する' }).click();
  await expect(toast(page, 'パスワードを変更しました。')).toBeVisible();
  await expect(drawer).toBeHidden();
  // The phone carries on signed in with the new sign-in; the old password is refused, the new one accepted.
  await page.reload();
  await expect(page.getByTestId('driver-shell')).toBeVisible();
  const old = await request.post(`${APP_ORIGIN}/api/auth/login`, {
    data: { email, password: DRIVER_PASSWORD },
  });
  expect(old.ok()).toBe(false);
  await apiAs(request, email, changed);
});

test('driver: the page passes axe on a phone and a laptop, in Japanese and English', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(PHONE);
  await signIn(page, DEMO.driver, { path: 'driver', shell: 'driver-shell' });
  await expect(page.getByTestId('driver-who')).toContainText('運転 太郎');
  await expect(page.getByTestId('driver-who')).toContainText('2t パッカー 1号車');
  await expect(
    page.locator('[data-testid="driver-day-group"], [data-testid="driver-no-stops"]').first(),
  ).toBeVisible();
  for (const language of ['日本語', 'English']) {
    await page.getByTestId('language-select').getByText(language).click();
    for (const size of [PHONE, LAPTOP]) {
      await page.setViewportSize(size);
      expect(await axeViolations(page), `${language} at ${size.width} px`).toEqual([]);
    }
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Collection round');
  await expect(page.getByTestId('driver-connection')).toHaveText('Online');
  // Nothing of the day is wider than the phone.
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
