/**
 * The main pages on a slow office PC: for each page, a new browser context (cold cache) with the CPU throttled
 * through CDP (`Emulation.setCPUThrottlingRate`), signed in as the page's user; measures the JavaScript the page
 * loads (from the browser's network: files, bytes transferred, and the gzip -9 size of the same files in
 * apps/web/dist), the time from navigation until a selector that appears only with the page's data, and the long
 * tasks (over 50 ms) of the main thread until then. Median of RUNS runs per page.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';

export const CPU_THROTTLE = 4;
export const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 3);
const READY_TIMEOUT_MS = 60_000;
const CHROMIUM = process.env.BENCH_CHROMIUM ?? CHROMIUM_PATH;
const STORAGE = { token: 'junkan.token', issuedAt: 'junkan.tokenIssuedAt', activity: 'junkan.lastActivity' };

export interface PageCase {
  name: string;
  /** Path under /sys/. */
  path: string;
  /** The demo user signed in, or null for a public page. */
  user: string | null;
  /** A selector that matches only once the page shows its data. */
  ready: string;
}

export interface PageRun {
  readyMs: number;
  longTaskMs: number;
  longTasks: number;
  jsFiles: number;
  jsTransfer: number;
  jsGzip: number;
}

export interface PageResult {
  page: PageCase;
  runs: PageRun[];
  median: PageRun;
  /** The script files of the last run (URL path), largest gzip first. */
  files: Array<{ file: string; gzip: number }>;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Records, from before the app's first script, when `selector` first matches and every long task until then.
 * A string, not a function: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const readyProbe = (selector: string) => `(() => {
  const state = { readyAt: null, longTasks: [] };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (state.readyAt === null || entry.startTime < state.readyAt) state.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    if (state.readyAt !== null || !document.querySelector(${JSON.stringify(selector)})) return;
    state.readyAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

export async function measurePageLoads(opts: {
  origin: string;
  distDir: string;
  cases: PageCase[];
  tokenOf: (email: string) => Promise<string>;
  log?: (line: string) => void;
}): Promise<PageResult[]> {
  const gzipCache = new Map<string, number>();
  const gzipOf = (urlPath: string) => {
    let size = gzipCache.get(urlPath);
    if (size === undefined) {
      const file = path.join(opts.distDir, urlPath.replace(/^\/sys\//, ''));
      size = existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
      gzipCache.set(urlPath, size);
    }
    return size;
  };

  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const results: PageResult[] = [];
    for (const page of opts.cases) {
      const token = page.user ? await opts.tokenOf(page.user) : null;
      const runs: PageRun[] = [];
      let files: PageResult['files'] = [];
      for (let run = 0; run < RUNS; run++) {
        // A new context per run: empty HTTP cache, empty storage.
        const context = await browser.newContext({
          locale: 'ja-JP',
          timezoneId: 'Asia/Tokyo',
          viewport: { width: 1366, height: 768 },
          // The app's CSP forbids eval, which the bench's own probes use; the app's scripts are unaffected.
          bypassCSP: true,
        });
        try {
          if (token)
            await context.addInitScript(
              ({ keys, token }) => {
                const now = String(Date.now());
                localStorage.setItem(keys.token, token);
                localStorage.setItem(keys.issuedAt, now);
                localStorage.setItem(keys.activity, now);
              },
              { keys: STORAGE, token },
            );
          await context.addInitScript(readyProbe(page.ready));
          const tab = await context.newPage();
          const cdp = await context.newCDPSession(tab);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
          const scripts = new Map<string, number>();
          tab.on('requestfinished', (request) => {
            if (request.resourceType() !== 'script') return;
            const url = new URL(request.url());
            void request.sizes().then(
              (s) => scripts.set(url.pathname, s.responseBodySize),
              () => scripts.set(url.pathname, 0),
            );
          });
          await tab.goto(`${opts.origin}/sys/${page.path}`, { waitUntil: 'commit' });
          await tab
            .waitForFunction('window.__bench?.readyAt != null', undefined, {
              timeout: READY_TIMEOUT_MS,
              polling: 100,
            })
            .catch(async (error: Error) => {
              const shot = path.join(os.tmpdir(), `junkan-bench-${page.name.replace(/\W+/g, '-')}.png`);
              await tab.screenshot({ path: shot }).catch(() => undefined);
              throw new Error(
                `${page.name}: ${page.ready} did not appear at ${tab.url()} (screenshot ${shot})`,
                {
                  cause: error,
                },
              );
            });
          // Scripts the page still fetches right after showing its data count as the page's too.
          await tab.waitForLoadState('networkidle').catch(() => undefined);
          const probe = await tab.evaluate(
            () => (window as unknown as { __bench: { readyAt: number; longTasks: number[] } }).__bench,
          );
          const paths = [...scripts.keys()];
          runs.push({
            readyMs: probe.readyAt,
            longTaskMs: probe.longTasks.reduce((n, d) => n + d, 0),
            longTasks: probe.longTasks.length,
            jsFiles: paths.length,
            jsTransfer: [...scripts.values()].reduce((n, b) => n + b, 0),
            jsGzip: paths.reduce((n, p) => n + gzipOf(p), 0),
          });
          files = paths
            .map((p) => ({ file: path.basename(p), gzip: gzipOf(p) }))
            .sort((a, b) => b.gzip - a.gzip);
          const last = runs.at(-1)!;
          opts.log?.(
            `  ${page.name} run ${run + 1}: ready ${Math.round(last.readyMs)} ms, long tasks ${Math.round(last.longTaskMs)} ms, ` +
              `${last.jsFiles} JS files ${(last.jsGzip / 1000).toFixed(1)} kB gzip`,
          );
        } finally {
          await context.close();
        }
      }
      results.push({
        page,
        runs,
        files,
        median: {
          readyMs: median(runs.map((r) => r.readyMs)),
          longTaskMs: median(runs.map((r) => r.longTaskMs)),
          longTasks: median(runs.map((r) => r.longTasks)),
          jsFiles: median(runs.map((r) => r.jsFiles)),
          jsTransfer: median(runs.map((r) => r.jsTransfer)),
          jsGzip: median(runs.map((r) => r.jsGzip)),
        },
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}
