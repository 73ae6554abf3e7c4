import { randomUUID } from 'node:crypto';
import type { Dispatch } from '@junkan/shared/api/drivers';
import { paths } from '@junkan/shared/paths';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { confirmModal, selectOption, tableRow, toast } from '../support/antd';
import { type ApiClient, apiAs } from '../support/api';
import { DEMO, uniqueEmail } from '../support/app';
import { signIn } from '../support/auth';
import { axeViolations } from '../support/axe';
import { activateDriver } from '../support/drivers';
import { businessDate } from '../support/manifests';
import { seedAcceptedProject, seedSentContract } from '../support/seed';

/** A 1x1 PNG, the photo a phone would send (resized there). */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The demo transporter's regular collection area over 銀座店 (104-0061). */
const GINZA_AREA = '銀座・京橋';
const iso = (shown: string) => shown.replaceAll('/', '-');

interface RequestOption {
  projectId: number;
  projectTitle: string;
  wasteLines: { id: number }[];
  dischargeSites: { id: number; name: string }[];
}

/**
 * Two regular projects of the demo discharger at 銀座店 under contracts with the demo transporter, each with one
 * collection on one day that no other stop of 銀座・京橋 has (so giving the whole area touches only these),
 * confirmed by the transporter. Answers the day (YYYY-MM-DD) and the stops, in the projects' order.
 */
async function seedDay(request: APIRequestContext, stamp: string) {
  const dis = await apiAs(request, DEMO.discharger);
  const trans = await apiAs(request, DEMO.transporter);
  const titles = [`配車E2E 北 ${stamp}`, `配車E2E 南 ${stamp}`];
  for (const title of titles) {
    const id = await seedAcceptedProject(dis, trans, title);
    await seedSentContract(dis, trans, id, { startDate: iso(businessDate()), approve: true });
  }
  const options = (await dis.get<RequestOption[]>('/collection-requests/options')).filter((o) =>
    titles.includes(o.projectTitle),
  );
  expect(options).toHaveLength(2);
  const from = iso(businessDate(10));
  const to = iso(businessDate(28));
  const days = await dis.get<{ date: string; collectable: boolean }[]>(
    `/collection-requests/collectable-days?projectId=${options[0]!.projectId}&from=${from}&to=${to}`,
  );
  let date: string | undefined;
  for (const d of days.filter((x) => x.collectable)) {
    const day = await trans.get<Dispatch>(`/trans/dispatch?date=${d.date}`);
    if (!day.stops.some((s) => s.areaName === GINZA_AREA)) {
      date = d.date;
      break;
    }
  }
  expect(date, 'a collectable day without other stops in the area').toBeDefined();
  const stops: { id: number; title: string }[] = [];
  for (const title of titles) {
    const option = options.find((o) => o.projectTitle === title)!;
    await dis.post('/collection-requests', {
      projectId: option.projectId,
      dischargeSiteId: option.dischargeSites.find((s) => s.name === '銀座店')!.id,
      kind: 'DATES',
      dates: [date],
      lines: [{ wasteLineId: option.wasteLines[0]!.id, bags: { '45': 1 } }],
    });
    const [collection] = await dis.get<{ id: number }[]>(
      `/collections?from=${date}&to=${date}&projectId=${option.projectId}`,
    );
    await trans.post(`/trans/collections/${collection!.id}/confirm`, {});
    stops.push({ id: collection!.id, title });
  }
  return { date: date!, stops, trans };
}

/** The area's stops, in the order on screen, by their project. */
function areaStops(page: Page): Locator {
  return page.locator(
    `[data-testid="dispatch-area"][data-area="${GINZA_AREA}"] [data-testid="dispatch-stop"]`,
  );
}

