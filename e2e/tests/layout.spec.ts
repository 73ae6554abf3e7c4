import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * Every signed-in screen a role may open, in Japanese and English, at a laptop (1366x768), a phone (390x844) and
 * 320 CSS px (reflow at 400 % zoom). A screen fails on: the page scrolling sideways, a table column narrower than 48 px, a header element
 * outside the viewport, a control of the page that a click at its middle would not reach (something floats over
 * it: the chat launcher, a fixed column), at the top of the page and scrolled to its end, a column fixed over
 * the other cells of its row on a phone, a raw message key on screen, an animation that never ends on a settled
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

// Raw keys: `<namespace key>.<key>` of the locale files, MSG_xx_yy codes, and bare snake_case codes.
const LOCALE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/locales/ja',
);
const localeTrees: Record<string, unknown>[] = readdirSync(LOCALE_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(path.join(LOCALE_DIR, f), 'utf8')));
const nestedKeys = localeTrees.flatMap((tree) =>
  Object.keys(tree).filter((k) => typeof tree[k] === 'object'),
);
const codeKeys = localeTrees.flatMap((tree) =>
  Object.keys(tree).filter((k) => typeof tree[k] === 'string' && /^[a-z]+(_[a-z0-9]+)+$/.test(k)),
);
const RAW_KEY_SOURCE = `\\b(?:(?:${[...nestedKeys, 'errors'].join('|')})\\.[A-Za-z][A-Za-z0-9_]*|MSG_\\d+(?:_\\d+)+)\\b|^(?:${codeKeys.join('|')})$`;

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

/**
 * Counts the page's requests in flight (calls and the screens' code; not the event stream) and keeps the
 * texts the calls answered.
 */
function watchApi(page: Page) {
  let inFlight = 0;
  let started = 0;
  const answered = new Set<string>();
  const unread = new Set<string>();
  const reading: Promise<void>[] = [];
  const isCall = (url: string, accept?: string) => url.includes('/api/') && accept !== 'text/event-stream';
  const counts = (url: string, accept?: string) => accept !== 'text/event-stream' && !url.startsWith('data:');
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      if (/[^\x20-\x7e]/.test(value)) answered.add(value);
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  page.on('request', (r) => {
    if (!counts(r.url(), r.headers().accept)) return;
    inFlight++;
    started++;
  });
  // A call's answer is read before it stops counting as in flight, so a settled page has all its texts kept.
  page.on('requestfinished', (r) => {
    if (!counts(r.url(), r.headers().accept)) return;
    if (isCall(r.url(), r.headers().accept)) {
      reading.push(
        r
          .response()
          .then((res) => (res?.headers()['content-type']?.includes('json') ? res.json() : undefined))
          // A body the browser no longer holds (its buffer keeps the latest ones) is asked for again with all
          // the call's headers (its token included); only a read is repeated. One still unread is kept, so
          // that the screen that shows its data names it rather than blaming the text.
          .catch(async () => {
            if (r.method() !== 'GET') throw new Error('not a read');
            const headers = await r.allHeaders();
            const res = await page.request.get(r.url(), { headers });
            if (!res.ok()) throw new Error(`answered ${res.status()}`);
            return res.json();
          })
          .then(collect, (err: Error) => {
            unread.add(`${r.method()} ${new URL(r.url()).pathname}: ${err.message}`);
          }),
      );
    }
    inFlight--;
  });
  page.on('requestfailed', (r) => {
    if (counts(r.url(), r.headers().accept)) inFlight--;
  });
  return {
    answered,
    unread,
    /** How many requests the page has started so far. */
    started: () => started,
    /**
     * Waits until no call is in flight and no spinner turns, for a quiet moment; answers how many requests had
     * started then, so that a later one can be told.
     */
    async settle() {
      await expect
        .poll(
          async () => {
            await Promise.all(reading);
            if (inFlight > 0) return false;
            const spinning = await page.locator('.ant-spin-spinning:visible, .ant-skeleton:visible').count();
            return spinning === 0;
          },
          { intervals: [50, 100, 200], timeout: 30_000 },
        )
        .toBe(true);
      // Calls a render starts right after the data came in (a dependent query) get their turn too; one that
      // starts later still is seen by the visit, which settles and measures again.
      await page.waitForTimeout(100);
      await expect.poll(() => inFlight, { timeout: 30_000 }).toBe(0);
      const quiet = started;
      await Promise.all(reading);
      return quiet;
    },
  };
}

interface Measured {
  pathname: string;
  lang: string;
  overflow: number | null;
  narrowColumns: string[];
  offscreenHeader: string[];
  rawKeys: string[];
  endless: string[];
  japanese: string[];
}

/**
 * The page's controls (buttons, links) on screen that a click at their middle would not reach: something else
 * is drawn over them (a floating launcher, a fixed column, a banner). A control's visible part is its box cut
 * by every ancestor that clips and by the viewport below the fixed header; one scrolled out of sight is not
 * covered, nor one under its own table's fixed column. The hit may be the control, inside it, or an ancestor
 * (nothing drawn over it).
 */
