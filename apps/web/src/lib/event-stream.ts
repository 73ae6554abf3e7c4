import { useEffect, useRef } from 'react';
import { API_BASE } from './api-client';
import { getToken } from './session';

/** One event of a text/event-stream answer: its name, its data read as JSON, and its id if it has one. */
export interface StreamEvent {
  event: string;
  data: unknown;
  id?: string;
}

/**
 * Splits what a stream has sent so far into complete events (a blank line ends one) and the rest, which waits
 * for more. Comment lines (`: ping`) keep the connection alive and carry nothing; data that is not JSON is null.
 * `retryMs` is the reconnection time the server asked for last (`retry:`, sent as a server process stops).
 */
export function parseStreamEvents(buffer: string): { events: StreamEvent[]; rest: string; retryMs?: number } {
  const text = buffer.replace(/\r\n?/g, '\n');
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: StreamEvent[] = [];
  let retryMs: number | undefined;
  for (const block of blocks) {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
      else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
    }
    if (!data.length) continue;
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(data.join('\n'));
    } catch {
      parsed = null;
    }
    events.push({ event, data: parsed, ...(id !== undefined ? { id } : {}) });
  }
  return { events, rest, ...(retryMs !== undefined ? { retryMs } : {}) };
}

/** Waits before the n-th reconnection in a row: 1 s, 2 s, 4 s... up to 30 s, with some jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Why a stream stopped for good: the sign-in ended (401) or the caller may not read it (403). */
export class StreamRefused extends Error {
  constructor(readonly status: number) {
    super(`stream refused: ${status}`);
  }
}

/**
 * Reads one stream until it ends. EventSource cannot send the Authorization header, so the stream is read with
 * fetch and the same bearer token as every other call: no credential ever rides in an address.
 */
export async function readEventStream(
  path: string,
  onEvent: (event: StreamEvent) => void,
  signal: AbortSignal,
  onRetry?: (ms: number) => void,
): Promise<void> {
  const token = getToken();
  const response = await fetch(`${API_BASE}${path}`, {
    headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    cache: 'no-store',
    signal,
  });
  if (response.status === 401 || response.status === 403) throw new StreamRefused(response.status);
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const { events, rest, retryMs } = parseStreamEvents(buffer + value);
    buffer = rest;
    if (retryMs !== undefined) onRetry?.(retryMs);
    for (const event of events) onEvent(event);
  }
}

export interface EventStreamOptions {
  /** The stream's path under /api, asked again at each (re)connection (a catch-up names the last id held). */
  path: () => string;
  onEvent: (event: StreamEvent) => void;
  /** After each connection is made: from the second on, what happened meanwhile may need reading again. */
  onConnect?: (reconnected: boolean) => void;
  enabled?: boolean;
}

/**
 * Keeps a stream open while mounted: reconnects after a drop (backing off, and at once when the browser comes
 * back online), stops for good when the server refuses it (the sign-in ended: the session watcher and the next
 * call take it from there).
 */
export function useEventStream({ path, onEvent, onConnect, enabled = true }: EventStreamOptions): void {
  const latest = useRef({ path, onEvent, onConnect });
  latest.current = { path, onEvent, onConnect };
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let wake: (() => void) | null = null;
    const online = () => wake?.();
    window.addEventListener('online', online);
    controller.signal.addEventListener('abort', () => wake?.());
    void (async () => {
      let attempt = 0;
      let connections = 0;
      while (!controller.signal.aborted) {
        // A server process that stops says when to come back (to another process): that once, not the backoff.
        let retryMs: number | undefined;
        try {
          await readEventStream(
            latest.current.path(),
            (event) => {
              if (event.event === 'ready') {
                attempt = 0;
                latest.current.onConnect?.(connections++ > 0);
              }
              latest.current.onEvent(event);
            },
            controller.signal,
            (ms) => {
              retryMs = ms;
            },
          );
        } catch (error) {
          if (controller.signal.aborted || error instanceof StreamRefused) return;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, retryMs ?? reconnectDelay(attempt++));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    })();
    return () => {
      controller.abort();
      window.removeEventListener('online', online);
    };
  }, [enabled]);
}
