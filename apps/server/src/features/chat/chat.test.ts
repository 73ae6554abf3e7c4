import type { AddressInfo } from 'node:net';
import type { ChatInbox, ChatMessage, ChatMessages, ChatState, ChatThread } from '@junkan/shared/api/chat';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, companyId, DIS, DIS2, TRANS } from '../../../test/fixtures/demo-data';
import { openSse } from '../../../test/sse-client';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { chatConversations, chatMessages, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { DEMO_PASSWORD } from '../../seed/demo';

let t: TestContext;
let base = '';
beforeAll(async () => {
  t = await createTestApp();
  // The streams need a real connection: inject waits for an answer's end.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
});
afterAll(() => t.close());

let sequence = 0;
const clientId = () => `test-${Date.now().toString(36)}-${++sequence}`;
const say = (who: string, body: string, id = clientId()) =>
  t.as(who).post('/chat/messages', { clientId: id, body });
const answer = (conversationId: number, body: string, id = clientId()) =>
  t.as(ADMIN).post(`/admin/chat/conversations/${conversationId}/messages`, { clientId: id, body });
const state = async (who: string) => (await t.as(who).get('/chat')).json<ChatState>();
const inbox = async () => (await t.as(ADMIN).get('/admin/chat/conversations')).json<ChatInbox>();
const conversationOf = async (name: string) => {
  const [row] = await t.db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.companyId, await companyId(t.db, name)));
  return row!;
};
const actingFor = async (name: string) => {
  const id = await companyId(t.db, name);
  const res = await t.as(ADMIN).post(`/admin/companies/${id}/auth-token?isTransport=false`);
  return t.as({ token: res.json<{ token: string }>().token });
};

describe('the demo conversations', () => {
  it("shows each discharger its own company's conversation only, with what support wrote unread", async () => {
    const green = await state(DIS);
    expect(green.messages.map((m) => [m.side, m.senderName])).toEqual([
      ['COMPANY', '山田 太郎'],
      ['SUPPORT', null],
      ['COMPANY', '山田 太郎'],
    ]);
    expect(green).toMatchObject({ unreadCount: 0, hasMore: false });
    const takahashi = await state(DIS2);
    expect(takahashi.messages.map((m) => m.body)).toEqual([
      '請求書の宛名を変更できますか？',
      'アカウント情報の会社名を変更いただくと、次回発行分から新しい宛名になります。',
    ]);
    expect(takahashi.unreadCount).toBe(1);
    expect(takahashi.conversationId).not.toBe(green.conversationId);
  });

  it('lists the waiting conversation first in the inbox, with its unread count', async () => {
    const box = await inbox();
    expect(box.items.map((c) => [c.companyName, c.isWaiting, c.unreadCount])).toEqual([
      ['株式会社グリーン商事', true, 1],
      ['髙橋工業株式会社', false, 0],
    ]);
    expect(box).toMatchObject({ total: 2, waitingCount: 1, unreadCount: 1 });
    expect(box.items[0]!.waitingSince).not.toBeNull();
    expect(box.items[0]!.lastMessage).toMatchObject({ side: 'COMPANY' });
  });
});

describe('who may chat', () => {
  it('refuses the widget to transporters, administrators, and administrators acting for a discharger', async () => {
    const acting = await actingFor('株式会社グリーン商事');
    for (const caller of [t.as(TRANS), t.as(ADMIN), acting]) {
      for (const url of ['/chat', '/chat/messages?after=0', '/chat/stream'])
        expect((await caller.get(url)).statusCode, url).toBe(403);
      expect((await caller.post('/chat/messages', { clientId: clientId(), body: 'x' })).statusCode).toBe(403);
      expect((await caller.post('/chat/read', { upTo: 1 })).statusCode).toBe(403);
    }
    expect((await t.anonymous.get('/chat')).statusCode).toBe(401);
  });

  it('keeps the inbox from dischargers and transporters', async () => {
    const green = await conversationOf('株式会社グリーン商事');
    for (const who of [DIS, DIS2, TRANS]) {
      expect((await t.as(who).get('/admin/chat/conversations')).statusCode).toBe(403);
      expect((await t.as(who).get(`/admin/chat/conversations/${green.id}`)).statusCode).toBe(403);
      expect((await t.as(who).get('/admin/chat/stream')).statusCode).toBe(403);
      const post = await t
        .as(who)
        .post(`/admin/chat/conversations/${green.id}/messages`, { clientId: clientId(), body: 'なりすまし' });
      expect(post.statusCode).toBe(403);
    }
    // An administrator acting for a company still answers as support.
    const acting = await actingFor('髙橋工業株式会社');
    expect((await acting.get('/admin/chat/conversations')).statusCode).toBe(200);
  });

  it('answers a discharger without a registered company with an empty chat and refuses its messages', async () => {
    await t.db.insert(users).values({
      email: 'nocompany@example.com',
      userName: '未登録',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      role: 'WASTE',
      enabled: true,
    });
    expect(await state('nocompany@example.com')).toEqual({
      conversationId: null,
      messages: [],
      hasMore: false,
      unreadCount: 0,
      readUpTo: 0,
    });
    const refused = await say('nocompany@example.com', 'こんにちは');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('chat_company_required');
  });
});

