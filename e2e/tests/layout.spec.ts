import { paths } from '@junkan/shared/paths';
import { MASTER_ADMIN_PERMISSIONS, type Permission } from '@junkan/shared/permissions';
import { expect, type Page, test } from '@playwright/test';
import { APP_PAGES, holdsPagePermission } from '../../apps/web/src/app/route-table';
import { STORAGE_KEYS } from '../../apps/web/src/lib/storage-keys';
import { rolesFromAuthorities } from '../../packages/shared/src/session';
import type { ApiClient, OperatorType } from '../support/api';
import { DEMO } from '../support/app';
import { signIn } from '../support/auth';
import { axeViolations } from '../support/axe';
import {
  coveredControls,
  coveringColumns,
  type Measured,
  measure,
  RAW_KEY_SOURCE,
  watchApi,
} from '../support/layout-checks';

/**
 * Every signed-in screen a role may open, in Japanese and English, at a laptop (1366x768), a phone (390x844) and
 * 320 CSS px (reflow at 400 % zoom). A screen fails on: the page scrolling sideways, a table column narrower than 48 px, a header element
 * outside the viewport, a control of the page that a click at its middle would not reach (something floats over
 * it: the chat launcher, a fixed column), at the top of the page and scrolled to its end, a column fixed over
 * the other cells of its row on a phone, a raw message key on screen, a text outside the app's font stack (the
 * browser's default serif), an animation that never ends on a settled
 * screen (the run asks for reduced motion: nothing may move on its own for as long as a page is open, and a
 * pulsing mark keeps an office PC's browser drawing), and (English) Japanese text that is not user content.
 * User content is what the API answered (names, titles, addresses, master data), or an element marked
 * `data-user-content` or `lang="ja"` (the language switch's own name). Each screen, and the phone's menu drawer,
 * is also checked by axe for serious and critical violations of WCAG 2.0 A/AA (support/axe.ts).
 */

interface Role {
  name: string;
  email: string;
  actingFor?: { type: OperatorType; companyName: string };
  /** A user outside the office's shell (the driver's phone): the page it opens, and the test id of its shell. */
  own?: { path: string; shell: string };
}

const ROLES: Role[] = [
  { name: 'discharger', email: DEMO.discharger },
  { name: 'transporter', email: DEMO.transporter },
  { name: 'admin', email: DEMO.admin },
  {
    name: 'admin-as-discharger',
    email: DEMO.admin,
    actingFor: { type: '排出事業者', companyName: '株式会社グリーン商事' },
  },
  {
    name: 'admin-as-transporter',
    email: DEMO.admin,
    actingFor: { type: '収集運搬・処分業者', companyName: '東都環境サービス株式会社' },
  },
  { name: 'driver', email: DEMO.driver, own: { path: paths.driverDay.path.slice(1), shell: 'driver-shell' } },
];

/**
 * A laptop, a phone, and 320 CSS px: a 1280 px window zoomed to 400 %, where every page must reflow (nothing
 * cut off, no sideways scrolling of the page). axe runs at the first two; the markup at 320 px is the phone's, so
 * that size gets the layout's own checks.
 */
const isMasterAdminKey = (key: Permission) =>
  (MASTER_ADMIN_PERMISSIONS as readonly Permission[]).includes(key);

const SIZES = [
  { width: 1366, height: 768, axe: true },
  { width: 390, height: 844, axe: true },
  { width: 320, height: 640, axe: false },
] as const;

/**
 * What the test finds and cannot be fixed here, each with its reason; a problem line matching `match` is
 * reported as known instead of failing. Keep it short and visible.
 */
const KNOWN: { match: RegExp; reason: string }[] = [];

const MIN_COLUMN_WIDTH = 48;

interface Screen {
  /** Path relative to /sys/. */
  path: string;
  key: string;
}

/** The id a detail page needs, from the role's own data; null when the demo data has none. */
type Resolver = (api: ApiClient, isTransport: boolean) => Promise<string | null>;

const sidePath = (isTransport: boolean, p: string) => (isTransport ? `/trans${p}` : p);
const tokyoDate = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(d);

interface ProjectItem {
  id: number;
  projectStatus: string;
}
const projects = async (api: ApiClient, isTransport: boolean) =>
  (await api.get<{ items: ProjectItem[] }>(sidePath(isTransport, '/projects'))).items;

