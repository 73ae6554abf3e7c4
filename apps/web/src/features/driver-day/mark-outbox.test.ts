import type { DriverMarkInput, DriverMarkResultAnswer } from '@junkan/shared/api/drivers';
import { describe, expect, it } from 'vitest';
import type { StoredPhoto } from './driver-store';
import { type OutboxPorts, runOutbox } from './mark-outbox';
import { newOutboxItem, type OutboxItem } from './mark-queue';

const USER = 7;

function body(n: number, collectionId = 100 + n): DriverMarkInput {
  return {
    clientId: `00000000-0000-4000-8000-00000000000${n}`,
    collectionId,
    baseVersion: 1,
    baseDate: '2026-05-01',
    result: 'COLLECTED',
    lines: [{ wasteLineId: 1, bags: { '45': 2 }, weightKg: null, volume: null }],
    markedAt: '2026-05-01T10:00:00+09:00',
  };
}

function item(n: number, { hasPhoto = false, userId = USER } = {}): OutboxItem {
  const b = body(n);
  return newOutboxItem({
    userId,
    seq: n,
    stop: { collectionId: b.collectionId, date: '2026-05-01', siteName: `site ${n}`, address: '' },
    body: b,
    hasPhoto,
  });
}

class Failure extends Error {
  constructor(
    readonly status: number,
    readonly code = 'network_error',
    readonly fields?: Record<string, string>,
  ) {
    super(code);
  }
}

/**
 * A server that keeps one mark per client id, as the API does, and a network in front of it that can fail a call
 * before it arrives (`down`) or lose the answer after the server kept the mark (`loseAnswers`).
 */
function harness(items: OutboxItem[], photos: StoredPhoto[] = []) {
  const kept = new Map(items.map((i) => [i.clientId, i]));
  const keptPhotos = new Map(photos.map((p) => [p.clientId, p]));
  const server = new Map<string, { collectionId: number; photo: number }>();
  const net = {
    down: false,
    loseAnswers: 0,
    refuse: new Map<number, Failure>(),
    conflict: new Set<number>(),
    calls: [] as string[],
  };
  const answer = (clientId: string): DriverMarkResultAnswer => {
    const m = server.get(clientId)!;
    return {
      clientId,
      markId: 1,
      state: net.conflict.has(m.collectionId) ? 'CONFLICT' : 'APPLIED',
      conflictCode: net.conflict.has(m.collectionId) ? 'driver_mark_stop_cancelled' : null,
      collectionStatus: 'COLLECTED',
      hasPhoto: m.photo > 0,
    };
  };
  const ports: OutboxPorts = {
    store: {
      listItems: async (userId) => [...kept.values()].filter((i) => i.userId === userId),
      putItem: async (i) => {
        kept.set(i.clientId, i);
      },
      readPhoto: async (clientId) => keptPhotos.get(clientId),
      deletePhoto: async (clientId) => {
        keptPhotos.delete(clientId);
      },
    },
    sendMark: async (b) => {
      net.calls.push(`mark ${b.collectionId}`);
      if (net.down) throw new Failure(0);
      const refusal = net.refuse.get(b.collectionId);
      if (refusal) throw refusal;
      if (!server.has(b.clientId)) server.set(b.clientId, { collectionId: b.collectionId, photo: 0 });
      if (net.loseAnswers > 0) {
        net.loseAnswers -= 1;
        throw new Failure(0, 'timeout_error');
      }
      return answer(b.clientId);
    },
    sendPhoto: async (clientId) => {
      net.calls.push(`photo ${server.get(clientId)?.collectionId}`);
      if (net.down) throw new Failure(0);
      server.get(clientId)!.photo += 1;
      return answer(clientId);
    },
  };
  return { ports, kept, keptPhotos, server, net };
}

const photoOf = (n: number): StoredPhoto => ({
  clientId: item(n).clientId,
  userId: USER,
  type: 'image/jpeg',
  bytes: new Uint8Array([1, 2, 3]).buffer,
});