function coveredControls(page: Page) {
  return page.evaluate((): string[] => {
    const header = document.querySelector('header.ant-layout-header')?.getBoundingClientRect();
    const content = document.querySelector('.ant-layout-content');
    if (!content) return [];
    const label = (el: Element) =>
      (el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent ?? el.tagName)
        .trim()
        .slice(0, 40) || el.tagName.toLowerCase();
    const covered: string[] = [];
    for (const el of content.querySelectorAll('button, a[href], [role="button"]')) {
      if (!(el as HTMLElement).checkVisibility?.({ opacityProperty: true, visibilityProperty: true }))
        continue;
      const r = el.getBoundingClientRect();
      let left = r.left;
      let right = r.right;
      let top = Math.max(r.top, header?.bottom ?? 0);
      let bottom = Math.min(r.bottom, window.innerHeight);
      left = Math.max(left, 0);
      right = Math.min(right, window.innerWidth);
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== 'visible') {
          const c = a.getBoundingClientRect();
          left = Math.max(left, c.left);
          right = Math.min(right, c.right);
        }
        if (style.overflowY !== 'visible') {
          const c = a.getBoundingClientRect();
          top = Math.max(top, c.top);
          bottom = Math.min(bottom, c.bottom);
        }
      }
      // Wholly out of sight (scrolled away, clipped), or too thin to click: nothing to reach.
      if (right - left < 4 || bottom - top < 4) continue;
      // Only what is whole in sight, or cut by a scroll: a control half under the header is scrolled past.
      if (r.top < (header?.bottom ?? 0) || r.bottom > window.innerHeight) continue;
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (!hit || el.contains(hit) || hit.contains(el)) continue;
      // Under its own table's fixed column (a wide screen's actions): scrolled out of sight, as a table does.
      const fixedCell = hit.closest('.ant-table-cell-fix-start, .ant-table-cell-fix-end');
      if (fixedCell && fixedCell.closest('.ant-table') === el.closest('.ant-table')) continue;
      covered.push(`${label(el)} under ${label(hit.closest('[data-testid]') ?? hit)}`);
    }
    return [...new Set(covered)];
  });
}

/**
 * On a phone, fixed table cells that lie over other cells of their row as the page opens (a column fixed to
 * the end covers what is under it): named by the fixed column's header.
 */
function coveringColumns(page: Page) {
  return page.evaluate((): string[] => {
    const found = new Set<string>();
    for (const table of document.querySelectorAll('.ant-table')) {
      const heads = [...table.querySelectorAll('.ant-table-thead th')];
      for (const row of [...table.querySelectorAll('.ant-table-tbody tr.ant-table-row')].slice(0, 20)) {
        const cells = [...row.children] as HTMLElement[];
        cells.forEach((cell, i) => {
          if (!/\bant-table-cell-fix-(start|end)\b/.test(cell.className)) return;
          const f = cell.getBoundingClientRect();
          const over = cells.some((other, j) => {
            if (j === i || /\bant-table-cell-fix-(start|end)\b/.test(other.className)) return false;
            const o = other.getBoundingClientRect();
            return Math.min(f.right, o.right) - Math.max(f.left, o.left) > 1;
          });
          if (over) found.add((heads[i]?.textContent ?? `column ${i + 1}`).trim());
        });
      }
    }
    return [...found];
  });
}

/** Everything the test checks, measured in the page at once. */
function measure(page: Page, args: { rawKeySource: string; answered: string[]; minColumn: number }) {
  return page.evaluate(({ rawKeySource, answered, minColumn }): Measured => {
    const visible = (el: Element) =>
      (el as HTMLElement).checkVisibility?.({ opacityProperty: true, visibilityProperty: true }) ?? true;
    const label = (el: Element) =>
      (el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent ?? el.tagName)
        .trim()
        .slice(0, 40) || el.tagName.toLowerCase();
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;

    const narrowColumns = [...document.querySelectorAll('.ant-table-thead th')]
      .filter(
        (th) =>
          visible(th) &&
          !th.matches(
            '.ant-table-selection-column, .ant-table-row-expand-icon-cell, .ant-table-cell-scrollbar',
          ),
      )
      .filter((th) => {
        const w = th.getBoundingClientRect().width;
        return w > 0 && w < minColumn;
      })
      .map((th) => `${label(th)} (${Math.round(th.getBoundingClientRect().width)}px)`);

    const offscreenHeader = [
      ...new Set(
        [...document.querySelectorAll('header.ant-layout-header *')]
          .filter((el) => {
            if (!visible(el)) return false;
            const r = el.getBoundingClientRect();
            return r.width > 0 && (r.left < -1 || r.right > width + 1);
          })
          .map(label),
      ),
    ];

    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.nodeValue?.trim();
      if (!parent || !text || parent.closest('script, style, noscript') || !visible(parent)) continue;
      texts.push(text);
    }
    const rawKey = new RegExp(rawKeySource);
    const rawKeys = [...new Set(texts.filter((t) => rawKey.test(t)).map((t) => t.slice(0, 60)))];

    const japanese: string[] = [];
    if (document.documentElement.lang === 'en') {
      const ja = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff01-\uff60]/;
      const known = [...answered].sort((a, b) => b.length - a.length);
      const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walk.nextNode(); node; node = walk.nextNode()) {
        const parent = node.parentElement;
        const text = node.nodeValue?.trim() ?? '';
        if (!parent || !ja.test(text) || parent.closest('script, style, noscript')) continue;
        if (!visible(parent) || parent.closest('[data-user-content], [lang="ja"]')) continue;
        // A piece of an answered text: user content cut short by an ellipsis on a narrow screen.
        if (text.length >= 6 && known.some((s) => s.includes(text))) continue;
        let rest = text;
        for (const s of known) if (rest.includes(s)) rest = rest.split(s).join(' ');
        if (ja.test(rest)) japanese.push(text.slice(0, 40));
      }
    }
    return {
      pathname: location.pathname + location.search,
      lang: document.documentElement.lang,
      overflow: scrollWidth > width ? scrollWidth : null,
      narrowColumns,
      offscreenHeader,
      rawKeys,
      japanese: [...new Set(japanese)],
      endless: document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations === Infinity)
        .map((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          return `${a instanceof CSSAnimation ? a.animationName : 'script'} on ${target?.tagName.toLowerCase()}.${[...(target?.classList ?? [])].join('.')}`;
        }),
    };
  }, args);
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
