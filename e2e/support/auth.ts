import { expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../apps/web/src/lib/storage-keys';
import { actFor, apiAs, type OperatorType } from './api';
import { APP_ORIGIN } from './env';

export interface SignInOptions {
  /** The page to open once signed in (relative to /sys/). */
  path?: string;
  /** For an admin: the operator to act for, as the operator selection would choose it. */
  actingFor?: { type: OperatorType; companyName: string };
  password?: string;
  /** Another server than the run's (the tests of several server processes). */
  origin?: string;
  /** How long the first page may take to show the signed-in shell (the expect timeout unless given). */
  timeout?: number;
  /** The test id that says the page is signed in, for a page outside the office's shell (the driver's phone). */
  shell?: string;
}

/**
 * Signs in through the API and opens `path` signed in, without the login form (which only the sign-in
 * tests use). The tokens go into localStorage as the app keeps them (apps/web/src/lib/session.ts): an admin
 * acting for an operator holds the operator's token and keeps its own beside it. They are written by an
 * init script once per sign-in, before the app's scripts run; a later reload, log out or sign-in of another
 * user in the same page is left alone (a flag in the tab's sessionStorage says it was done).
 */
export async function signIn(
  page: Page,
  email: string,
  { path = 'home', actingFor, password, origin = APP_ORIGIN, timeout, shell }: SignInOptions = {},
): Promise<void> {
  const own = await apiAs(page.request, email, password, origin);
  const operator = actingFor
    ? await actFor(page.request, own, actingFor.type, actingFor.companyName)
    : undefined;
  const tokens = { token: (operator ?? own).token, adminToken: operator ? own.token : null };
  const once = `junkan.e2e.signed-in.${Date.now()}.${Math.random().toString(36).slice(2)}`;
  await page.addInitScript(
    ({ once, origin, keys, tokens }) => {
      if (window.location.origin !== origin || window.sessionStorage.getItem(once)) return;
      window.sessionStorage.setItem(once, '1');
      const now = String(Date.now());
      for (const key of Object.values(keys)) if (key !== keys.lang) window.localStorage.removeItem(key);
      window.localStorage.setItem(keys.token, tokens.token);
      window.localStorage.setItem(keys.tokenIssuedAt, now);
      window.localStorage.setItem(keys.lastActivity, now);
      if (tokens.adminToken) {
        window.localStorage.setItem(keys.adminToken, tokens.adminToken);
        window.localStorage.setItem(keys.adminTokenIssuedAt, now);
      }
    },
    { once, origin, keys: STORAGE_KEYS, tokens },
  );
  await page.goto(origin === APP_ORIGIN ? path : `${origin}/sys/${path}`);
  if (shell) {
    await expect(page.getByTestId(shell)).toBeVisible({ timeout });
    return;
  }
  const badge = page.getByTestId('role-badge');
  // Below 992 px the role badge sits in the menu drawer: the header's menu button says the app is signed in.
  if ((page.viewportSize()?.width ?? 1280) < 992) {
    await expect(page.getByTestId('menu-button')).toBeVisible({ timeout });
  } else if (actingFor) {
    await expect(badge).toHaveText(
      actingFor.type === '排出事業者' ? '管理者（排出事業者）' : '管理者（収集運搬・処分業者）',
      { timeout },
    );
  } else {
    await expect(badge).toBeVisible({ timeout });
  }
}
