import { ACCESSIBILITY_CHECKLIST } from '@junkan/shared/accessibility-checklist';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../support/app';
import { signIn } from '../support/auth';
import { tabTo } from '../support/keyboard';

/**
 * Walks with the keyboard alone (JIS X 8341-3 2.1.1, 2.4.1, 2.4.3): no click, no fill; Tab, arrows, Enter, Escape
 * and typed text. Signing in goes through the form, as a keyboard user does.
 */

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);
const holdsFocus = (target: Locator) => target.evaluate((el) => el.contains(document.activeElement));

/** In a focused antd menu, moves with the arrow keys to the entry `label` and chooses it. */
async function chooseMenuEntry(page: Page, menu: Locator, label: string): Promise<void> {
  const entry = menu.getByRole('menuitem', { name: label, exact: true });
  for (let i = 0; i < 40 && !(await isFocused(entry)); i += 1) await page.keyboard.press('ArrowDown');
  await expect(entry).toBeFocused();
  await page.keyboard.press('Enter');
}

const main = (page: Page) => page.locator('main#main-content');

test('signs in, skips to the main content and changes page from the menu, by keyboard alone', async ({
  page,
}) => {
  await page.goto('login');
  await expect(page).toHaveTitle('ログイン | junkan');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await tabTo(page, page.locator('#email'));
  await page.keyboard.type(DEMO.discharger);
  await page.keyboard.press('Tab');
  await expect(page.locator('#password')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('role-badge')).toBeVisible();
  await expect(page).toHaveTitle('ホーム | junkan');

  // The skip link is the page's first stop, out of sight until focused; it takes focus to the main content.
  await page.reload();
  await expect(page.getByTestId('home-projects')).toBeVisible();
  const skip = page.getByTestId('skip-link');
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText('本文へスキップ');
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(main(page)).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await holdsFocus(main(page))).toBe(true);

  // Back from the main content to the side menu, a labelled navigation; a page chosen there takes focus to its
  // main content, and the tab's title follows.
  await page.keyboard.press('Escape');
  const nav = page.getByRole('navigation', { name: 'メインメニュー' });
  await tabTo(page, nav.getByRole('menu'), { back: true });
  await chooseMenuEntry(page, nav, 'お問い合わせ');
  await expect(page).toHaveURL(/\/sys\/inquiry$/);
  await expect(page).toHaveTitle('お問い合わせ | junkan');
  await expect(main(page)).toBeFocused();

  // A dialog opened by keyboard holds focus; Escape closes it and focus goes back to its button.
  const opener = page.getByTestId('inquiry-new');
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(() => holdsFocus(dialog)).toBe(true);
  await page.keyboard.press('Tab');
  expect(await holdsFocus(dialog)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('sends a chat message and folds the chat away by keyboard alone; a draft outlives the folding', async ({
  page,
}) => {
  await signIn(page, DEMO.discharger);
  const launcher = page.getByTestId('chat-launcher');
  await tabTo(page, launcher);
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('chat-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('chat-input')).toBeFocused();
  const text = `キーボードから送信 ${Date.now().toString(36)}`;
  await page.keyboard.type(text);
  // Folded away before it is sent, the text waits in the box for the next opening.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('chat-input')).toBeFocused();
  await expect(panel.getByTestId('chat-input')).toHaveValue(text);
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
  await expect(panel.getByTestId('chat-pending')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();
  // Once sent, nothing is kept: the box opens empty.
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('chat-input')).toHaveValue('');
});

test('opens the phone-size menu, closes it and changes page from it, by keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.discharger);
  const button = page.getByTestId('menu-button');
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  const nav = drawer.getByRole('navigation', { name: 'メインメニュー' });
  await expect(nav).toBeVisible();
  await expect.poll(() => holdsFocus(drawer)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(nav).toBeVisible();
  await tabTo(page, nav.getByRole('menu'));
  await chooseMenuEntry(page, nav, 'お知らせ');
  await expect(page).toHaveURL(/\/sys\/notice$/);
  await expect(nav).toBeHidden();
  await expect(page).toHaveTitle('お知らせ | junkan');
  // The drawer closed by the change of page leaves focus on the new page, not on the menu button.
  await expect(main(page)).toBeFocused();
});

test('reaches the accessibility statement by keyboard, signed out and signed in, in both languages', async ({
  page,
}) => {
  await page.goto('login');
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'アクセシビリティ' });
  await tabTo(page, footerLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sys\/accessibility$/);
  await expect(page).toHaveTitle('ウェブアクセシビリティ方針 | junkan');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ウェブアクセシビリティ方針');
  await expect(page.getByTestId('accessibility-target')).toHaveText(
    'JIS X 8341-3:2016 の適合レベル AA に準拠',
  );
  const checklist = page.getByTestId('accessibility-checklist');
  await expect(checklist.locator('tbody tr')).toHaveCount(ACCESSIBILITY_CHECKLIST.length);
  await expect(checklist.locator('tbody tr').first()).toContainText('1.1.1非テキストコンテンツA適用適合');
  await expect(checklist.locator('tbody tr').last()).toContainText('4.1.2');

  // The language switch, by arrow key: the texts, the tab's title and the page's language follow.
  await tabTo(page, page.getByRole('radio', { name: '日本語' }), { back: true });
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveTitle('Web accessibility policy | junkan');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(checklist.locator('tbody tr').first()).toContainText('Non-text Content');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');

  // Signed in, the user menu leads to it (opened, focus is on its first entry; Escape goes back to its button),
  // and the page leads back home.
  await signIn(page, DEMO.discharger);
  const userMenu = page.getByTestId('user-menu');
  await tabTo(page, userMenu);
  await page.keyboard.press('Enter');
  const item = page.getByTestId('user-menu-accessibility');
  await expect(item).toBeVisible();
  await expect(page.locator('.ant-popover button').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(item).toBeHidden();
  await expect(userMenu).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(item).toBeVisible();
  await tabTo(page, item, { max: 5 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sys\/accessibility$/);
  const back = page.getByRole('link', { name: 'ホームに戻る' });
  await tabTo(page, back);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sys\/home$/);
  await expect(page).toHaveTitle('ホーム | junkan');
});
