import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from '../db/client';

/** NOTIFY refuses payloads of 8000 bytes or more; the envelope counts too. */
export const MAX_EVENT_BYTES = 7999;
const CHANNEL_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export type EventHandler = (payload: unknown) => void;

/**
 * Events between every server process on the database: PostgreSQL LISTEN/NOTIFY, or in-process on the
 * embedded PGlite (one process only). Payloads are JSON. A handler runs once per event, in every process,
 * the publishing one included (at once there, when its publish is called).
 */
export interface EventBus {
  publish(channel: string, payload: unknown): Promise<void>;
  /** Answers the unsubscribe. */
  subscribe(channel: string, handler: EventHandler): () => void;
  /** Called after the listening connection came back: events of the outage may have been missed. */
  onMissed(handler: () => void): () => void;
  /** Resolves once the process listens (PostgreSQL), so a test can publish from another process. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

function envelope(channel: string, origin: string, payload: unknown): string {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`event channel name not allowed: ${channel}`);
  const text = JSON.stringify({ o: origin, p: payload ?? null });
  if (Buffer.byteLength(text) > MAX_EVENT_BYTES)
    throw new Error(`event payload on ${channel} is over ${MAX_EVENT_BYTES} bytes`);
  return text;
}

class LocalHandlers {
  private readonly byChannel = new Map<string, Set<EventHandler>>();
  private readonly missed = new Set<() => void>();

  constructor(private readonly log: FastifyBaseLogger) {}

  add(channel: string, handler: EventHandler): { first: boolean; remove: () => boolean } {
    const existing = this.byChannel.get(channel);
    const set = existing ?? new Set<EventHandler>();
    if (!existing) this.byChannel.set(channel, set);
    const first = !existing;
    set.add(handler);
    return {
      first,
      remove: () => {
        set.delete(handler);
        if (set.size || this.byChannel.get(channel) !== set) return false;
        this.byChannel.delete(channel);
        return true;
      },
    };
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  deliver(channel: string, payload: unknown): void {
    for (const handler of this.byChannel.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        this.log.error({ err, channel }, 'event handler failed');
      }
    }
  }

  onMissed(handler: () => void): () => void {
    this.missed.add(handler);
    return () => this.missed.delete(handler);
  }

  fireMissed(): void {
    for (const handler of this.missed) handler();
  }
}

/** One process (PGlite): the events never leave it; a payload is still checked as NOTIFY would check it. */
export function createLocalEventBus(log: FastifyBaseLogger): EventBus {
  const local = new LocalHandlers(log);
  return {
    publish: async (channel, payload) => {
      const text = envelope(channel, '', payload);
      local.deliver(channel, (JSON.parse(text) as { p: unknown }).p);
    },
    subscribe: (channel, handler) => {
      envelope(channel, '', null);
      const { remove } = local.add(channel, handler);
      return () => void remove();
    },
    onMissed: (handler) => local.onMissed(handler),
    ready: async () => {},
    close: async () => {},
  };
}

const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 10_000;

/**
 * PostgreSQL: NOTIFY through the pool, LISTEN on one dedicated connection that is opened again (and every
 * channel listened to again) when it drops. A process skips its own notifications: it delivered them at once.
 */
export function createPgEventBus(
  connectionString: string,
  publishDb: DatabaseHandle['db'],
  log: FastifyBaseLogger,
): EventBus {
  const local = new LocalHandlers(log);
  const origin = randomUUID();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let delayMs = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let hadConnection = false;

  const quoted = (channel: string) => `"${channel}"`;

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString, application_name: 'junkan-events' });
      c.on('notification', (msg) => {
        if (!msg.payload) return;
        try {
          const { o, p } = JSON.parse(msg.payload) as { o: string; p: unknown };
          if (o !== origin) local.deliver(msg.channel, p);
        } catch (err) {
          log.warn({ err, channel: msg.channel }, 'event payload not readable');
        }
      });
      c.on('error', (err) => {
        log.warn({ err }, 'event connection lost');
        lost(c);
      });
      c.on('end', () => lost(c));
      try {
        await c.connect();
        // Channels subscribed while this ran are listened to as well: the loop reads the list again.
        const listened = new Set<string>();
        for (let pending = local.channels(); pending.length; ) {
          for (const channel of pending) await c.query(`LISTEN ${quoted(channel)}`);
          for (const channel of pending) listened.add(channel);
          pending = local.channels().filter((ch) => !listened.has(ch));
        }
      } catch (err) {
        c.end().catch(() => {});
        throw err;
      }
      if (closed) {
        await c.end();
        return;
      }
      client = c;
      delayMs = RECONNECT_MIN_MS;
      if (hadConnection) local.fireMissed();
      hadConnection = true;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((err) => {
        log.warn({ err, retryInMs: delayMs }, 'event connection not reopened');
        delayMs = Math.min(delayMs * 2, RECONNECT_MAX_MS);
        retry();
      });
    }, delayMs);
    timer.unref();
  };

  function lost(c: pg.Client) {
    if (client !== c) return;
    client = null;
    c.end().catch(() => {});
    // Whatever was published meanwhile is missed: a reconnect tells the subscribers so.
    retry();
  }

  const first = connect().catch((err) => {
    log.warn({ err }, 'event connection not opened');
    retry();
  });

  return {
    publish: async (channel, payload) => {
      const text = envelope(channel, origin, payload);
      local.deliver(channel, payload);
      await publishDb.execute(sql`select pg_notify(${channel}, ${text})`);
    },
    subscribe: (channel, handler) => {
      envelope(channel, origin, null);
      const { first: isFirst, remove } = local.add(channel, handler);
      if (isFirst && client)
        client.query(`LISTEN ${quoted(channel)}`).catch((err) => log.warn({ err, channel }, 'LISTEN failed'));
      return () => {
        if (remove() && client) client.query(`UNLISTEN ${quoted(channel)}`).catch(() => {});
      };
    },
    onMissed: (handler) => local.onMissed(handler),
    ready: async () => {
      await first;
      if (!client) await connect();
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await connecting?.catch(() => {});
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

export function createEventBus(database: DatabaseHandle, log: FastifyBaseLogger): EventBus {
  return database.kind === 'postgres' && database.databaseUrl
    ? createPgEventBus(database.databaseUrl, database.db, log)
    : createLocalEventBus(log);
}