const DETAIL: Record<string, Resolver> = {
  collectionScheduleDetail: async (api, isTransport) => {
    const now = Date.now();
    const rows = await api.get<{ id: number }[]>(
      `${sidePath(isTransport, '/collections')}?from=${tokyoDate(new Date(now - 20 * 864e5))}&to=${tokyoDate(new Date(now + 10 * 864e5))}`,
    );
    return rows[0] ? paths.collectionScheduleDetail.to(rows[0].id) : null;
  },
  invoiceDetail: async (api, isTransport) => {
    const { items } = await api.get<{ items: { id: number }[] }>(sidePath(isTransport, '/invoices'));
    return items[0] ? paths.invoiceDetail.to(items[0].id) : null;
  },
  manifestDetail: async (api, isTransport) => {
    const { rows } = await api.get<{ rows: { manifestNumber: string }[] }>(
      sidePath(isTransport, '/manifests'),
    );
    return rows[0] ? paths.manifestDetail.to(rows[0].manifestNumber) : null;
  },
  contractCreate: async (api, isTransport) => {
    const p = (await projects(api, isTransport)).find((x) => x.projectStatus === 'CREATING_CONTRACT');
    return p ? paths.contractCreate.to(p.id) : null;
  },
  contractConfirm: async (api, isTransport) => {
    const p = (await projects(api, isTransport)).find((x) => x.projectStatus === 'REQUEST_CONTRACT');
    return p ? paths.contractConfirm.to(p.id) : null;
  },
  // Opened from a line of the achievements list: the list's first link is read on the page (see below).
  achievementDetail: async () => null,
};

/** Screens below a listed page that the route table does not list on their own. */
async function extraScreens(api: ApiClient, isTransport: boolean, has: (p: string) => boolean) {
  const extra: Screen[] = [];
  if (has('PROJECT_MANAGEMENT')) {
    const list = await projects(api, isTransport).catch(() => []);
    for (const status of ['IN_PROGRESS', 'REQUEST_QUOTE', 'CREATING_CONTRACT']) {
      const p = list.find((x) => x.projectStatus === status);
      if (p) extra.push({ key: `projectDetail:${status}`, path: paths.projectDetail.to(p.id) });
    }
    const asked = list.find((x) => x.projectStatus === 'REQUEST_QUOTE');
    if (isTransport && asked) extra.push({ key: 'createQuote', path: paths.createQuote.to(asked.id) });
  }
  if (has('QUOTE_REQUEST') && !isTransport) {
    extra.push({ key: 'quoteRequestRegular', path: paths.quoteRequestRegular.path });
    extra.push({ key: 'quoteRequestLarge', path: paths.quoteRequestLarge.path });
  }
  return extra;
}

