import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/**
 * What the layout sweep (tests/layout.spec.ts) measures on a settled screen, in the page at once: the page's
 * width against the viewport, narrow table columns, header elements off-screen, raw message keys, endless
 * animations, Japanese text in English that is not user content, controls a click would not reach and fixed
 * columns over their row; and the page's calls, counted until the screen settles, with the texts they answered.
 */
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
export const RAW_KEY_SOURCE = `\\b(?:(?:${[...nestedKeys, 'errors'].join('|')})\\.[A-Za-z][A-Za-z0-9_]*|MSG_\\d+(?:_\\d+)+)\\b|^(?:${codeKeys.join('|')})$`;

/**
 * Counts the page's requests in flight (calls and the screens' code; not the event stream) and keeps the
 * texts the calls answered.
 */
export function watchApi(page: Page) {
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

export interface Measured {
  pathname: string;
  lang: string;
  overflow: number | null;
  narrowColumns: string[];
  offscreenHeader: string[];
  rawKeys: string[];
  /** Texts drawn in the browser's default (serif) font: outside the app's font stack. */
  serifText: string[];
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
export function coveredControls(page: Page) {
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
export function coveringColumns(page: Page) {
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
export function measure(page: Page, args: { rawKeySource: string; answered: string[]; minColumn: number }) {
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
    const serifText = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.nodeValue?.trim();
      if (!parent || !text || parent.closest('script, style, noscript') || !visible(parent)) continue;
      texts.push(text);
      // Every text is in the app's sans-serif stack (or a monospace one for codes), never the browser's default.
      if (!/sans-serif|monospace/.test(getComputedStyle(parent).fontFamily)) serifText.add(text.slice(0, 30));
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
      serifText: [...serifText].slice(0, 5),
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
