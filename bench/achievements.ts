/**
 * Achievements at scale (`npm run bench:achievements`): fills 1,000,000 industrial transport reports and the
 * regular monthly reports of 10 years for 200 discharger companies, then times the achievements list (a year,
 * a month) and the details of one line, for the busiest transporter and for one discharger, on PGlite and on
 * PostgreSQL. One report in seven is in pieces (個), the rest in t, so lines are split by unit as in real data.
 * One line is dense (BENCH_LINE_REPORTS reports in its year): its details are timed on the first and last page.
 * Calls the services directly (no HTTP), so the figures are the queries and their shaping.
 *
 * Env: BENCH_POSTGRES_URL (admin connection, default postgresql://postgres@127.0.0.1:5432/postgres),
 * BENCH_REPORTS (default 1000000), BENCH_LINE_REPORTS (the dense line's reports, default 50000), BENCH_RUNS (timed
 * runs per query, default 7), BENCH_ONLY (pglite or postgres).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ACHIEVEMENT_EXPORT_BATCH } from '@junkan/shared/achievement-list';
import type { Role } from '@junkan/shared/enums';
import type { Permission } from '@junkan/shared/permissions';
import { eq, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client';
import { companies, projects, unitMeasures, wastes } from '../apps/server/src/db/schema';
import {
  achievementDetail,
  achievementDetailExport,
  achievementExport,
  achievementList,
} from '../apps/server/src/features/achievements/achievements.service';
import type { Caller } from '../apps/server/src/plugins/auth';
import { seedReferenceData } from '../apps/server/src/seed/reference';

const REPORTS = Number(process.env.BENCH_REPORTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** Reports of the one dense line (BENCH_LINE_REPORTS, default 50000) whose details are timed. */
const LINE_REPORTS = Number(process.env.BENCH_LINE_REPORTS ?? 50_000);
/** BENCH_ONLY=pglite or postgres: one database only. */
const ONLY = process.env.BENCH_ONLY;
const DISCHARGERS = 200;
const TRANSPORTERS = 10;
const YEARS = 10;
const FIRST_YEAR = 2016;
const ADMIN_PG_URL = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
/** Other work on the machine inflates the figures: the results say how busy it was. */
const LOAD_AT_START = os.loadavg()[0]!;
const out = (line = '') => process.stdout.write(`${line}\n`);

/** A caller of the company, as the auth hook resolves it for the achievements' routes. */
const callerOf = (role: Role, companyId: number): Caller => ({
  id: 'bench',
  companyId,
  session: {
    userId: 1,
    email: 'bench@example.com',
    sessionId: 'bench',
    roles: [role],
    companyId,
    transportApproval: role === 'TRANSPORT' ? 'APPROVED' : null,
    permissions: [] as Permission[],
  },
});

