/**
 * The bench's reference: a minimal Fastify route per measured call that does what the product must do and
 * nothing else. It checks the bearer token as the product does (@fastify/jwt, HS256, the same secret), runs the
 * session load the product's token check runs (refusing a sign-in that is not live), then the call's own
 * statements: the exact SQL text and values the product ran for that call, captured through Drizzle's logger
 * (bench/capture-sql.ts), prepared (named statements on PostgreSQL, parsed and planned once per connection;
 * PGlite takes the text, as the product's driver does). It answers the last statement's rows as JSON.
 *
 * GET /ref/:call runs the token check on every request; GET /ref-cached/:call keeps the verified token and the
 * loaded session by the header's text, as the product's token and session caches do (SESSION_CACHE_MS).
 *
 * Env: DATABASE_URL (PostgreSQL, through `pg`) or PGLITE_DIR (a PGlite data folder); JWT_SECRET; REF_CALLS (JSON:
 * `{ session, calls: { [name]: Statement[] } }`); PORT, HOST, LOG_LEVEL.
 */
import { PGlite } from '@electric-sql/pglite';
import fastifyJwt from '@fastify/jwt';
import Fastify, { type FastifyRequest } from 'fastify';
import pg from 'pg';
import type { Statement } from './capture-sql';

const spec = JSON.parse(process.env.REF_CALLS ?? '{}') as {
  session: Statement;
  calls: Record<string, Statement[]>;
};
const named = (s: Statement, name: string) => ({ name, text: s.text, values: s.values });
const session = named(spec.session, 'ref_session');
const calls = new Map(
  Object.entries(spec.calls).map(([call, list]) => [call, list.map((s, i) => named(s, `ref_${call}_${i}`))]),
);

// Rows as arrays, as the product's driver reads them for Drizzle.
let run: (s: ReturnType<typeof named>) => Promise<unknown[][]>;
let close: () => Promise<void>;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  run = async (s) => (await pool.query<unknown[]>({ ...s, rowMode: 'array' })).rows;
  close = () => pool.end();
} else {
  const client = await PGlite.create({ dataDir: process.env.PGLITE_DIR });
  run = async (s) => (await client.query<unknown[]>(s.text, s.values, { rowMode: 'array' })).rows;
  close = () => client.close();
}

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
await app.register(fastifyJwt, {
  secret: process.env.JWT_SECRET ?? '',
  verify: { algorithms: ['HS256'] },
});

class Unauthorized extends Error {
  statusCode = 401;
}

/** The token check: the signature and expiry, then the sign-in still live in the database. */
async function checkToken(request: FastifyRequest): Promise<void> {
  try {
    await request.jwtVerify();
  } catch {
    throw new Unauthorized('Unauthorized');
  }
  // The session load's columns: id, email, role, enabled, …, signInEndsAt last (plugins/auth.ts sessionQuery).
  const [row] = await run(session);
  if (!row?.[3] || row.at(-1) == null) throw new Unauthorized('Unauthorized');
}

const checked = new Map<string, number>();
const SESSION_CACHE_MS = 5000;

async function answer(call: string) {
  const statements = calls.get(call);
  if (!statements) throw Object.assign(new Error('no such call'), { statusCode: 404 });
  let rows: unknown[][] = [];
  for (const s of statements) rows = await run(s);
  return { items: rows };
}

app.get<{ Params: { call: string } }>('/ref/:call', async (request) => {
  await checkToken(request);
  return answer(request.params.call);
});
app.get<{ Params: { call: string } }>('/ref-cached/:call', async (request) => {
  const key = request.headers.authorization ?? '';
  const until = checked.get(key);
  if (until === undefined || until < Date.now()) {
    await checkToken(request);
    checked.set(key, Date.now() + SESSION_CACHE_MS);
  }
  return answer(request.params.call);
});
app.get('/ready', async () => ({ ok: true }));

const shutdown = async () => {
  await app.close();
  await close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

await app.listen({ port: Number(process.env.PORT ?? 3998), host: process.env.HOST ?? '127.0.0.1' });