for (const role of ROLES) {
  for (const lang of ['ja', 'en'] as const) {
    test(`layout: ${role.name}, ${lang}, every screen at 1366, 390 and 320 px`, async ({ page }) => {
      test.setTimeout(600_000);
      const api = watchApi(page);
      const home = role.own?.path ?? 'home';
      await signIn(page, role.email, {
        actingFor: role.actingFor,
        path: home,
        timeout: 60_000,
        shell: role.own?.shell,
      });
      await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
        key: STORAGE_KEYS.lang,
        value: lang,
      });

      // The session's own API: its permissions decide the screens, its data the detail pages' ids.
      const token = await page.evaluate((key) => window.localStorage.getItem(key) ?? '', STORAGE_KEYS.token);
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
        authorities: string[];
      };
      const roles = rolesFromAuthorities(claims.authorities) as string[];
      const session = await sessionApi(page, token);
      const { permissions } = await session.get<{ permissions: string[] }>('/permissions');
      const has = (p: string) => permissions.includes(p);
      const isTransport = roles.includes('TRANSPORT');

      const screens: Screen[] = [];
      const missing: string[] = [];
      // The office's pages are out of a driver's reach (the app sends a driver to its day): its own page is swept.
      if (role.own) screens.push({ key: 'driverDay', path: role.own.path });
      for (const p of role.own ? [] : APP_PAGES) {
        if (!p.built || !holdsPagePermission(p.permission, has)) continue;
        // An administrator's own screens are the admin pass's: acting for an operator, the pass takes that
        // operator's screens, each with the acting header.
        if (role.actingFor && holdsPagePermission(p.permission, isMasterAdminKey)) continue;
        if (p.operatorRole && !roles.includes(p.operatorRole)) continue;
        const resolve = DETAIL[p.key];
        if (resolve) {
          // An admin before choosing an operator has no data of an operator to open.
          const detail = await resolve(session, isTransport).catch(() => null);
          if (detail) screens.push({ key: p.key, path: detail });
          else if (p.key !== 'achievementDetail') missing.push(p.key);
          continue;
        }
        screens.push({ key: p.key, path: p.path });
      }
      screens.push(...(await extraScreens(session, isTransport, has)));
      if (missing.length)
        test.info().annotations.push({ type: 'no demo data', description: missing.join(', ') });

      const problems: string[] = [];
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        // One load of the app per size, then the router moves between screens as a link would: fast, and
        // the same app state a user has.
        await page.goto(home);
        const shell = role.own ? page.getByTestId(role.own.shell) : page.locator('header.ant-layout-header');
        await expect(shell).toBeVisible({ timeout: 60_000 });
        const visit = async (screen: Screen) => {
          await navigate(page, screen.path);
          let quiet = await api.settle();
          const measureNow = () =>
            measure(page, {
              rawKeySource: RAW_KEY_SOURCE,
              answered: [...api.answered],
              minColumn: MIN_COLUMN_WIDTH,
            });
          // A screen that starts a call after the quiet moment (a dependent query, a slow render under load) may
          // draw its answer before that answer's texts are kept; a spinner that started then (a screen that
          // loads again) is given its load too. Either way the screen settles and is measured again.
          let m: Measured;
          for (let attempt = 1; ; attempt++) {
            m = await measureNow();
            if ((api.started() === quiet && !m.endless.length) || attempt === 3) break;
            quiet = await api.settle();
          }
          const where = `${role.name} ${lang} ${size.width} ${screen.path}`;
          const covered = new Set(await coveredControls(page));
          const covering = size.width < 768 ? await coveringColumns(page) : [];
          // Scrolled to its end, the page's last controls (a form's 送信) must be reachable too.
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          for (const c of await coveredControls(page)) covered.add(c);
          await page.evaluate(() => window.scrollTo(0, 0));
          if (size.axe) for (const v of await axeViolations(page)) problems.push(`${where}: a11y ${v}`);
          if (m.lang !== lang) problems.push(`${where}: page language is ${m.lang}`);
          for (const c of covered) problems.push(`${where}: control covered: ${c}`);
          for (const c of covering) problems.push(`${where}: fixed column over its row: ${c}`);
          if (m.overflow) problems.push(`${where}: page is ${m.overflow}px wide`);
          for (const c of m.narrowColumns) problems.push(`${where}: narrow column ${c}`);
          for (const h of m.offscreenHeader) problems.push(`${where}: header element off-screen: ${h}`);
          for (const k of m.rawKeys) problems.push(`${where}: raw key: ${k}`);
          for (const f of m.serifText) problems.push(`${where}: not in the app's font: ${f}`);
          for (const a of new Set(m.endless)) problems.push(`${where}: endless animation: ${a}`);
          for (const j of m.japanese)
            problems.push(
              `${where}: Japanese text: ${j}${api.unread.size ? ` (calls not read: ${[...api.unread].join('; ')})` : ''}`,
            );
        };
        for (const screen of screens) {
          await visit(screen);
          if (screen.key === 'achievements') {
            const href = await page
              .locator('a[href*="/achievements/detail?"]')
              .first()
              .getAttribute('href', {
                timeout: 1_000,
              })
              .catch(() => null);
            if (href) await visit({ key: 'achievementDetail', path: href.replace(/^\/sys\//, '') });
          }
        }
        if (size.width < 992 && !role.own)
          for (const v of await checkMenuDrawer(page))
            problems.push(`${role.name} ${lang} ${size.width} menu drawer: a11y ${v}`);
      }

      const known = problems.filter((p) => KNOWN.some((k) => k.match.test(p)));
      for (const p of known) {
        const reason = KNOWN.find((k) => k.match.test(p))?.reason;
        test.info().annotations.push({ type: 'known layout exception', description: `${p} (${reason})` });
      }
      expect(problems.filter((p) => !known.includes(p))).toEqual([]);
    });
  }
}

/** Moves to a screen inside the loaded app, as a link would (no reload). */
async function navigate(page: Page, to: string) {
  await page.evaluate(
    (target) => {
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    `/sys/${to.replace(/^\//, '')}`,
  );
}

/** The session's API with the token the page holds (an acting admin's is the operator's). */
async function sessionApi(page: Page, token: string): Promise<ApiClient> {
  const base = new URL(page.url()).origin;
  const send: ApiClient['send'] = (method, p, data) =>
    page.request.fetch(`${base}/api${p}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  const get = async <T>(p: string) => {
    const res = await send('GET', p);
    await expect(res, `GET ${p}`).toBeOK();
    return (await res.json()) as T;
  };
  const readOnly = async () => Promise.reject(new Error('read only'));
  return { token, get, post: readOnly, postMultipart: readOnly, send };
}

/**
 * At phone width the menu sits in a drawer behind the header's menu button, reachable by keyboard. Answers the
 * open drawer's accessibility violations.
 */
async function checkMenuDrawer(page: Page): Promise<string[]> {
  await navigate(page, 'home');
  const button = page.getByTestId('menu-button');
  const menu = page.getByTestId('side-menu');
  // A key pressed while the screen was still being drawn on a loaded machine can be lost: press it again.
  await expect(async () => {
    if (!(await menu.isVisible())) {
      await button.focus();
      await page.keyboard.press('Enter');
    }
    await expect(menu).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const violations = await axeViolations(page, { within: '.ant-drawer' });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('side-menu')).toBeHidden();
  return violations;
}