/** 200 dischargers with a project each; half the projects go to the first transporter, the rest spread. */
async function fill(handle: DatabaseHandle) {
  const db = handle.db;
  await seedReferenceData(db);
  const transporterRows = await db
    .insert(companies)
    .values(
      Array.from({ length: TRANSPORTERS }, (_, i) => ({
        name: `ベンチ運搬 ${i + 1}`,
        type: 'TRANSPORT' as const,
      })),
    )
    .returning({ id: companies.id });
  const dischargerRows = await db
    .insert(companies)
    .values(
      Array.from({ length: DISCHARGERS }, (_, i) => ({
        name: `ベンチ排出事業者 ${i + 1}`,
        type: 'WASTE' as const,
      })),
    )
    .returning({ id: companies.id });
  const projectRows = await db
    .insert(projects)
    .values(
      dischargerRows.map((c, i) => ({
        title: `ベンチ案件 ${i + 1}`,
        status: 'IN_PROGRESS',
        type: 'INDUSTRIAL' as const,
        companyId: c.id,
        transportCompanyId: transporterRows[i % 2 === 0 ? 0 : 1 + (i % (TRANSPORTERS - 1))]!.id,
      })),
    )
    .returning({ id: projects.id });
  const industrial = (
    await db.select({ id: wastes.id }).from(wastes).where(eq(wastes.category, 'INDUSTRIAL'))
  ).slice(0, 20);
  const regular = await db.select({ id: wastes.id }).from(wastes).where(eq(wastes.category, 'REGULAR'));
  const unitId = async (name: string) =>
    (await db.select({ id: unitMeasures.id }).from(unitMeasures).where(eq(unitMeasures.unit, name)))[0]!.id;
  const tonne = await unitId('t');
  const pieces = await unitId('個');
  const pids = `{${projectRows.map((p) => p.id).join(',')}}`;
  const wids = `{${industrial.map((w) => w.id).join(',')}}`;
  const days = Math.round(YEARS * 365.25);
  const started = performance.now();
  // A bulk load skips the per-row summary triggers and rebuilds the summary once at the end, as the backfill does.
  await db.execute(sql`alter table transport_reports disable trigger transport_reports_achievement_sync`);
  await db.execute(sql`alter table regular_reports disable trigger regular_reports_achievement_sync`);
  // In chunks, so neither database holds one huge statement's work at once.
  const chunk = 100_000;
  for (let from = 1; from <= REPORTS; from += chunk) {
    const to = Math.min(REPORTS, from + chunk - 1);
    await db.execute(sql`
      insert into transport_reports (project_id, discharger_company_id, transport_company_id, waste_id, waste_name,
        status, collect_time, end_date_transport, transport_volume, transport_volume_unit_id, transporter, deadline,
        manifest_number)
      select p.id, p.company_id, p.transport_company_id, w.id, w.name,
             (array['BLANK','BLANK','BLANK','BLANK','ACCEPTANCE_OR_DENIAL','REJECTION'])[1 + s.g % 6],
             s.d, s.d, ((s.g % 500) / 10.0)::numeric(9,2),
             case when s.g % 7 = 0 then ${pieces}::int else ${tonne}::int end, '運転手', s.d + 3,
             lpad((10000000000 + s.g)::text, 11, '0')
      from (select g, (${pids}::int[])[1 + g % ${DISCHARGERS}] as pid,
                   (${wids}::int[])[1 + (g / ${DISCHARGERS}) % ${industrial.length}] as wid,
                   ${`${FIRST_YEAR}-01-01`}::date + (g % ${days}) as d
            from generate_series(${from}::int, ${to}::int) g) s
      join projects p on p.id = s.pid
      join wastes w on w.id = s.wid`);
  }
  // One dense line: the first discharger's first waste, carried by the busiest transporter, in the last year
  // (a large site reporting many loads a day), so the details have deep pages to walk.
  await db.execute(sql`
    insert into transport_reports (project_id, discharger_company_id, transport_company_id, waste_id, waste_name,
      status, collect_time, end_date_transport, transport_volume, transport_volume_unit_id, transporter, deadline,
      manifest_number)
    select p.id, p.company_id, p.transport_company_id, w.id, w.name, 'BLANK', s.d, s.d,
           ((s.g % 500) / 10.0)::numeric(9,2), ${tonne}::int, '運転手', s.d + 3, lpad((50000000000 + s.g)::text, 11, '0')
    from (select g, ${`${FIRST_YEAR + YEARS - 1}-01-01`}::date + (g % 365) as d
          from generate_series(1, ${LINE_REPORTS}::int) g) s
    join projects p on p.id = ${projectRows[0]!.id}
    join wastes w on w.id = ${industrial[0]!.id}`);
  await db.execute(sql`
    insert into regular_reports (project_id, discharger_company_id, transport_company_id, waste_id, year, month, volume)
    select p.id, p.company_id, p.transport_company_id, w.id, ${FIRST_YEAR} + m / 12, 1 + m % 12, (100 + m)::numeric
    from projects p cross join generate_series(0, ${YEARS * 12 - 1}) m
    cross join (select id from wastes where category = 'REGULAR') w
    where p.id = any(${pids}::int[])`);
  await db.execute(sql`alter table transport_reports enable trigger transport_reports_achievement_sync`);
  await db.execute(sql`alter table regular_reports enable trigger regular_reports_achievement_sync`);
  const summaryStarted = performance.now();
  await db.execute(sql`select achievement_monthly_rebuild()`);
  const summaryMs = performance.now() - summaryStarted;
  // What autovacuum would do after a load this size: statistics, and the visibility map for index-only counts.
  await db.execute(sql`vacuum analyze`);
  const fillMs = performance.now() - started;
  return {
    fillMs,
    summaryMs,
    busyTransporter: transporterRows[0]!.id,
    discharger: dischargerRows[0]!.id,
    industrialCode: industrial[0]!.id,
    regularCount: regular.length,
    tonne,
  };
}

async function time(fn: () => Promise<unknown>) {
  await fn(); // warm-up
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  return { median: runs[Math.floor(runs.length / 2)]!, max: runs[runs.length - 1]! };
}

