import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createLocalEventBus, createPgEventBus, type EventBus, MAX_EVENT_BYTES } from './events';

const log = pino({ level: 'silent' });

describe('in-process events (PGlite)', () => {
  it('delivers JSON payloads to the subscribers of the channel until they unsubscribe', async () => {
    const bus = createLocalEventBus(log);
    const seen: unknown[] = [];
    const off = bus.subscribe('chat_message', (p) => seen.push(p));
    bus.subscribe('other_channel', () => seen.push('wrong channel'));
    await bus.publish('chat_message', { room: 1, text: 'こんにちは' });
    off();
    await bus.publish('chat_message', { room: 1, text: 'unheard' });
    expect(seen).toEqual([{ room: 1, text: 'こんにちは' }]);
  });

  it('refuses payloads NOTIFY would refuse and channel names that are not plain identifiers', async () => {
    const bus = createLocalEventBus(log);
    await expect(bus.publish('big', { text: 'x'.repeat(MAX_EVENT_BYTES) })).rejects.toThrow(/over/);
    await expect(bus.publish('Drop table;', {})).rejects.toThrow(/not allowed/);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('events between processes (PostgreSQL LISTEN/NOTIFY)', () => {
  const name = `junkan_test_${randomUUID().replaceAll('-', '')}`;
  let databaseUrl: string;
  let handles: DatabaseHandle[] = [];
  let buses: EventBus[] = [];
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    handles = [
      await openDatabase({ databaseUrl, dataDir: 'memory://' }),
      await openDatabase({ databaseUrl, dataDir: 'memory://' }),
    ];
    buses = handles.map((h) => createPgEventBus(databaseUrl, h.db, log));
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    for (const h of handles) await h.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 3000;
    while (!check() && Date.now() < deadline) await sleep(10);
    return check();
  };

  it('delivers once in every process, the publishing one at once', async () => {
    const [a, b] = buses as [EventBus, EventBus];
    const inA: unknown[] = [];
    const inB: unknown[] = [];
    a.subscribe('greeting', (p) => inA.push(p));
    b.subscribe('greeting', (p) => inB.push(p));
    await Promise.all([a.ready(), b.ready()]);
    await a.publish('greeting', { n: 1 });
    expect(inA).toEqual([{ n: 1 }]);
    expect(await until(() => inB.length === 1)).toBe(true);
    await b.publish('greeting', { n: 2 });
    expect(await until(() => inA.length === 2)).toBe(true);
    await sleep(100);
    expect(inA).toEqual([{ n: 1 }, { n: 2 }]);
    expect(inB).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('listens again after its connection was dropped, and says events may have been missed', async () => {
    const [a, b] = buses as [EventBus, EventBus];
    const inB: unknown[] = [];
    let missed = 0;
    b.subscribe('after_drop', (p) => inB.push(p));
    b.onMissed(() => missed++);
    await b.ready();
    await handles[0]!.db.execute(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'junkan-events' and datname = current_database()",
    );
    expect(await until(() => missed > 0)).toBe(true);
    await a.ready();
    await a.publish('after_drop', { back: true });
    expect(await until(() => inB.length === 1)).toBe(true);
    expect(inB).toEqual([{ back: true }]);
  });
});
