/**
 * The bench's figures as text tables on the console and as Markdown in bench/last-results.md: the sections this
 * run measured are rewritten, the others (the pages with `--http`, the request rates with `--pages`, what other
 * benches wrote) are kept as they were.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageBundle } from './bundle';
import type { CapturedCalls } from './capture-sql';
import { EXTRA_PROJECTS } from './databases';
import { LOG_LEVEL, out, ROOT } from './harness';
import { DURATION, type Measure, WARMUP } from './http';
import { CPU_THROTTLE, type PageResult, RUNS } from './pages';

const LOGIN_TARGET_BYTES = 200_000;
const HOME_TARGET = { gzip: 300_000, readyMs: 3500 };
const PAGE_TARGET = { gzip: 350_000, readyMs: 4000 };

/** What one run measured, and how it was asked to run. */
export interface BenchResults {
  /** `--pages`: no request rates measured. */
  onlyPages: boolean;
  /** `--http`: no pages measured in the browser. */
  onlyHttp: boolean;
  /** The load average at the start (`loadAverage()` in run.ts). */
  loadNote: string;
  measures: Measure[];
  notes: string[];
  captures: Array<[string, CapturedCalls]>;
  pages: PageBundle[];
  pageLoads: PageResult[];
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const kb = (bytes: number) => `${fmt(bytes / 1000, 1)} kB`;

function textTable(header: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAligned[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** A Markdown table laid out the way Biome formats one, so the written file passes `biome check`. */
function mdTable(header: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (rightAligned[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = widths.map((w, i) => (rightAligned[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w)));
  return [line(header), `| ${rule.join(' | ')} |`, ...rows.map(line)].join('\n');
}

const HTTP_HEADER = [
  'database',
  'endpoint',
  'conns',
  'req/s',
  'p99 ms',
  'CPU µs/req',
  'ratio-to-bare',
  'ratio-to-ref',
  'non-2xx/errors',
];
const HTTP_ALIGN = [false, false, true, true, true, true, true, true, true];
const httpCells = (m: Measure) => [
  m.database,
  m.endpoint,
  String(m.connections),
  fmt(m.rps),
  fmt(m.p99),
  m.cpuUs === null ? '-' : fmt(m.cpuUs),
  m.ratio === null ? '-' : fmt(m.ratio, 3),
  m.refRatio === null ? '-' : fmt(m.refRatio, 2),
  `${m.non2xx}/${m.errors}`,
];

const BUNDLE_TOP = 8;
function bundleRows(p: PageBundle): string[][] {
  const top = p.files.slice(0, BUNDLE_TOP);
  const rest = p.files.slice(BUNDLE_TOP);
  const rows = top.map((f) => [
    path.basename(f.file),
    f.label === 'index.html' ? 'entry' : f.label.startsWith('src/') ? f.label : 'shared chunk',
    kb(f.raw),
    kb(f.gzip),
  ]);
  if (rest.length)
    rows.push([
      `${rest.length} more files`,
      '-',
      kb(rest.reduce((n, f) => n + f.raw, 0)),
      kb(rest.reduce((n, f) => n + f.gzip, 0)),
    ]);
  rows.push([`total (${p.files.length} files)`, '-', kb(p.raw), kb(p.gzip)]);
  return rows;
}
const BUNDLE_HEADER = ['file', 'source', 'raw', 'gzip -9'];
const BUNDLE_ALIGN = [false, false, true, true];

const PAGE_HEADER = [
  'page',
  'user',
  'JS files',
  'JS gzip -9',
  'JS transferred',
  'ready ms (median)',
  'ready ms (runs)',
  'long tasks ms',
  'target',
];
const PAGE_ALIGN = [false, false, true, true, true, true, true, true, false];
const targetOf = (r: PageResult) => (r.page.name === 'home' ? HOME_TARGET : PAGE_TARGET);
const isMet = (r: PageResult) => r.median.jsGzip < targetOf(r).gzip && r.median.readyMs < targetOf(r).readyMs;
const pageCells = (r: PageResult) => {
  const t = targetOf(r);
  return [
    r.page.name,
    r.page.user?.split('@')[0] ?? '-',
    fmt(r.median.jsFiles),
    kb(r.median.jsGzip),
    kb(r.median.jsTransfer),
    fmt(r.median.readyMs),
    r.runs.map((x) => fmt(x.readyMs)).join(' / '),
    `${fmt(r.median.longTaskMs)} (${fmt(r.median.longTasks)})`,
    `< ${fmt(t.gzip / 1000)} kB, < ${fmt(t.readyMs / 1000, 1)} s: ${isMet(r) ? 'met' : 'NOT MET'}`,
  ];
};

/** The results file split at its `## ` headings: the text before the first one and each section by heading. */
function readSections(file: string): { top: string; sections: Map<string, string> } {
  const sections = new Map<string, string>();
  if (!existsSync(file)) return { top: '', sections };
  const [top = '', ...rest] = readFileSync(file, 'utf8').split(/^(?=## )/m);
  for (const section of rest) sections.set(section.split('\n')[0]!.trim(), section.trimEnd());
  return { top: top.trimEnd(), sections };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Prints the run's tables to the console. */
export function printResults(
  { onlyPages, measures, notes, pages, pageLoads }: BenchResults,
  elapsed: number,
): void {
  const login = pages[0]!;
  const loginMet = login.gzip < LOGIN_TARGET_BYTES;
  if (!onlyPages) {
    out(
      '\n== HTTP (autocannon; ratio = endpoint req/s ÷ bare Fastify or reference req/s at the same connections) ==\n',
    );
    out(textTable(HTTP_HEADER, measures.map(httpCells), HTTP_ALIGN));
    for (const note of notes) out(`  ${note}`);
  }
  out(
    `\n== Pages on a slow PC (Chromium, cold cache, CPU ${CPU_THROTTLE}x slower, ${RUNS} runs; ready = the page shows its data) ==\n`,
  );
  out(textTable(PAGE_HEADER, pageLoads.map(pageCells), PAGE_ALIGN));
  out('\n== JavaScript loaded per page (apps/web/dist, gzip level 9 per file, kB = 1000 bytes) ==');
  for (const p of pages) {
    out(`\n${p.page}: ${kb(p.gzip)} gzip (${kb(p.raw)} raw), roots: ${p.roots.join(', ')}`);
    out(textTable(BUNDLE_HEADER, bundleRows(p), BUNDLE_ALIGN));
    if (p.deferred.length)
      out(
        `  loaded later by the page (not counted): ${p.deferred.map((f) => `${path.basename(f.file)} ${kb(f.gzip)}`).join(', ')}`,
      );
  }
  out(
    `\nLogin page target < ${kb(LOGIN_TARGET_BYTES)} gzip: ${loginMet ? 'MET' : 'NOT MET'} (${kb(login.gzip)})`,
  );
  out(`Bench time (excluding the build): ${fmt(elapsed, 1)} s`);
}

/** Writes the run's sections to bench/last-results.md, keeping the sections it did not measure. */
export function writeResults({
  onlyPages,
  onlyHttp,
  loadNote,
  measures,
  notes,
  captures,
  pages,
  pageLoads,
}: BenchResults): void {
  const login = pages[0]!;
  const loginMet = login.gzip < LOGIN_TARGET_BYTES;
  const resultsFile = path.join(ROOT, 'bench/last-results.md');
  const previous = readSections(resultsFile);
  const top = onlyPages
    ? previous.top
    : [
        '# junkan benchmark — last results',
        '',
        `Run ${new Date().toISOString()} with \`npm run bench\`: Node ${process.version}, ${os.cpus().length} CPU ` +
          `(${os.cpus()[0]?.model.trim() ?? '?'}), load average ${loadNote}, autocannon ${DURATION} s per run after a ` +
          `${WARMUP} s warm-up, server \`LOG_LEVEL=${LOG_LEVEL}\`, demo discharger's bearer token, ` +
          `${EXTRA_PROJECTS} extra projects for the discharger's company. The ratio to a bare Fastify route (same ` +
          'Node, same start-up, same logger) is the figure to compare across machines; the ratio to the reference ' +
          'route of the same call (bench/reference-server.ts: the same token check, then the exact SQL the product ' +
          "ran for the call, captured through Drizzle's logger, prepared) shows what the server adds; each server " +
          'row is divided by the reference row of the same call and cache mode (session cache: the verified token ' +
          'and session kept for SESSION_CACHE_MS; none: SESSION_CACHE_MS=0, every request verifies and loads).',
      ].join('\n');
  const http = onlyPages
    ? (previous.sections.get('## HTTP') ?? '## HTTP\n\nNot measured yet: run `npm run bench`.')
    : [
        '## HTTP',
        '',
        mdTable(HTTP_HEADER, measures.map(httpCells), HTTP_ALIGN),
        '',
        ...notes.map((n) => `- ${n}`),
        '',
        "The SQL the reference runs, as captured from the product (the token check's session load, then each call's):",
        '',
        ...captures.flatMap(([db, c]) => [
          `- ${db}, session load: \`${oneLine(c.session.text)}\``,
          ...Object.entries(c.calls).flatMap(([url, list]) =>
            list.map((st) => `- ${db}, ${url}: \`${oneLine(st.text)}\``),
          ),
        ]),
      ].join('\n');
  const slowPc = onlyHttp
    ? (previous.sections.get('## Pages on a slow PC') ?? '## Pages on a slow PC\n\nNot measured yet.')
    : [
        '## Pages on a slow PC',
        '',
        `Run ${new Date().toISOString()} with \`npm run bench${onlyPages ? ':pages' : ''}\` (load average ${loadNote}): ` +
          `Chromium (${'`/usr/bin/chromium`'}, headless, 1366×768, ja-JP), a new context per run (cold cache), the CPU ` +
          `throttled ${CPU_THROTTLE}x through CDP \`Emulation.setCPUThrottlingRate\`, ${RUNS} runs per page; server on ` +
          `PGlite with the demo data and ${EXTRA_PROJECTS} extra projects for the discharger's company. *ready*: ` +
          'milliseconds from navigation until a selector that appears only with the page’s data (home, achievements, ' +
          'project list: a table row; contract create: the save button of the loaded editor; login: the form). ' +
          '*JS*: the script files the browser fetched until the network was idle after that, with the gzip -9 size ' +
          'of the same files and the bytes transferred (the server sends brotli). *long tasks*: main-thread tasks over ' +
          '50 ms until ready, summed (count). Targets: home < 300 kB gzip and ready < 3.5 s; every page < 350 kB and ' +
          '< 4 s.',
        '',
        mdTable(PAGE_HEADER, pageLoads.map(pageCells), PAGE_ALIGN),
        '',
        ...pageLoads.map(
          (r) =>
            `- ${r.page.name} (\`/sys/${r.page.path}\`, ready: \`${r.page.ready}\`), largest scripts: ` +
            r.files
              .slice(0, 5)
              .map((f) => `\`${f.file}\` ${kb(f.gzip)}`)
              .join(', '),
        ),
      ].join('\n');
  const bundles = [
    '## JavaScript loaded per page',
    '',
    'From `apps/web/dist`: entry chunk + static imports + the route’s lazy chunks and their static imports; ' +
      'gzip level 9 per file, summed; kB = 1000 bytes.',
    '',
    ...pages.flatMap((p) => [
      `### ${p.page}: ${kb(p.gzip)} gzip (${kb(p.raw)} raw)`,
      '',
      mdTable(BUNDLE_HEADER, bundleRows(p), BUNDLE_ALIGN),
      '',
      ...(p.deferred.length
        ? [
            `Loaded later by the page (not counted): ${p.deferred.map((f) => `\`${path.basename(f.file)}\` ${kb(f.gzip)}`).join(', ')}.`,
            '',
          ]
        : []),
    ]),
    `Login page target < ${kb(LOGIN_TARGET_BYTES)} gzip: **${loginMet ? 'met' : 'not met'}** (${kb(login.gzip)}).`,
  ].join('\n');
  const ours = new Set(['## HTTP', '## Pages on a slow PC', '## JavaScript loaded per page']);
  const kept = [...previous.sections].filter(([heading]) => !ours.has(heading)).map(([, text]) => text);
  writeFileSync(resultsFile, `${[top, http, slowPc, bundles, ...kept].join('\n\n')}\n`);
  out('Wrote bench/last-results.md');
}
