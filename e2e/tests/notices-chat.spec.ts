import type { ChatState } from '@junkan/shared/api/chat';
import type { NoticePage } from '@junkan/shared/api/notices';
import { expect, type Page, test } from '@playwright/test';
import { pickDate, selectOption, tableRow, toast } from '../support/antd';
import { apiAs } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { startServerProcesses } from '../support/servers';

/** A subject or message no other run uses. */
const unique = (text: string) => `${text} ${Date.now().toString(36)}`;

test('notices: an administrator publishes a notice for dischargers, who see it unread on home, then read', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const subject = unique('臨時回収のお知らせ');
  const content = `年末の臨時回収を受け付けます。${'お申し込みは12月20日までにお願いします。'.repeat(3)}`;

  await signIn(page, DEMO.admin, { path: 'notice-admin' });
  await page.getByTestId('notice-new').click();
  const dialog = page.getByRole('dialog');
  await selectOption(page, dialog.getByLabel('重要度'), '重要');
  await dialog.getByLabel('件名').fill(subject);
  await dialog.getByLabel('内容').fill(content);
  await dialog.getByText('排出事業者のみ', { exact: true }).click();
  // A last day before the first is refused next to its field.
  await pickDate(dialog.getByLabel('掲載終了日'), '2020/01/01');
  await page.getByTestId('notice-submit').click();
  await expect(dialog.getByText('掲載終了日は掲載開始日以降の日付を入力してください。')).toBeVisible();
  const lastDay = `${new Date().getFullYear() + 1}/03/31`;
  await pickDate(dialog.getByLabel('掲載終了日'), lastDay);
  await page.getByTestId('notice-submit').click();
  await expect(toast(page, '登録しました。').first()).toBeVisible();
  const row = tableRow(page.getByTestId('notice-admin-table'), subject);
  await expect(row).toContainText('掲載中');
  await expect(row).toContainText('排出事業者のみ');
  await expect(row).toContainText(lastDay);

  // The discharger, in its own browser.
  const context = await browser.newContext();
  const discharger = await context.newPage();
  await signIn(discharger, DEMO.discharger);
  const news = discharger.getByTestId('home-notices');
  const item = news.getByTestId('notice-row').filter({ hasText: subject });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('notice-unread')).toBeVisible();
  const { unreadCount: unreadBefore } = await (
    await apiAs(discharger.request, DEMO.discharger)
  ).get<NoticePage>('/notices');
  // The text is cut to one line on home; opening it shows the whole of it and marks it read.
  await item.click();
  const modal = discharger.getByTestId('notice-modal');
  await expect(modal.getByTestId('notice-content')).toHaveText(content);
  await modal.getByRole('button', { name: '閉じる' }).click();
  await expect(item.getByTestId('notice-unread')).toHaveCount(0);
  if (unreadBefore > 1)
    await expect(news.getByTestId('home-notices-unread')).toHaveText(String(unreadBefore - 1));
  else await expect(news.getByTestId('home-notices-unread')).toHaveCount(0);

  // /notice lists it read, and a transporter does not see a notice for dischargers.
  await discharger.goto('notice');
  await expect(
    discharger
      .getByTestId('notice-list')
      .getByTestId('notice-row')
      .filter({ hasText: subject })
      .getByTestId('notice-unread'),
  ).toHaveCount(0);
  await context.close();
  const transporterContext = await browser.newContext();
  const transporter = await transporterContext.newPage();
  await signIn(transporter, DEMO.transporter, { path: 'notice' });
  await expect(transporter.getByTestId('notice-list')).toBeVisible();
  await expect(transporter.getByText(subject)).toHaveCount(0);
  await transporterContext.close();
});

