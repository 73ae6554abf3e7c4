import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Walking a screen with the keyboard alone (JIS X 8341-3 2.1.1, 2.1.2, 2.4.3, 2.4.7): Tab to a control, seeing
 * where focus is at every stop; antd's selects and date pickers driven by typing, arrows and Enter.
 */

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);
const holdsFocus = (target: Locator) => target.evaluate((el) => el.contains(document.activeElement));

/**
 * The boxes antd draws a control's focus on when focus is on an input inside it (a select's, a date picker's or
 * an affixed input's frame, a checkbox's or a radio button's square); a plain input wrapped in its label (the
 * language switch) shows it on the label.
 */
const RING_HOLDERS =
  '.ant-select, .ant-picker, .ant-input-affix-wrapper, .ant-input-number, .ant-checkbox, .ant-radio, .ant-radio-button-wrapper, .ant-switch';

/**
 * Fails unless focus is somewhere and shows where (2.4.7): on the focused element, its wrapper, or on the box of
 * the control it is part of, an outline or a ring of box shadow (a shadow spreading around the box, not antd's resting
 * drop shadow), drawn on screen.
 */
export async function expectFocusVisible(page: Page): Promise<void> {
  const issue = await page.evaluate((holders) => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return 'nothing has focus';
    const rings = (e: Element) => {
      const s = getComputedStyle(e);
      if (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) return true;
      // Each shadow: a colour, then x, y, blur and spread; a ring spreads.
      return [...s.boxShadow.matchAll(/(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px/g)].some(
        (m) => Number(m[4]) > 0,
      );
    };
    const shown = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0;
    };
    const holder = el.closest(holders) ?? (el.tagName === 'INPUT' ? el.closest('label') : null);
    // The ring may be drawn on the field's own box: its wrapper (an input with a button beside it).
    if ([el, holder, el.parentElement].some((e) => e && shown(e) && rings(e))) return null;
    const name = (e: Element) =>
      `<${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''} class="${e.getAttribute('class') ?? ''}">`;
    return `no visible focus on ${name(el)}${holder ? ` nor on ${name(holder)}` : ''}`;
  }, RING_HOLDERS);
  expect(issue, 'focus is visible').toBeNull();
}

/** Whether focus has left the page for the browser's own controls (Tab past the page's last stop). */
const leftPage = (page: Page) => page.evaluate(() => document.activeElement === document.body);

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus; every stop on the way shows its focus (a stop
 * that does not, or that focus cannot leave, fails the walk).
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeAttached();
  for (let i = 0; i < max; i += 1) {
    if (await isFocused(target)) {
      await expectFocusVisible(page);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (!(await leftPage(page))) await expectFocusVisible(page);
  }
  await expect(target).toBeFocused({ timeout: 1 });
}

/**
 * Chooses an option of the focused antd Select by keyboard: `search` typed first where the select searches,
 * else ArrowDown opens it; ArrowDown moves to the option (`option` matched as the select shows it), Enter takes it.
 */
export async function chooseOption(
  page: Page,
  select: Locator,
  option: string | RegExp,
  { search }: { search?: string } = {},
): Promise<void> {
  await expect(select).toBeFocused();
  const id = await select.getAttribute('id');
  const list = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${id}_list"]`) });
  if (search === undefined) await page.keyboard.press('ArrowDown');
  else await page.keyboard.type(search);
  await expect(list).toBeVisible();
  const active = list.locator('.ant-select-item-option-active');
  const matches = async () => {
    const text = (await active.count()) === 1 ? ((await active.textContent()) ?? '') : '';
    return typeof option === 'string' ? text === option : option.test(text);
  };
  for (let i = 0; i < 50 && !(await matches()); i += 1) await page.keyboard.press('ArrowDown');
  expect(await matches(), `option ${String(option)} reached`).toBe(true);
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(select).toBeFocused();
  await expect(page.locator('.ant-select').filter({ has: select })).toContainText(option);
}

/** Types a date (YYYY/MM/DD) into the focused antd DatePicker and confirms it with Enter. */
export async function typeDate(page: Page, picker: Locator, date: string): Promise<void> {
  await expect(picker).toBeFocused();
  await page.keyboard.type(date);
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue(date);
  await expect(picker).toBeFocused();
}

/**
 * Opens a dialog from its focused opener with Enter: focus moves into it; Escape closes it and focus is back on
 * the opener; Enter opens it again, focus inside. Answers the dialog.
 */
export async function openDialogFrom(page: Page, opener: Locator, dialog: Locator): Promise<Locator> {
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect.poll(() => holdsFocus(dialog)).toBe(true);
  await expectFocusVisible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect.poll(() => holdsFocus(dialog)).toBe(true);
  return dialog;
}