describe('sending', () => {
  it('stores a message once however often its client id is sent, and makes the conversation wait', async () => {
    const id = clientId();
    const first = await say(DIS2, '追加で質問です。', id);
    expect(first.statusCode).toBe(201);
    const again = await say(DIS2, '追加で質問です。', id);
    expect(again.statusCode).toBe(200);
    expect(again.json<ChatMessage>()).toEqual(first.json<ChatMessage>());
    // The same id with other text is still the first message: the id names it.
    expect((await say(DIS2, '別の本文', id)).json<ChatMessage>().id).toBe(first.json<ChatMessage>().id);
    const stored = await t.db.select().from(chatMessages).where(eq(chatMessages.clientId, id));
    expect(stored).toHaveLength(1);
    const box = await inbox();
    expect(box.items.map((c) => c.companyName)).toEqual(['株式会社グリーン商事', '髙橋工業株式会社']);
    expect(box.waitingCount).toBe(2);
    // グリーン商事 has waited longer: it stays first.
    expect(box.items[1]).toMatchObject({ isWaiting: true, unreadCount: 1 });
  });

  it("keeps each sender's client ids apart: another's message with the same id is stored as its own", async () => {
    const takahashi = await conversationOf('髙橋工業株式会社');
    const id = clientId();
    const company = await say(DIS2, '会社側の質問', id);
    expect(company.statusCode).toBe(201);
    // Support answering with an id the company used (guessed, or by chance) is not the company's message.
    const reply = await answer(takahashi.id, 'サポートの回答', id);
    expect(reply.statusCode).toBe(201);
    expect(reply.json<ChatMessage>()).toMatchObject({ side: 'SUPPORT', body: 'サポートの回答' });
    // Nor is a colleague's in the same company's conversation.
    const colleague = await say('umeda@example.com', '同僚の質問', id);
    expect(colleague.statusCode).toBe(201);
    expect(colleague.json<ChatMessage>().body).toBe('同僚の質問');
    const stored = await t.db.select().from(chatMessages).where(eq(chatMessages.clientId, id));
    expect(stored.map((m) => m.body).sort()).toEqual(['サポートの回答', '会社側の質問', '同僚の質問'].sort());
    // Each sender sending its id again still gets its own message back.
    expect((await answer(takahashi.id, 'x', id)).json<ChatMessage>().id).toBe(reply.json<ChatMessage>().id);
  });

  it('clears the wait when support answers, and counts the answer unread for the company', async () => {
    const takahashi = await conversationOf('髙橋工業株式会社');
    const before = await state(DIS2);
    const res = await answer(takahashi.id, '承知しました。確認いたします。');
    expect(res.statusCode).toBe(201);
    expect(res.json<ChatMessage>()).toMatchObject({ side: 'SUPPORT', senderName: null });
    const box = await inbox();
    expect(box.items.find((c) => c.id === takahashi.id)).toMatchObject({
      isWaiting: false,
      waitingSince: null,
      unreadCount: 0,
    });
    expect((await state(DIS2)).unreadCount).toBe(before.unreadCount + 1);
  });

  it('refuses blank, overlong and badly identified messages, and unknown conversations', async () => {
    expect((await say(DIS, '   ')).json().fields).toEqual({ body: 'MSG_00_21' });
    expect((await say(DIS, 'x'.repeat(1001))).json().fields).toEqual({ body: 'max_length_exceeded' });
    expect((await say(DIS, 'x', 'bad id!')).json().fields).toEqual({ clientId: 'invalid_format' });
    expect((await answer(999_999, 'x')).statusCode).toBe(404);
    expect((await t.as(ADMIN).get('/admin/chat/conversations/999999')).json().code).toBe(
      'chat_conversation_not_found',
    );
    expect((await t.as(ADMIN).post('/admin/chat/conversations/999999/read', { upTo: 1 })).statusCode).toBe(
      404,
    );
  });
});