async function measure(name: string, handle: DatabaseHandle) {
  out(`\n## ${name}`);
  const f = await fill(handle);
  out(
    `filled ${REPORTS.toLocaleString('en')} transport reports in ${(f.fillMs / 1000).toFixed(1)} s ` +
      `(summary rebuilt in ${(f.summaryMs / 1000).toFixed(1)} s)`,
  );
  const db = handle.db;
  const [waste] = await db
    .select({ code: wastes.wasteCode })
    .from(wastes)
    .where(eq(wastes.id, f.industrialCode));
  const year = FIRST_YEAR + YEARS - 1;
  const busy = callerOf('TRANSPORT', f.busyTransporter);
  const firstPage = { page: 1, size: 50, sort: 'month', order: 'asc' } as const;
  const annual = { period: 'annual', year } as const;
  // The details of the busiest transporter's line of its first discharger and waste, over a year.
  const line = { year, wasteType: 1, wasteCode: waste!.code, wasteCompanyId: f.discharger } as const;
  const detailPage = { page: 1, size: 50, sort: 'date', order: 'asc' } as const;
  const lineTotal = (await achievementDetail(db, busy, { ...line, ...detailPage })).total;
  const lastDetailPage = Math.max(1, Math.ceil(lineTotal / detailPage.size));
  const cases: [string, () => Promise<unknown>][] = [
    [
      'transporter (half the rows): a year, first page',
      () => achievementList(db, busy, { ...annual, ...firstPage }),
    ],
    [
      'transporter: a year, first page by volume (desc)',
      () => achievementList(db, busy, { ...annual, ...firstPage, sort: 'volume', order: 'desc' }),
    ],
    [
      'transporter: a year, page 300 (offset 14,950)',
      () => achievementList(db, busy, { ...annual, ...firstPage, page: 300 }),
    ],
    [
      'transporter: a year, waste name filter, first page',
      () => achievementList(db, busy, { ...annual, ...firstPage, wasteName: '汚泥' }),
    ],
    [
      'transporter: a month, first page',
      () => achievementList(db, busy, { period: 'monthly', year, month: 6, ...firstPage }),
    ],
    [
      'transporter: a year, every line for the CSV (batches of 5,000)',
      async () => {
        const items: unknown[] = [];
        for (let page = 1; ; page++) {
          const batch = await achievementExport(db, busy, {
            ...annual,
            ...firstPage,
            page,
            size: ACHIEVEMENT_EXPORT_BATCH,
          });
          items.push(...batch.items);
          if (items.length >= batch.total || batch.items.length === 0) return { items, total: batch.total };
        }
      },
    ],
    [
      'transporter: details of a line, a year, first page',
      () => achievementDetail(db, busy, { ...line, ...detailPage }),
    ],
    [
      'transporter: details of a line, a year, last page',
      () => achievementDetail(db, busy, { ...line, ...detailPage, page: lastDetailPage }),
    ],
    [
      'transporter: details of a line, a year, first page by volume (desc)',
      () => achievementDetail(db, busy, { ...line, ...detailPage, sort: 'volume', order: 'desc' }),
    ],
    [
      'transporter: details of a line in one unit (t), a year, first page',
      () => achievementDetail(db, busy, { ...line, ...detailPage, unitId: f.tonne }),
    ],
    [
      'transporter: details of a line, a year, every report for the CSV (batches of 5,000)',
      async () => {
        const items: unknown[] = [];
        for (let page = 1; ; page++) {
          const batch = await achievementDetailExport(db, busy, {
            ...line,
            ...detailPage,
            page,
            size: ACHIEVEMENT_EXPORT_BATCH,
          });
          items.push(...batch.items);
          if (items.length >= batch.total || batch.items.length === 0) return { items, total: batch.total };
        }
      },
    ],
    [
      'discharger: a year, first page',
      () => achievementList(db, callerOf('WASTE', f.discharger), { ...annual, ...firstPage }),
    ],
    [
      'discharger: details of a line, a month',
      () => achievementDetail(db, callerOf('WASTE', f.discharger), { ...line, ...detailPage, month: 6 }),
    ],
  ];
  const lines = [
    `### ${name}`,
    '',
    `${REPORTS.toLocaleString('en')} transport reports filled in ${(f.fillMs / 1000).toFixed(1)} s, the summary ` +
      `rebuilt in ${(f.summaryMs / 1000).toFixed(1)} s; ${RUNS} timed runs after a warm-up.`,
    '',
    '| query | median ms | max ms | rows (total) |',
    '| --- | --: | --: | --: |',
  ];
  out(lines.slice(4).join('\n'));
  for (const [label, fn] of cases) {
    const result = (await fn()) as { rows?: unknown[]; items?: unknown[]; total?: number };
    const { median, max } = await time(fn);
    const rows = result.items
      ? `${result.items.length.toLocaleString('en')} (${result.total!.toLocaleString('en')})`
      : String(result.rows!.length);
    const line = `| ${label} | ${median.toFixed(1)} | ${max.toFixed(1)} | ${rows} |`;
    out(line);
    lines.push(line);
    if (label.endsWith('a year, first page') && label.startsWith('transporter'))
      targets.push(`${name}: ${median.toFixed(1)} ms (target < ${name === 'PGlite' ? 150 : 50} ms)`);
  }
  if (name === 'PostgreSQL') {
    // The details' plans on the big table: the detail index's range, in date order, for the count and a page.
    const where = sql`where r.discharger_company_id = ${f.discharger} and r.deleted_at is null
        and r.waste_id = (select id from wastes where waste_code = ${waste!.code})
        and r.end_date_transport between ${`${year}-01-01`} and ${`${year}-12-31`}
        and r.transport_company_id = ${f.busyTransporter}`;
    const explain = async (query: SQL) =>
      (
        (await db.execute(sql`explain (analyze, costs off, timing off, summary on) ${query}`)) as unknown as {
          rows: Record<string, string>[];
        }
      ).rows.map((r) => String(Object.values(r)[0]));
    // As the service asks: the page's ids from the index, then their rows.
    const page = (order: SQL, offset: number) => sql`
      select r.id, p.title, c.name, u.unit from transport_reports r
      join projects p on p.id = r.project_id
      join companies c on c.id = r.discharger_company_id
      left join unit_measures u on u.id = r.transport_volume_unit_id
      where r.id in (select r.id from transport_reports r ${where} order by ${order} limit 50 offset ${offset})
      order by ${order}`;
    const plan = [
      '-- count',
      ...(await explain(sql`select count(*) from transport_reports r ${where}`)),
      `-- page ${lastDetailPage} by date`,
      ...(await explain(page(sql`r.end_date_transport, r.id`, (lastDetailPage - 1) * 50))),
      '-- first page by volume (desc)',
      ...(await explain(page(sql`r.transport_volume desc, r.end_date_transport, r.id`, 0))),
    ];
    const text = plan;
    out(text.join('\n'));
    lines.push('', 'Plan of the details (PostgreSQL):', '', '```', ...text, '```');
  }
  sections.push(lines.join('\n'));
}

