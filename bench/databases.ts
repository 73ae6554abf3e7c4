/**
 * The bench's databases: the demo data with EXTRA_PROJECTS more projects for the demo discharger's company
 * (analyzed, as a live database would be), and a PostgreSQL database of its own for one run, dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { PROJECT_STATUSES, PROJECT_TYPES } from '@junkan/shared/enums';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { companies, offices, projects, users } from '../apps/server/src/db/schema';
import { seedDemoData } from '../apps/server/src/seed/demo';
import { seedReferenceData } from '../apps/server/src/seed/reference';
import { onCleanUp, out } from './harness';

export const EXTRA_PROJECTS = 300;
export const DISCHARGER = 'discharger@example.com';
const ADMIN_PG_URL = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Seeds the demo data, adds EXTRA_PROJECTS projects to the demo discharger's company and analyzes, then closes. */
export async function prepareDatabase(opts: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const database = await openDatabase(opts);
  try {
    // As the server's start-up does: the demo's achievements need the reference data (wastes, units).
    await seedReferenceData(database.db);
    await seedDemoData(database.db);
    const [owner] = await database.db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.email, DISCHARGER));
    const companyId = owner?.companyId;
    if (!companyId) throw new Error(`${DISCHARGER} has no company in the demo data`);
    const transporters = await database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.type, 'TRANSPORT'));
    const officeRows = await database.db
      .select({ id: offices.id })
      .from(offices)
      .where(eq(offices.companyId, companyId));
    const now = Date.now();
    const rows = Array.from({ length: EXTRA_PROJECTS }, (_, i) => ({
      title: `ベンチ案件 ${String(i + 1).padStart(3, '0')} 産業廃棄物 定期回収`,
      status: PROJECT_STATUSES[i % PROJECT_STATUSES.length]!,
      type: PROJECT_TYPES[i % PROJECT_TYPES.length]!,
      memo: i % 3 === 0 ? `毎週${'月火水木金'[i % 5]}曜日 午前回収。搬入口は建物裏手。` : null,
      companyId,
      transportCompanyId:
        i % 4 === 3 ? null : (transporters[i % Math.max(transporters.length, 1)]?.id ?? null),
      officeId: officeRows[i % Math.max(officeRows.length, 1)]?.id ?? null,
      createdAt: new Date(now - (i + 1) * 3_600_000),
      updatedAt: new Date(now - (i + 1) * 3_600_000),
    }));
    for (let i = 0; i < rows.length; i += 100)
      await database.db.insert(projects).values(rows.slice(i, i + 100));
    // A live database has planner statistics (autovacuum gathers them within a minute of such writes); without
    // them the list's plan joins every row of the company before sorting.
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

/** Runs `fn` on a new PostgreSQL database (dropped at cleanup), or answers why PostgreSQL was skipped. */
export async function withPostgres<T>(fn: (databaseUrl: string) => Promise<T>): Promise<T | string> {
  const admin = new pg.Client({ connectionString: ADMIN_PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL not reachable at ${ADMIN_PG_URL} (${(error as Error).message}); skipped`;
  }
  const name = `junkan_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
  onCleanUp(drop);
  const url = new URL(ADMIN_PG_URL);
  url.pathname = `/${name}`;
  out(`\n[postgresql] database ${name} created`);
  return fn(url.toString());
}
