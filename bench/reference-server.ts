/**
 * The bench's reference route: GET /reference runs the two SQL statements behind GET /api/users/info (the session
 * load and the account information) with the database driver directly, no ORM, no token check, and answers the
 * rows. The SQL text is the server's own (taken once from its query builders), so only the path around it differs.
 *
 * Env: DATABASE_URL (PostgreSQL, through `pg`) or PGLITE_DIR (a PGlite data folder, through its client);
 * REF_USER_ID and REF_SID (the signed-in user and its sign-in); PORT, HOST, LOG_LEVEL.
 */
import { PGlite } from '@electric-sql/pglite';
import { Placeholder } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { ACCOUNT_INFO_SQL } from '../apps/server/src/features/account-core/account-records';
import { sessionQuery } from '../apps/server/src/plugins/auth';

const userId = Number(process.env.REF_USER_ID);
const sid = process.env.REF_SID ?? '';
const values: Record<string, unknown> = { userId, adminId: null, sid, owner: userId };

// Only builds SQL text: never connected.
const builder = drizzle.mock({ schema }) as unknown as Database;
const statements = [sessionQuery(builder).toSQL(), { sql: ACCOUNT_INFO_SQL, params: [userId] }].map(
  (q, i) => ({
    name: `reference_${i}`,
    text: q.sql,
    values: q.params.map((p) => (p instanceof Placeholder ? values[p.name] : p)),
  }),
);

// `run` sends the text with its values, as a plain driver call does (parsed and planned every time);
// `runNamed` as named statements, parsed and planned once per connection (PostgreSQL only).
let run: (s: (typeof statements)[number]) => Promise<unknown[]>;
let runNamed: (s: (typeof statements)[number]) => Promise<unknown[]>;
let close: () => Promise<void>;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  run = async (s) => (await pool.query(s.text, s.values)).rows;
  runNamed = async (s) => (await pool.query(s)).rows;
  close = () => pool.end();
} else {
  const client = await PGlite.create({ dataDir: process.env.PGLITE_DIR });
  run = async (s) => (await client.query(s.text, s.values)).rows;
  runNamed = run;
  close = () => client.close();
}

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
app.get('/reference', async () => {
  const [session] = await run(statements[0]!);
  const [account] = await run(statements[1]!);
  return { session, account };
});
app.get('/reference-named', async () => {
  const [session] = await runNamed(statements[0]!);
  const [account] = await runNamed(statements[1]!);
  return { session, account };
});

const shutdown = async () => {
  await app.close();
  await close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

await app.listen({ port: Number(process.env.PORT ?? 3998), host: process.env.HOST ?? '127.0.0.1' });