const sections: string[] = [];
const targets: string[] = [];

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'junkan-bench-achievements-'));
const pglite = await openDatabase({ dataDir });
try {
  if (ONLY !== 'postgres') await measure('PGlite', pglite);
} finally {
  await pglite.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const name = `junkan_bench_${randomBytes(4).toString('hex')}`;
if (ONLY !== 'pglite') {
  const admin = new pg.Client({ connectionString: ADMIN_PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(ADMIN_PG_URL);
    url.pathname = `/${name}`;
    const server = await openDatabase({ dataDir: 'memory://', databaseUrl: url.toString() });
    try {
      await measure('PostgreSQL', server);
    } finally {
      await server.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Writes the figures under the "Achievements" heading at the end of bench/last-results.md (other sections kept). */
const resultsFile = path.join(path.dirname(new URL(import.meta.url).pathname), 'last-results.md');
const previous = existsSync(resultsFile)
  ? readFileSync(resultsFile, 'utf8')
  : '# junkan benchmark — last results\n';
const heading = '\n## Achievements\n';
const kept = previous.includes(heading) ? previous.slice(0, previous.indexOf(heading)) : previous.trimEnd();
const section = [
  heading.trim(),
  '',
  `Run ${new Date().toISOString()} with \`npm run bench:achievements\`: Node ${process.version}, ` +
    `${os.cpus().length} CPU (load average ${LOAD_AT_START.toFixed(1)} at the start: other jobs share the ` +
    'machine), the services called directly (no HTTP). The list reads the monthly summary ' +
    '(`achievement_monthly`); the details read the report rows.',
  '',
  `Busiest transporter's year, first page: ${targets.join('; ')}.`,
  '',
  ...sections.flatMap((s) => [s, '']),
].join('\n');
writeFileSync(resultsFile, `${kept.trimEnd()}\n\n${section}`);
out(`\nwritten to ${resultsFile}`);
