import { expect, test } from '@playwright/test';
import { confirmModal, selectOption, tableRow, toast } from '../support/antd';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { waitForMessage } from '../support/mail';

/** A 1x1 PNG: a photo of the site, as small as a real one can be. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('inquiries: a discharger asks with a photo, support answers, the discharger reads it on home and marks it solved', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const subject = `搬出口の場所について ${Date.now().toString(36)}`;

  // The discharger opens an inquiry with a file; the upload shows its progress and the detail opens.
  await signIn(page, DEMO.discharger, { path: 'inquiry' });
  await page.getByTestId('inquiry-new').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('inquiry-subject').fill(subject);
  await selectOption(page, dialog.getByLabel('重要度'), '重要');
  await dialog.getByTestId('inquiry-content').fill('回収車が入れる搬出口の位置を写真で送ります。');
  await dialog
    .getByTestId('inquiry-file')
    .locator('input[type=file]')
    .setInputFiles({ name: '搬出口.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText('搬出口.png')).toBeVisible();
  const openedAt = Date.now();
  await dialog.getByTestId('inquiry-create-submit').click();
  await expect(toast(page, 'お問い合わせを送信しました。')).toBeVisible();
  const detail = page.getByTestId('inquiry-detail');
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId('inquiry-status')).toHaveText('回答待ち');
  await expect(detail.getByTestId('inquiry-file-link')).toContainText('搬出口.png');
  await expect(page).toHaveURL(/[?&]open=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('open'));
  const shownId = String(id).padStart(5, '0');
  // Support is told by mail, with the link to the inquiry.
  const toSupport = await waitForMessage(DEMO.admin, { since: openedAt, subject: shownId });
  expect(toSupport.text).toContain(`/sys/inquiry-admin?open=${id}`);

  // Support (an administrator as itself) finds it among every company's and answers.
  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  await signIn(support, DEMO.admin, { path: 'inquiry-admin' });
  await support.getByTestId('inquiries-search').locator('input').fill(subject);
  await support.getByTestId('inquiries-search').locator('input').press('Enter');
  const row = tableRow(support.getByTestId('inquiry-list'), subject);
  await expect(row).toContainText('株式会社グリーン商事');
  await expect(row).toContainText('回答待ち');
  await row.getByTestId('inquiry-open').click();
  const supportDetail = support.getByTestId('inquiry-detail');
  await expect(supportDetail.getByTestId('inquiry-message')).toHaveCount(1);
  await supportDetail
    .getByTestId('inquiry-reply-content')
    .fill('北側の通用口をご利用ください。地図を添付します。');
  const answeredAt = Date.now();
  await supportDetail.getByTestId('inquiry-reply-send').click();
  await expect(toast(support, '返信を送信しました。')).toBeVisible();
  await expect(supportDetail.getByTestId('inquiry-status')).toHaveText('回答あり');
  await expect(supportDetail.getByTestId('inquiry-message')).toHaveCount(2);
  await supportContext.close();

  // The discharger is mailed, sees the answer on home and marks the inquiry solved from its detail.
  const toDischarger = await waitForMessage(DEMO.discharger, { since: answeredAt, subject: shownId });
  expect(toDischarger.text).toContain(`/sys/inquiry?open=${id}`);
  await page.goto('home');
  const homeRow = tableRow(page.getByTestId('home-inquiries'), subject);
  await expect(homeRow).toContainText(shownId);
  await expect(homeRow).toContainText('回答あり');
  await homeRow.getByTestId(`home-inquiry-content-${id}`).click();
  const homeDetail = page.getByTestId('inquiry-detail');
  const answer = homeDetail.locator('[data-testid="inquiry-message"][data-side="ADMIN"]');
  await expect(answer).toContainText('北側の通用口をご利用ください。');
  await expect(answer).toContainText('サポート');
  await homeDetail.getByTestId('inquiry-close').click();
  await confirmModal(page, { button: '解決済みにする' });
  await expect(toast(page, '解決済みにしました。')).toBeVisible();
  await expect(homeDetail.getByTestId('inquiry-status')).toHaveText('完了');
  await expect(homeDetail.getByTestId('inquiry-reply')).toHaveCount(0);
  await expect(homeDetail.getByTestId('inquiry-event')).toContainText('解決済みにしました');
  await page.keyboard.press('Escape');
  await expect(homeDetail).toBeHidden();
  await expect(tableRow(page.getByTestId('home-inquiries'), subject)).toContainText('完了');
});

test('inquiries: a reply shows its upload progress, can be stopped, and a failed send says so and is sent again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.transporter, { path: 'inquiry' });
  await tableRow(page.getByTestId('inquiry-list'), '収集エリアの追加方法')
    .getByTestId('inquiry-open')
    .click();
  const detail = page.getByTestId('inquiry-detail');
  const messages = detail.getByTestId('inquiry-message');
  await expect(messages.first()).toBeVisible();
  const before = await messages.count();
  expect(before).toBeGreaterThan(0);

  // A 3 MB video over a line of 256 KB/s: the bar moves, and stopping (well before the end, so the body never
  // reaches the server whole, however slow the machine) sends nothing.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const line = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await line(256 * 1024);
  const video = Buffer.concat([
    Buffer.from('\0\0\0\x14ftypisom\0\0\0\0isom', 'latin1'),
    Buffer.alloc(3 * 1024 * 1024, 0x5a),
  ]);
  // A name of this run's own: an inquiry takes a file name once, and the walk may run again on the same data.
  const fileName = `積込み場所-${Date.now()}.mp4`;
  await detail.getByTestId('inquiry-reply-content').fill('積込み場所の動画です。');
  await detail
    .getByTestId('inquiry-file')
    .locator('input[type=file]')
    .setInputFiles({ name: fileName, mimeType: 'video/mp4', buffer: video });
  await detail.getByTestId('inquiry-reply-send').click();
  const progress = detail.getByTestId('inquiry-upload-progress');
  await expect(progress).toContainText(/\b[0-2]\.\d MB \/ 3\.0 MB 送信済み/);
  await detail.getByTestId('inquiry-upload-stop').click();
  await expect(progress).toHaveCount(0);
  await expect(detail.getByTestId('inquiry-upload-failed')).toHaveCount(0);
  await line(-1);

  // The connection drops: the failure says so, the text and the file are kept, and sending again works.
  await page.route('**/api/trans/inquiries/*/replies', (route) => route.abort('failed'));
  await detail.getByTestId('inquiry-reply-send').click();
  const failed = detail.getByTestId('inquiry-upload-failed');
  await expect(failed).toContainText('ネットワークに接続できません');
  await expect(detail.getByTestId('inquiry-reply-content')).toHaveValue('積込み場所の動画です。');
  await page.unroute('**/api/trans/inquiries/*/replies');
  await failed.getByTestId('inquiry-upload-retry').click();
  await expect(toast(page, '返信を送信しました。')).toBeVisible();
  await expect(messages).toHaveCount(before + 1);
  await expect(messages.last()).toContainText(fileName);
  await expect(detail.getByTestId('inquiry-status')).toHaveText('回答待ち');
});
