import { expect, type Locator, type Page } from '@playwright/test';

/** A pattern matching `text` exactly (antd renders option and button labels as plain text). */
function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/**
 * Chooses an option of an antd Select. `select` is its combobox input (a form item's `getByLabel`, or
 * `#id`); a string option matches exactly, and `search` is typed first where the select searches. The
 * dropdown is found through the listbox the select owns (`<id>_list`), so a closing dropdown of another
 * select cannot be clicked instead. A click that lands while the dropdown is still settling is sometimes
 * lost (the select stays open and empty), so the choice is made again until the select shows it.
 */
export async function selectOption(
  page: Page,
  select: Locator,
  option: string | RegExp,
  { search }: { search?: string } = {},
): Promise<void> {
  const id = await select.getAttribute('id');
  expect(id, 'a select with an id').toBeTruthy();
  const input = page.locator(`[id="${id}"]`);
  const shown = page.locator('.ant-select').filter({ has: input });
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${id}_list"]`) });
  const name = typeof option === 'string' ? exactly(option) : option;
  await expect(async () => {
    if (!(await dropdown.isVisible())) {
      await input.click();
      if (search !== undefined) await input.fill(search);
    }
    // Short tries, retried: a click during the dropdown's animation can be lost on a loaded machine.
    await dropdown.locator('.ant-select-item-option').filter({ hasText: name }).click({ timeout: 3_000 });
    await expect(dropdown).toBeHidden({ timeout: 2_000 });
    await expect(shown).toContainText(name, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Types a date (YYYY/MM/DD) into an antd DatePicker input. Enter confirms it in the open calendar; pressed with the
 * calendar closed (a click lost on a loaded machine) it would submit the form, so the calendar is seen open first.
 */
export async function pickDate(input: Locator, date: string): Promise<void> {
  const calendar = input.page().locator('.ant-picker-dropdown:visible');
  await expect(async () => {
    await input.click();
    await expect(calendar).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await input.fill(date);
  await expect(calendar).toHaveCount(1);
  await input.press('Enter');
  await expect(input).toHaveValue(date);
}

/**
 * An open confirmation: the dialog named `title` (matched exactly, since the report dialog's titles contain
 * the same words), or without a title the one open Modal.confirm.
 */
export function confirmation(page: Page, title?: string): Locator {
  return title ? page.getByRole('dialog', { name: title, exact: true }) : page.locator('.ant-modal-confirm');
}

/**
 * Presses a confirmation's button (its primary one unless named) until the confirmation has closed: on a
 * loaded machine a click during the opening animation was seen to be lost (no request sent). A button
 * already sending shows loading and ignores a second click, so this never sends twice.
 */
export async function confirmModal(
  page: Page,
  { title, button }: { title?: string; button?: string | RegExp } = {},
): Promise<void> {
  const modal = confirmation(page, title);
  await expect(modal).toBeVisible();
  const press =
    button === undefined
      ? modal.locator('.ant-btn-primary')
      : modal.getByRole('button', { name: button, exact: typeof button === 'string' });
  await expect(async () => {
    if (await modal.isVisible()) await press.click({ timeout: 2_000 });
    await expect(modal).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** Answers an antd Popconfirm with its (dangerous) OK button. */
export async function confirmPopconfirm(page: Page): Promise<void> {
  const popconfirm = page.locator('.ant-popconfirm:visible');
  await popconfirm.locator('.ant-btn-dangerous, .ant-btn-primary').first().click();
  await expect(popconfirm).toHaveCount(0);
}

/**
 * A toast (antd message) showing `text` exactly. They last 5 s, so the same toast from a moment before may
 * still be showing: where a test repeats one, it takes the first.
 */
export function toast(page: Page, text: string): Locator {
  return page.locator('.ant-message').getByText(text, { exact: true });
}

/** The data rows of an antd Table (or of every table inside `scope`). */
export function tableRows(scope: Page | Locator): Locator {
  return scope.locator('tbody tr.ant-table-row');
}

/**
 * Waits until an antd Table inside `scope` shows no loading spinner. A Table asking the server again keeps the
 * rows it had and lays a spinner over them: a click on a header or a page at that moment lands on the spinner.
 */
export async function tableSettled(scope: Page | Locator): Promise<void> {
  await expect(scope.locator('.ant-spin-spinning')).toHaveCount(0);
}

/** The data rows of an antd Table that contain `text`. */
export function tableRow(scope: Page | Locator, text: string | RegExp): Locator {
  return tableRows(scope).filter({ hasText: text });
}