test('the office adds a vehicle and a driver, gives a whole area to the driver and orders the round', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const stamp = `${Date.now()}`.slice(-6);
  const { date, stops, trans } = await seedDay(request, stamp);
  const vehicleName = `E2E 2t車 ${stamp}`;
  const driverName = `E2E 運転 ${stamp}`;
  const email = uniqueEmail('driver');

  // ドライバー・車両: a vehicle, then a driver who gets the invitation.
  await signIn(page, DEMO.transporter, { path: paths.drivers.path.slice(1) });
  await expect(page.getByRole('heading', { name: 'ドライバー・車両' })).toBeVisible();
  await page.getByTestId('vehicle-add').click();
  let dialog = page.getByRole('dialog', { name: '車両を追加' });
  await dialog.getByLabel('車両名').fill(vehicleName);
  await dialog.getByLabel('ナンバー').fill('品川 400 え 56-78');
  await selectOption(page, dialog.getByLabel('車格'), '2t車まで');
  await dialog.getByTestId('vehicle-submit').click();
  await expect(dialog).toBeHidden();
  await expect(tableRow(page.getByTestId('vehicles-card'), vehicleName)).toContainText('使用中');

  // The same name again is refused next to the field.
  await page.getByTestId('vehicle-add').click();
  dialog = page.getByRole('dialog', { name: '車両を追加' });
  await dialog.getByLabel('車両名').fill(vehicleName);
  await selectOption(page, dialog.getByLabel('車格'), '4t車まで');
  await dialog.getByTestId('vehicle-submit').click();
  await expect(dialog.getByText('同じ名前の車両が登録されています。')).toBeVisible();
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  await confirmModal(page, { title: '入力内容を破棄しますか？' });

  const since = Date.now();
  await page.getByTestId('driver-add').click();
  dialog = page.getByRole('dialog', { name: 'ドライバーを追加' });
  await expect(dialog).toContainText('パスワード設定用のメール');
  await dialog.getByLabel('氏名').fill(driverName);
  await dialog.getByLabel('メールアドレス').fill(email);
  await selectOption(page, dialog.getByLabel('通常の車両'), vehicleName);
  await dialog.getByTestId('driver-submit').click();
  await expect(dialog).toBeHidden();
  const driverRow = tableRow(page.getByTestId('drivers-card'), driverName);
  await expect(driverRow).toContainText('招待中');
  await expect(driverRow).toContainText(vehicleName);
  const driver = await activateDriver(request, email, since);

  // A vehicle a driver uses cannot be deleted: the refusal says what to do instead.
  await page
    .getByTestId('vehicles-card')
    .getByRole('button', { name: `削除（${vehicleName}）` })
    .click();
  await confirmModal(page, { title: '車両を削除' });
  await expect(
    toast(
      page,
      'この車両はドライバーまたは回収予定に割り当てられているため削除できません。使用停止にしてください。',
    ),
  ).toBeVisible();
  await page.reload();
  await expect(driverRow).toContainText('利用中');

  // 配車: the day's two stops of the area, given to the driver at once (the vehicle comes with the driver).
  await page.goto(`${paths.dispatch.path.slice(1)}?date=${date}`);
  await expect(page.getByRole('heading', { name: '配車' })).toBeVisible();
  await expect(areaStops(page)).toHaveCount(2);
  const area = page.locator(`[data-testid="dispatch-area"][data-area="${GINZA_AREA}"]`);
  await area.getByTestId('area-select').check();
  await expect(page.getByTestId('assign-count')).toHaveText('2件を選択中');
  await selectOption(page, page.getByTestId('assign-bar').getByLabel('ドライバー'), driverName);
  await expect(page.getByTestId('assign-bar').getByText(vehicleName)).toBeVisible();
  await page.getByTestId('assign-apply').click();
  await expect(toast(page, '2件の割り当てを更新しました')).toBeVisible();
  for (const stop of await areaStops(page).all()) {
    await expect(stop.getByTestId('stop-assignment')).toContainText(`ドライバー: ${driverName}`);
    await expect(stop.getByTestId('stop-assignment')).toContainText(`車両: ${vehicleName}`);
  }

  // The round: the first stop moved down by the keyboard on its handle (Space, arrow, Space), then back up and
  // down again by the buttons; saved, and still so after a reload.
  await expect(areaStops(page).first()).toContainText(stops[0]!.title);
  const handle = areaStops(page).first().getByTestId('stop-handle');
  // dnd-kit says each move in its live region, in the page's language.
  const live = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(live).toHaveText('銀座店を2番目に動かしています。');
  await page.keyboard.press('Space');
  await expect(live).toHaveText('銀座店を2番目に置きました。');
  await expect(areaStops(page).first()).toContainText(stops[1]!.title);
  await expect(page.getByTestId('order-unsaved')).toBeVisible();
  await areaStops(page).last().getByRole('button', { name: /^上へ/ }).focus();
  await page.keyboard.press('Enter');
  await expect(areaStops(page).first()).toContainText(stops[0]!.title);
  await expect(page.getByTestId('order-unsaved')).toBeHidden();
  await areaStops(page).first().getByRole('button', { name: /^下へ/ }).click();
  await expect(areaStops(page).first()).toContainText(stops[1]!.title);
  await expect(page.getByTestId('order-announcement')).toHaveText('銀座店を2番目に移動しました');
  await page.getByTestId('order-save').click();
  await expect(toast(page, '順番を保存しました')).toBeVisible();
  await expect(page.getByTestId('order-unsaved')).toBeHidden();
  await page.reload();
  await expect(areaStops(page)).toHaveCount(2);
  await expect(areaStops(page).first()).toContainText(stops[1]!.title);
  await expect(areaStops(page).last()).toContainText(stops[0]!.title);
  await expect(areaStops(page).first()).toContainText(`ドライバー: ${driverName}`);

  // The driver records the stop it now visits first before its day: the server keeps it as a conflict.
  const marked = stops[1]!;
  const clientId = randomUUID();
  await driver.post('/driver/marks', {
    clientId,
    collectionId: marked.id,
    baseVersion: 1,
    baseDate: date,
    result: 'COLLECTED',
    lines: [{ wasteLineId: await wasteLineOf(trans, marked.id), bags: { '45': 3 }, weightKg: 12.5 }],
    markedAt: new Date().toISOString(),
    position: { latitude: 35.6712, longitude: 139.7665, accuracy: 12 },
  });

  const photo = await request.put(new URL(`/api/driver/marks/${clientId}/photo`, page.url()).toString(), {
    headers: { authorization: `Bearer ${driver.token}` },
    multipart: { file: { name: 'stop.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') } },
  });
  await expect(photo, 'the photo of the record').toBeOK();

  // The collection's detail shows the record with its photo, and the dispatch.
  await page.goto(paths.collectionScheduleDetail.to(marked.id).slice(1));
  await expect(page.getByTestId('collection-driver')).toHaveText(driverName);
  const proof = page.getByTestId('proofs-card');
  await expect(proof).toContainText('回収済');
  await expect(proof).toContainText('要確認（競合）');
  await expect(proof.getByTestId('proof-line')).toContainText('45L × 3袋 / 12.50 kg');
  await expect(proof).toContainText(driverName);
  await expect(proof).toContainText('この回収はまだ回収日になっていません。');
  await expect(proof.getByRole('link', { name: '地図で開く' })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/search/?api=1&query=35.6712%2C139.7665',
  );
  const image = proof.getByTestId('proof-photo');
  await expect(image).toHaveAttribute('alt', new RegExp(`^${driverName}さんが.+に撮影した回収時の写真$`));
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
  await expect(proof.getByRole('link', { name: '写真を開く' })).toHaveAttribute('href', /^blob:/);
  expect(await axeViolations(page)).toEqual([]);

  // 配車's banner lists it; it cannot be applied before its day, so the office discards it.
  await page.goto(`${paths.dispatch.path.slice(1)}?date=${date}`);
  await page.getByTestId('conflicts-toggle').click();
  const conflict = page.getByTestId('conflict').filter({ hasText: marked.title });
  await expect(conflict).toContainText('この回収はまだ回収日になっていません。');
  await expect(conflict.getByTestId('conflict-apply')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await conflict.getByTestId('conflict-discard').click();
  await confirmModal(page, { title: 'この記録を破棄しますか？' });
  await expect(toast(page, '記録を破棄しました')).toBeVisible();
  await expect(page.getByTestId('conflict').filter({ hasText: marked.title })).toHaveCount(0);

  // The stop shows its last record, discarded.
  await expect(areaStops(page).first().getByTestId('stop-assignment')).toContainText('事務所が破棄');
});

/** The collection's first waste line, as the driver's phone reads it from the stop. */
async function wasteLineOf(trans: ApiClient, collectionId: number): Promise<number> {
  const detail = await trans.get<{ lines: { wasteLineId: number }[] }>(`/trans/collections/${collectionId}`);
  return detail.lines[0]!.wasteLineId;
}
