/**
 * The bench's baseline: a bare Fastify route, started like the junkan server (a child process via tsx, same
 * Node, same logger level), so each endpoint's req/s can be read as a ratio of what this machine can serve.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
app.get('/bare', async () => ({ ok: true }));

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

await app.listen({ port: Number(process.env.PORT ?? 3999), host: process.env.HOST ?? '127.0.0.1' });
