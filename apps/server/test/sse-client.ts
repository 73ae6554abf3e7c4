import http from 'node:http';

/** One event of a text/event-stream answer. */
export interface SseEvent {
  event: string;
  data: unknown;
  id?: string;
}

/**
 * Reads a server-sent events stream over a real HTTP connection (inject waits for an answer's end, which a
 * stream never reaches): `next(check)` waits for the first event, from the stream's start, that the check accepts.
 * node:http rather than fetch: closing destroys the one socket, where fetch's pool may open a spare connection
 * that holds a closing server for its headers timeout.
 */
export async function openSse(url: string, token: string) {
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  let retryMs: number | undefined;
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  const { request, response } = await new Promise<{
    request: http.ClientRequest;
    response: http.IncomingMessage;
  }>((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { authorization: `Bearer ${token}`, connection: 'close' } },
      (response) => resolve({ request, response }),
    );
    request.on('error', reject);
  });
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((l) => l && !l.startsWith(':'))
          .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trimStart()]),
      );
      if (fields.retry) retryMs = Number(fields.retry);
      if (fields.event)
        events.push({ event: fields.event, data: JSON.parse(fields.data ?? 'null'), id: fields.id });
      cut = buffer.indexOf('\n\n');
    }
    wake();
  });
  const finish = () => {
    ended = true;
    wake();
  };
  response.on('end', finish);
  response.on('close', finish);
  response.on('error', finish);

  /** The first event (from the start) `check` accepts; fails after `ms`. */
  async function next(check: (e: SseEvent) => boolean, ms = 10_000): Promise<SseEvent> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = events.find(check);
      if (found) return found;
      if (ended) throw new Error(`stream ended without the event; had ${JSON.stringify(events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for an event; had ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves once the server has ended the stream; fails after `ms`. */
  async function end(ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!ended) {
      if (Date.now() > deadline) throw new Error('the stream did not end');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    events,
    /** The reconnection time the server last asked for (`retry:`), if it did. */
    retryMs: () => retryMs,
    next,
    end,
    /** Messages received, by the event name `message`. */
    messages: () =>
      events.filter((e) => e.event === 'message').map((e) => e.data as { id: number; body: string }),
    close: () => request.destroy(),
  };
}