/** Opens the discharger's chat widget and sends a message. */
async function sendFromWidget(page: Page, text: string) {
  await page.getByTestId('chat-launcher').click();
  const panel = page.getByTestId('chat-panel');
  await expect(panel).toBeVisible();
  await panel.getByTestId('chat-input').fill(text);
  await panel.getByTestId('chat-input').press('Enter');
  await expect(panel.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
  await expect(panel.getByTestId('chat-pending')).toHaveCount(0);
  return panel;
}

test('chat: a discharger’s message reaches the open inbox without a reload, and the answer reaches the widget', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const question = unique('回収日を変更できますか？');
  const answer = unique('はい、変更できます。');

  // Support has the inbox open before the message is sent.
  await signIn(page, DEMO.admin, { path: 'chat-admin' });
  await expect(page.getByTestId('chat-inbox-item').first()).toBeVisible();

  // The discharger on a phone.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  await signIn(phone, DEMO.discharger);
  // A small launcher in the header, where it covers none of the page's controls at any scroll.
  const launcher = phone.getByTestId('chat-launcher');
  const header = (await phone.locator('header.ant-layout-header').boundingBox())!;
  const box = (await launcher.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(48);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y).toBeGreaterThanOrEqual(header.y);
  expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
  const panel = await sendFromWidget(phone, question);
  const shown = (await panel.boundingBox())!;
  expect(shown.x).toBeGreaterThanOrEqual(0);
  expect(shown.x + shown.width).toBeLessThanOrEqual(390);
  expect(shown.y).toBeGreaterThanOrEqual(0);

  // The inbox shows it at once, first (waiting), without a reload.
  const entry = page.getByTestId('chat-inbox-item').filter({ hasText: '株式会社グリーン商事' });
  await expect(entry).toContainText(question);
  await expect(entry).toContainText('未対応');
  await entry.click();
  const thread = page.getByTestId('chat-thread');
  await expect(thread.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
  await thread.getByTestId('chat-input').fill(answer);
  await thread.getByTestId('chat-send').click();
  await expect(thread.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();
  await expect(entry).not.toContainText('未対応');

  // The answer appears in the open widget, live.
  await expect(panel.getByTestId('chat-message').filter({ hasText: answer })).toHaveAttribute(
    'data-side',
    'SUPPORT',
  );
  // Folded away, the launcher comes back; the answer was read while the panel was open.
  await panel.getByTestId('chat-minimize').click();
  await expect(launcher).toBeVisible();
  await expect(phone.locator('.ant-badge', { has: launcher }).locator('.ant-badge-count')).toHaveCount(0);

  // An administrator acting for the discharger gets no widget of its own.
  await context.close();
  const actingContext = await browser.newContext();
  const acting = await actingContext.newPage();
  await signIn(acting, DEMO.admin, {
    actingFor: { type: '排出事業者', companyName: '株式会社グリーン商事' },
  });
  await expect(acting.getByTestId('home-notices')).toBeVisible();
  await expect(acting.getByTestId('chat-launcher')).toHaveCount(0);
  await actingContext.close();
});

test('chat: support turns the conversation into an inquiry and opens it in the inquiry view', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const question = unique('マニフェストの控えはどこで見られますか？');
  const subject = unique('マニフェストの控え');
  const discharger = await apiAs(page.request, DEMO.discharger);
  await discharger.post('/chat/messages', { clientId: `e2e-${Date.now().toString(36)}`, body: question });
  const { conversationId } = await discharger.get<ChatState>('/chat');

  await signIn(page, DEMO.admin, { path: `chat-admin?conversation=${conversationId}` });
  const thread = page.getByTestId('chat-thread');
  await expect(thread.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
  await thread.getByTestId('chat-to-inquiry').click();
  const dialog = page.getByRole('dialog');
  // The subject proposed is the company's first message since the last inquiry made from the conversation.
  await expect(dialog.getByTestId('chat-inquiry-subject')).not.toHaveValue('');
  await dialog.getByTestId('chat-inquiry-subject').fill(subject);
  await selectOption(page, dialog.getByLabel('重要度'), '重要');
  await page.getByTestId('chat-inquiry-submit').click();
  await expect(toast(page, '登録しました。').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The message is marked with the inquiry, nothing new is left to turn, and the header links to it.
  const link = thread.getByTestId('chat-inquiry-link');
  await expect(link).toBeVisible();
  const shownId = (await link.textContent())!.match(/\d{5}/)![0];
  await expect(
    thread.getByTestId('chat-message').filter({ hasText: question }).getByTestId('chat-message-inquiry'),
  ).toContainText(shownId);
  await expect(thread.getByTestId('chat-to-inquiry')).toBeDisabled();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/inquiry-admin\\?(.*&)?open=${Number(shownId)}(&|$)`));
  const detail = page.getByTestId('inquiry-detail');
  await expect(detail).toContainText(subject);
  await expect(detail.locator('[data-testid="inquiry-message"][data-side="WASTE"]').last()).toContainText(
    question,
  );
  await expect(detail.getByTestId('inquiry-status')).toHaveText('回答待ち');
});

test.describe('with two server processes on one PostgreSQL database', () => {
  // The run's own server is one process on the embedded database; these two share a PostgreSQL database.
  const serverUrl = process.env.TEST_DATABASE_URL;
  test.skip(!serverUrl, 'needs a PostgreSQL server (TEST_DATABASE_URL)');
  let servers: Awaited<ReturnType<typeof startServerProcesses>> | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    servers = await startServerProcesses(serverUrl!, 2);
  });
  test.afterAll(async () => {
    await servers?.stop();
  });

  test('a message sent through one process reaches the inbox served by the other, and the answer comes back', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const [one, two] = servers!.origins as [string, string];
    const question = unique('別プロセスからの質問');
    const answer = unique('別プロセスからの回答');

    await signIn(page, DEMO.admin, { path: 'chat-admin', origin: two });
    await expect(page.getByTestId('chat-inbox-item').first()).toBeVisible();
    const context = await browser.newContext();
    const widget = await context.newPage();
    await signIn(widget, DEMO.discharger, { origin: one });
    const panel = await sendFromWidget(widget, question);

    const entry = page.getByTestId('chat-inbox-item').filter({ hasText: '株式会社グリーン商事' });
    await expect(entry).toContainText(question);
    await entry.click();
    const thread = page.getByTestId('chat-thread');
    await thread.getByTestId('chat-input').fill(answer);
    await thread.getByTestId('chat-send').click();
    await expect(panel.getByTestId('chat-message').filter({ hasText: answer })).toHaveAttribute(
      'data-side',
      'SUPPORT',
    );
    await context.close();
  });
});
