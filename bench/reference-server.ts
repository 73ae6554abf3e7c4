/**
 * The bench's reference: a minimal Fastify route per measured call that does what the product must do and
 * nothing else. It checks the bearer token as the product does (@fastify/jwt, HS256, the same secret), runs the
 * session load the product's token check runs (refusing a sign-in that is not live), then the call's own
 * statements: the exact SQL text and values the product ran for that call, captured through Drizzle's logger
 * (bench/capture-sql.ts), prepared (named statements on PostgreSQL, parsed and planned once per connection;
 * PGlite takes the text, as the product's driver does). It answers the call's JSON as the product writes it: the
 * same fields, nesting and values, built from the last statement's rows (`ANSWERS`; bench/http.ts checks that the
 * reference's answer equals the product's before measuring, so both write the same bytes).
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
  calls: Record<string, { url: string; statements: Statement[] }>;
};
const named = (s: Statement, name: string) => ({ name, text: s.text, values: s.values });
const session = named(spec.session, 'ref_session');
const calls = new Map(
  Object.entries(spec.calls).map(([call, { url, statements }]) => [
    call,
    {
      query: new URL(url, 'http://ref').searchParams,
      statements: statements.map((s, i) => named(s, `ref_${call}_${i}`)),
    },
  ]),
);

/** A statement's rows as arrays (as the product's driver reads them for Drizzle), with the columns' names. */
interface Rows {
  rows: unknown[][];
  names: string[];
}
let run: (s: ReturnType<typeof named>) => Promise<Rows>;
let close: () => Promise<void>;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  run = async (s) => {
    const r = await pool.query<unknown[]>({ ...s, rowMode: 'array' });
    return { rows: r.rows, names: r.fields.map((f) => f.name) };
  };
  close = () => pool.end();
} else {
  const client = await PGlite.create({ dataDir: process.env.PGLITE_DIR });
  run = async (s) => {
    const r = await client.query<unknown[]>(s.text, s.values, { rowMode: 'array' });
    return { rows: r.rows, names: r.fields.map((f) => f.name) };
  };
  close = () => client.close();
}

/**
 * Each call's answer as the API documents it (packages/shared), from its last statement's rows: what any server of
 * the call has to write, whatever it is built with.
 */
const ANSWERS: Record<string, (last: Rows, query: URLSearchParams) => unknown> = {
  // AccountInfoResponse: the statement names its columns as the answer's fields.
  'users-info': ({ rows, names }) => Object.fromEntries(names.map((name, i) => [name, rows[0]?.[i]])),
  // Page<ProjectListItem>: the list's columns by position (project-list.ts listRow), the total last.
  projects: ({ rows }, query) => ({
    items: rows.map((r) => ({
      id: r[0],
      projectTitle: r[1],
      projectStatus: r[2],
      type: r[3],
      memo: r[4],
      company: { id: r[6], name: r[7] },
      transportCompany: r[8] != null ? { id: r[8], name: r[9] ?? '' } : null,
      createdDate: r[5],
    })),
    total: Number(rows[0]?.[10] ?? 0),
    page: Number(query.get('page')),
    size: Number(query.get('size')),
  }),
};

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
  // The session load's columns: id, email, role, enabled, …, signInEndsAt last (plugins/session-load.ts sessionQuery).
  const [row] = (await run(session)).rows;
  if (!row?.[3] || row.at(-1) == null) throw new Unauthorized('Unauthorized');
}

const checked = new Map<string, number>();
const SESSION_CACHE_MS = 5000;

async function answer(call: string) {
  const spec = calls.get(call);
  const write = ANSWERS[call];
  if (!spec || !write) throw Object.assign(new Error('no such call'), { statusCode: 404 });
  let last: Rows = { rows: [], names: [] };
  for (const s of spec.statements) last = await run(s);
  return write(last, spec.query);
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