describe('reading', () => {
  it('catches up after an id, and pages back before one', async () => {
    const green = await conversationOf('株式会社グリーン商事');
    const all = (await state(DIS)).messages;
    const after = await t.as(DIS).get(`/chat/messages?after=${all[0]!.id}`);
    expect(after.json<ChatMessages>().messages.map((m) => m.id)).toEqual(all.slice(1).map((m) => m.id));
    const before = await t.as(DIS).get(`/chat/messages?before=${all.at(-1)!.id}`);
    expect(before.json<ChatMessages>().messages.map((m) => m.id)).toEqual(all.slice(0, -1).map((m) => m.id));
    const admin = await t.as(ADMIN).get(`/admin/chat/conversations/${green.id}/messages?after=0`);
    expect(admin.json<ChatMessages>().messages.map((m) => m.id)).toEqual(all.map((m) => m.id));
    expect((await t.as(DIS).get('/chat/messages?after=1&before=5')).statusCode).toBe(400);
  });

  it('moves a read mark forward only, never past the last message', async () => {
    const takahashi = await conversationOf('髙橋工業株式会社');
    expect((await state(DIS2)).unreadCount).toBeGreaterThan(0);
    expect((await t.as(DIS2).post('/chat/read', { upTo: 2_000_000 })).statusCode).toBe(200);
    const read = await state(DIS2);
    expect(read.unreadCount).toBe(0);
    expect(read.readUpTo).toBe((await conversationOf('髙橋工業株式会社')).lastMessageId);
    await t.as(DIS2).post('/chat/read', { upTo: 1 });
    expect((await state(DIS2)).readUpTo).toBe(read.readUpTo);

    await say(DIS2, 'もう一つ質問です。');
    const thread = (await t.as(ADMIN).get(`/admin/chat/conversations/${takahashi.id}`)).json<ChatThread>();
    expect(thread.conversation.unreadCount).toBe(1);
    await t
      .as(ADMIN)
      .post(`/admin/chat/conversations/${takahashi.id}/read`, { upTo: thread.messages.at(-1)!.id });
    expect((await inbox()).items.find((c) => c.id === takahashi.id)?.unreadCount).toBe(0);
  });

  it('does not mark read for an administrator acting for the company', async () => {
    await answer((await conversationOf('株式会社グリーン商事')).id, '費用の目安は契約詳細に表示されます。');
    const unread = (await state(DIS)).unreadCount;
    expect(unread).toBeGreaterThan(0);
    const acting = await actingFor('株式会社グリーン商事');
    // The acting admin has no widget; the mark stays the company's own.
    expect((await acting.post('/chat/read', { upTo: 2_000_000 })).statusCode).toBe(403);
    expect((await state(DIS)).unreadCount).toBe(unread);
  });
});

describe('the streams', () => {
  it('delivers support answers to the company live, after what it missed, and nothing of another company', async () => {
    const green = await conversationOf('株式会社グリーン商事');
    const held = (await state(DIS)).messages;
    const missedFrom = held.at(-2)!.id;
    const company = await openSse(`${base}/chat/stream?after=${missedFrom}`, await t.as(DIS).token());
    const other = await openSse(`${base}/chat/stream`, await t.as(DIS2).token());
    try {
      expect(company.status).toBe(200);
      expect(company.headers['content-type']).toContain('text/event-stream');
      expect(company.headers['cache-control']).toBe('no-store');
      // First what came after the id it held, then `ready`.
      await company.next((e) => e.event === 'ready');
      expect(company.messages().map((m) => m.id)).toEqual([held.at(-1)!.id]);
      await other.next((e) => e.event === 'ready');

      const sent = (await answer(green.id, 'ライブで届く回答です。')).json<ChatMessage>();
      const live = await company.next((e) => e.event === 'message' && (e.data as ChatMessage).id === sent.id);
      expect(live).toMatchObject({
        id: String(sent.id),
        data: { body: 'ライブで届く回答です。', side: 'SUPPORT' },
      });
      // The company's own messages reach its other windows too.
      const own = (await say(DIS, '自分の送信も届く')).json<ChatMessage>();
      await company.next((e) => e.event === 'message' && (e.data as ChatMessage).id === own.id);
      await t.as(DIS).post('/chat/read', { upTo: own.id });
      await company.next((e) => e.event === 'read' && (e.data as { side: string }).side === 'COMPANY');

      // The other company's stream heard none of it.
      await say(DIS2, '髙橋工業の確認用');
      await other.next((e) => e.event === 'message');
      expect(other.messages().map((m) => m.body)).toEqual(['髙橋工業の確認用']);
    } finally {
      company.close();
      other.close();
    }
  });

  it("delivers every company's messages and read marks to support's inbox stream", async () => {
    const stream = await openSse(`${base}/admin/chat/stream`, await t.as(ADMIN).token());
    try {
      await stream.next((e) => e.event === 'ready');
      const a = (await say(DIS, 'サポートへ1')).json<ChatMessage>();
      const b = (await say(DIS2, 'サポートへ2')).json<ChatMessage>();
      await stream.next((e) => e.event === 'message' && (e.data as ChatMessage).id === b.id);
      expect(stream.messages().map((m) => m.id)).toEqual([a.id, b.id]);
      await t.as(ADMIN).post(`/admin/chat/conversations/${a.conversationId}/read`, { upTo: a.id });
      const read = await stream.next((e) => e.event === 'read');
      expect(read.data).toEqual({ conversationId: a.conversationId, side: 'SUPPORT', upTo: a.id });
    } finally {
      stream.close();
    }
  });

  it('ends a stream when its sign-in ends', async () => {
    const token = await t.login(DIS);
    const stream = await openSse(`${base}/chat/stream`, token);
    await stream.next((e) => e.event === 'ready');
    expect((await t.as({ token }).post('/auth/logout')).statusCode).toBeLessThan(300);
    await stream.end();
    // Reconnecting with the ended sign-in is refused.
    expect((await openSse(`${base}/chat/stream`, token)).status).toBe(401);
  });
});