describe('the queue of marks', () => {
  it('sends the marks in the order they were made, each mark before its photo', async () => {
    const h = harness([item(3), item(1, { hasPhoto: true }), item(2)], [photoOf(1)]);
    expect(await runOutbox(h.ports, USER)).toBe('done');
    expect(h.net.calls).toEqual(['mark 101', 'photo 101', 'mark 102', 'mark 103']);
    expect([...h.kept.values()].map((i) => i.status)).toEqual(['DONE', 'DONE', 'DONE']);
    // The photo's bytes leave the phone once the server has them.
    expect(h.keptPhotos.size).toBe(0);
  });

  it('sends only the signed-in driver’s marks', async () => {
    const h = harness([item(1), item(2, { userId: 8 })]);
    await runOutbox(h.ports, USER);
    expect(h.net.calls).toEqual(['mark 101']);
    expect(h.kept.get(item(2).clientId)?.status).toBe('WAITING');
  });

  it('keeps everything offline and sends it when the connection is back', async () => {
    const h = harness([item(1), item(2)]);
    h.net.down = true;
    expect(await runOutbox(h.ports, USER)).toBe('retry');
    expect([...h.kept.values()].map((i) => [i.status, i.attempts])).toEqual([
      ['WAITING', 1],
      ['WAITING', 0],
    ]);
    h.net.down = false;
    expect(await runOutbox(h.ports, USER)).toBe('done');
    expect(h.server.size).toBe(2);
  });

  it('stores a mark once when its answer was lost and it is sent again', async () => {
    const h = harness([item(1, { hasPhoto: true })], [photoOf(1)]);
    h.net.loseAnswers = 1;
    expect(await runOutbox(h.ports, USER)).toBe('retry');
    expect(h.server.size).toBe(1);
    expect(await runOutbox(h.ports, USER)).toBe('done');
    expect(h.server.size).toBe(1);
    expect(h.server.get(item(1).clientId)?.photo).toBe(1);
    expect(h.net.calls).toEqual(['mark 101', 'mark 101', 'photo 101']);
  });

  it('sends only the photo when the mark was taken before the connection failed', async () => {
    const h = harness([item(1, { hasPhoto: true })], [photoOf(1)]);
    const send = h.ports.sendPhoto;
    h.ports.sendPhoto = async () => {
      h.net.calls.push('photo lost');
      throw new Failure(0);
    };
    expect(await runOutbox(h.ports, USER)).toBe('retry');
    expect(h.kept.get(item(1).clientId)?.status).toBe('PHOTO');
    h.ports.sendPhoto = send;
    expect(await runOutbox(h.ports, USER)).toBe('done');
    expect(h.net.calls).toEqual(['mark 101', 'photo lost', 'photo 101']);
  });

  it('stops on an ended sign-in and keeps every mark as it was', async () => {
    const h = harness([item(1), item(2)]);
    h.net.refuse.set(101, new Failure(401, 'unauthorized'));
    expect(await runOutbox(h.ports, USER)).toBe('signIn');
    expect([...h.kept.values()].map((i) => i.status)).toEqual(['WAITING', 'WAITING']);
    expect(h.net.calls).toEqual(['mark 101']);
  });

  it('marks a refused mark failed with its message and goes on with the next', async () => {
    const h = harness([item(1, { hasPhoto: true }), item(2)], [photoOf(1)]);
    h.net.refuse.set(101, new Failure(400, 'validation_error', { 'lines.0.weightKg': 'invalid_format' }));
    expect(await runOutbox(h.ports, USER)).toBe('done');
    const failed = h.kept.get(item(1).clientId);
    expect(failed?.status).toBe('FAILED');
    expect(failed?.failure).toEqual({
      code: 'validation_error',
      fields: { 'lines.0.weightKg': 'invalid_format' },
      phase: 'mark',
    });
    // Its photo stays for the corrected mark.
    expect(h.keptPhotos.has(item(1).clientId)).toBe(true);
    expect(h.kept.get(item(2).clientId)?.status).toBe('DONE');
    // A failed item is not sent again by itself.
    expect(await runOutbox(h.ports, USER)).toBe('done');
    expect(h.net.calls.filter((c) => c === 'mark 101')).toHaveLength(1);
  });

  it('keeps a mark the office has to decide on as a conflict, with its code, after its photo', async () => {
    const h = harness([item(1, { hasPhoto: true })], [photoOf(1)]);
    h.net.conflict.add(101);
    await runOutbox(h.ports, USER);
    const conflict = h.kept.get(item(1).clientId);
    expect(conflict?.status).toBe('CONFLICT');
    expect(conflict?.answer).toEqual({ state: 'CONFLICT', conflictCode: 'driver_mark_stop_cancelled' });
    expect(h.net.calls).toEqual(['mark 101', 'photo 101']);
  });

  it('settles a mark whose photo the phone lost', async () => {
    const h = harness([item(1, { hasPhoto: true })]);
    expect(await runOutbox(h.ports, USER)).toBe('done');
    expect(h.kept.get(item(1).clientId)).toMatchObject({ status: 'DONE', hasPhoto: false });
  });
});
