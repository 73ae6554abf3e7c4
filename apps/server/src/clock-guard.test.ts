import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './db/schema';

/**
 * One clock: every business date and time comes from the application clock (`app.now()` on the server, built in
 * lib/clock.ts; `businessNow()` in the web app, which follows the server's). Reading the machine's clock with
 * `new Date()` or `Date.now()` is refused anywhere else in the server, the shared package and the web app, but
 * for these technical timings, each with its reason. Measured durations use `performance.now()`. Do not grow
 * this list: pass the business clock down instead.
 */
const ALLOWED: Record<string, string> = {
  'apps/server/src/lib/clock.ts': 'the clock module: the machine clock the business clock runs on',
  'apps/web/src/lib/business-clock.ts':
    "the web app's clock module: the server's business clock, moved locally",
  'apps/server/src/lib/user-sessions.ts': "sign-in lifetimes, compared with the database's now() (security)",
  'apps/server/src/features/account-core/email-links.ts': 'lifetimes of mailed links (security)',
  'apps/server/src/lib/rate-limiter.ts':
    'limiter windows, durations counted like the Redis store expires them',
  'apps/server/src/plugins/card-provider/simulator-card-provider.ts':
    "webhook signature timestamps, checked against the provider's real clock",
  'apps/server/src/plugins/file-storage/': "stored objects' ages and key folders, as the storage stamps them",
  'apps/web/src/lib/session.ts': "the sign-in token's lifetime and the user's activity (security)",
  'apps/web/src/lib/use-session-watcher.ts':
    "the sign-in token's lifetime and the user's activity (security)",
  'apps/web/src/features/transport-reports/components/use-ticking-clock.ts':
    "time elapsed since the server's checkedAt, on the same machine clock as its receipt",
};

const ROOT = join(import.meta.dirname, '../../..');
const SCANNED = ['apps/server/src', 'packages/shared/src', 'apps/web/src'];
const MACHINE_CLOCK = /\bnew Date\(\s*\)|\bDate\.now\(\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line` of every read of the machine's clock in `text`, comments included (they are rare and cheap). */
export function machineClockReads(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      line.match(MACHINE_CLOCK) && !/^\s*(\*|\/\/)/.test(line) ? [`${file}:${i + 1}`] : [],
    );
}

const allowed = (file: string) =>
  Object.keys(ALLOWED).some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));

describe('one clock', () => {
  it('finds the machine clock read in code and not in comments', () => {
    const text = [
      'const a = new Date();',
      'const b = Date.now() - start;',
      '// new Date() in a comment',
      ' * Date.now() in a doc comment',
      'const c = new Date(iso);',
      'const d = new Date( );',
    ].join('\n');
    expect(machineClockReads('x.ts', text)).toEqual(['x.ts:1', 'x.ts:2', 'x.ts:6']);
  });

  it('reads no machine clock for business dates outside the clock modules and the allowed timings', () => {
    const found = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .map((path) => relative(ROOT, path))
      .filter((file) => !allowed(file))
      .flatMap((file) => machineClockReads(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('keeps its allow-list short, each entry with its reason and still reading the machine clock', () => {
    expect(Object.keys(ALLOWED).length).toBeLessThanOrEqual(10);
    for (const [entry, reason] of Object.entries(ALLOWED)) {
      expect(reason.length, entry).toBeGreaterThan(10);
      const files = entry.endsWith('/') ? sourceFiles(join(ROOT, entry)) : [join(ROOT, entry)];
      const reads = files.flatMap((f) => machineClockReads(f, readFileSync(f, 'utf8')));
      expect(reads.length, `${entry} no longer reads the machine clock: drop it`).toBeGreaterThan(0);
    }
  });
});

/**
 * The database's own stamps: a business record's default times read `business_now()` (the business clock kept
 * in `business_clock`), never `now()`, but for these operational rows, whose leases, lifetimes and sweeps are
 * measured on the machine's clock. Do not grow this list either.
 */
const MACHINE_STAMPED: Record<string, string> = {
  app_secrets: 'secrets generated once; no business meaning',
  email_tokens: 'lifetimes of mailed links (security)',
  jwnet_requests: "the network queue's attempts and waits, measured against the database's now()",
  mail_outbox: "the mail queue's leases and sweeps, measured against the database's now()",
  server_processes: 'process liveness, on one clock for every process',
  stored_files: "stored objects' ages, as the orphan sweep measures them",
  user_sessions: "sign-in lifetimes, compared with the database's now() (security)",
};

describe('one clock in the database', () => {
  it('stamps business records by the business clock: no default of now() outside the operational tables', () => {
    const dialect = new PgDialect();
    // `now()` and `current_date` read the machine's clock; `business_now()` (no word boundary before its `now`) does not.
    const machineDefault = (c: { default: unknown }) =>
      c.default instanceof SQL &&
      /\bnow\(\)|\bcurrent_(date|timestamp)\b/i.test(dialect.sqlToQuery(c.default).sql);
    const found = (Object.values(schema) as unknown[])
      .filter((v): v is PgTable => v instanceof PgTable)
      .flatMap((table) => {
        const { name, columns } = getTableConfig(table);
        return name in MACHINE_STAMPED ? [] : columns.filter(machineDefault).map((c) => `${name}.${c.name}`);
      });
    expect(found).toEqual([]);
  });
});
