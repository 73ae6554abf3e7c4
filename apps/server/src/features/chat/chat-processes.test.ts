import type { AddressInfo } from 'node:net';
import type { ChatMessage, ChatState } from '@junkan/shared/api/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIS } from '../../../test/fixtures/demo-data';
import { openSse } from '../../../test/sse-client';
import { createTestApp, type TestContext } from '../../../test/test-app';
import type { App } from '../../app';

const urlOf = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;

// Two server processes on one PostgreSQL database: each its own connections and LISTEN connection, so a message
// stored by one reaches the streams of the other only through NOTIFY.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the chat across two server processes', () => {
  let t: TestContext;
  let a: App;
  let b: App;

  beforeAll(async () => {
    t = await createTestApp();
    a = t.app;
    b = (await t.sibling()).app;
    await Promise.all([a, b].map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
    await Promise.all([a.events.ready(), b.events.ready()]);
  });
  afterAll(() => t?.close());

  const send = async (app: App, url: string, token: string, body: object) => {
    const res = await app.inject({ method: 'POST', url, headers: t.auth(token), payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ChatMessage>();
  };

  it("delivers support's answer stored by one process over the other's stream, and the company's question back", async () => {
    const discharger = await t.login(DIS);
    const admin = await t.login(ADMIN);
    const chat = (await b.inject({ url: '/api/chat', headers: t.auth(discharger) })).json<ChatState>();

    const widget = await openSse(`${urlOf(b)}/chat/stream`, discharger);
    const inbox = await openSse(`${urlOf(a)}/admin/chat/stream`, admin);
    try {
      await widget.next((e) => e.event === 'ready');
      await inbox.next((e) => e.event === 'ready');

      const question = await send(b, '/api/chat/messages', discharger, {
        clientId: 'proc-q-1',
        body: 'Bから質問',
      });
      const heard = await inbox.next((e) => e.event === 'message');
      expect(heard.data).toMatchObject({ id: question.id, body: 'Bから質問', side: 'COMPANY' });

      const reply = await send(a, `/api/admin/chat/conversations/${chat.conversationId}/messages`, admin, {
        clientId: 'proc-a-1',
        body: 'Aから回答',
      });
      const delivered = await widget.next(
        (e) => e.event === 'message' && (e.data as ChatMessage).id === reply.id,
      );
      expect(delivered.data).toMatchObject({ body: 'Aから回答', side: 'SUPPORT' });
      // The widget saw its own question too, once each, in order.
      expect(widget.messages().map((m) => m.id)).toEqual([question.id, reply.id]);
    } finally {
      widget.close();
      inbox.close();
    }
  });

  it('catches a reconnecting widget up on the other process from the last id it held', async () => {
    const discharger = await t.login(DIS);
    const admin = await t.login(ADMIN);
    const chat = (await a.inject({ url: '/api/chat', headers: t.auth(discharger) })).json<ChatState>();
    const held = chat.messages.at(-1)!.id;
    // Sent while the widget was not connected, to process A.
    const missed = [];
    for (const [i, body] of ['切断中の回答1', '切断中の回答2'].entries())
      missed.push(
        await send(a, `/api/admin/chat/conversations/${chat.conversationId}/messages`, admin, {
          clientId: `proc-missed-${i}`,
          body,
        }),
      );
    const widget = await openSse(`${urlOf(b)}/chat/stream?after=${held}`, discharger);
    try {
      await widget.next((e) => e.event === 'ready');
      expect(widget.messages().map((m) => m.id)).toEqual(missed.map((m) => m.id));
    } finally {
      widget.close();
    }
  });
});
