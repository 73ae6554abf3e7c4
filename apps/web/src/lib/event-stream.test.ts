import { describe, expect, it } from 'vitest';
import { parseStreamEvents, reconnectDelay } from './event-stream';

describe('parseStreamEvents', () => {
  it('reads complete events and keeps an unfinished one for later', () => {
    const { events, rest } = parseStreamEvents(
      ': open\n\nevent: message\nid: 12\ndata: {"id":12,"body":"こんにちは"}\n\nevent: ready\ndata: {}\n\nevent: mess',
    );
    expect(events).toEqual([
      { event: 'message', id: '12', data: { id: 12, body: 'こんにちは' } },
      { event: 'ready', data: {} },
    ]);
    expect(rest).toBe('event: mess');
    expect(parseStreamEvents(`${rest}age\ndata: {"id":13}\n\n`).events).toEqual([
      { event: 'message', data: { id: 13 } },
    ]);
  });

  it.each([
    ['a heartbeat comment', ': ping\n\n', []],
    ['an event without data', 'event: ready\n\n', []],
    ['CRLF line ends', 'event: read\r\ndata: {"upTo":3}\r\n\r\n', [{ event: 'read', data: { upTo: 3 } }]],
    ['no event name', 'data: 1\n\n', [{ event: 'message', data: 1 }]],
    ['data that is not JSON', 'event: x\ndata: {oops\n\n', [{ event: 'x', data: null }]],
    ['data over two lines', 'event: x\ndata: [1,\ndata: 2]\n\n', [{ event: 'x', data: [1, 2] }]],
  ])('%s', (_, text, events) => {
    expect(parseStreamEvents(text).events).toEqual(events);
  });

  it('reads the reconnection time a stopping server asks for, and no other', () => {
    expect(parseStreamEvents('event: ready\ndata: {}\n\nretry: 2500\n\n')).toEqual({
      events: [{ event: 'ready', data: {} }],
      rest: '',
      retryMs: 2500,
    });
    expect(parseStreamEvents('retry: soon\n\n').retryMs).toBeUndefined();
    expect(parseStreamEvents(': ping\n\n').retryMs).toBeUndefined();
  });
});

describe('reconnectDelay', () => {
  it.each([
    [0, 1_000],
    [1, 2_000],
    [3, 8_000],
    [5, 30_000],
    [20, 30_000],
  ])('waits about %i attempts -> %i ms, within 20%', (attempt, base) => {
    expect(reconnectDelay(attempt, () => 0.5)).toBe(base);
    expect(reconnectDelay(attempt, () => 0)).toBe(base * 0.8);
    expect(reconnectDelay(attempt, () => 1)).toBe(base * 1.2);
  });
});
