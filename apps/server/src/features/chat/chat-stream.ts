import type { Permission } from '@junkan/shared/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changeTouches } from '../../lib/session-cache';
import { isSessionChange, SESSION_CHANGED, type Session } from '../../plugins/auth';
import { reloadSession } from '../../plugins/session-load';
import { CHAT_CHANNEL, type ChatEvent, isChatEvent } from './chat-events';

/** A comment line this often keeps proxies from closing a quiet stream; the session is checked again then too. */
export const HEARTBEAT_MS = 25_000;

/** The open streams of each app, ended when it closes (otherwise the server would wait for them). */
const openStreams = new WeakMap<FastifyInstance, Set<EventStream>>();

/**
 * How soon a client whose stream ended with the process reconnects (SSE `retry:`), spread over a few seconds so
 * that the clients of a stopping process come back to the others gradually rather than all at once.
 */
export const SHUTDOWN_RETRY_MS = { min: 1_000, spread: 4_000 } as const;

/** Ends every open stream as the app closes, each telling its client when to reconnect (to another process). */
export function endStreams(app: FastifyInstance): void {
  for (const stream of openStreams.get(app) ?? [])
    stream.close(SHUTDOWN_RETRY_MS.min + Math.floor(Math.random() * SHUTDOWN_RETRY_MS.spread));
}

/**
 * One text/event-stream answer, kept open: events are written one after another (a queue, so a catch-up and a
 * live event never interleave), a heartbeat comment every HEARTBEAT_MS, and the stream ends when the client
 * goes, the app closes, or the caller's sign-in ends or loses `permission` (signed out, disabled, password
 * changed: checked on each heartbeat and at once when such a change is announced).
 */
export class EventStream {
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly app: FastifyInstance,
    request: FastifyRequest,
    private readonly reply: FastifyReply,
    private session: Session,
    private readonly permission: Permission,
  ) {
    reply.hijack();
    // Helmet's headers are already on the raw answer; the API's no-store is set here, as onSend does not run.
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    reply.raw.write(': open\n\n');
    reply.raw.on('close', () => this.close());
    const streams = openStreams.get(app) ?? new Set<EventStream>();
    openStreams.set(app, streams);
    streams.add(this);
    this.cleanups.push(() => streams.delete(this));

    const heartbeat = setInterval(() => {
      this.write(': ping\n\n');
      this.checkSession();
    }, HEARTBEAT_MS);
    heartbeat.unref();
    this.cleanups.push(() => clearInterval(heartbeat));
    this.cleanups.push(
      app.events.subscribe(SESSION_CHANGED, (change) => {
        if (!isSessionChange(change) || changeTouches(change, this.session)) this.checkSession();
      }),
    );
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Hears the chat's events while the stream is open. */
  onChatEvent(handler: (event: ChatEvent) => void): void {
    this.cleanups.push(
      this.app.events.subscribe(CHAT_CHANNEL, (payload) => {
        if (isChatEvent(payload)) handler(payload);
      }),
    );
  }

  /** Called when the events connection came back: what was announced meanwhile was not heard. */
  onMissed(handler: () => void): void {
    this.cleanups.push(this.app.events.onMissed(handler));
  }

  /** Runs `task` after the ones queued before it; a failure ends the stream (the client reconnects and catches up). */
  run(task: () => Promise<void>): void {
    this.queue = this.queue
      .then(() => (this.closed ? undefined : task()))
      .catch((err) => {
        this.app.log.warn({ err }, 'chat stream ended by a failure');
        this.close();
      });
  }

  send(event: string, data: unknown, id?: number): void {
    const lines = [`event: ${event}`];
    if (id !== undefined) lines.push(`id: ${id}`);
    // JSON holds no raw line breaks, so the data is one line.
    lines.push(`data: ${JSON.stringify(data)}`);
    this.write(`${lines.join('\n')}\n\n`);
  }

  /** Ends the stream; with `retryMs`, first tells the client to reconnect after that long (the server stops). */
  close(retryMs?: number): void {
    if (this.closed) return;
    if (retryMs !== undefined) this.write(`retry: ${retryMs}\n\n`);
    this.closed = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    if (!this.reply.raw.writableEnded) this.reply.raw.end();
  }

  private write(text: string): void {
    if (!this.closed && !this.reply.raw.writableEnded) this.reply.raw.write(text);
  }

  private checkSession(): void {
    this.run(async () => {
      const now = await reloadSession(this.app.db, this.session);
      if (!now?.permissions.includes(this.permission)) {
        this.close();
        return;
      }
      this.session = now;
    });
  }
}
