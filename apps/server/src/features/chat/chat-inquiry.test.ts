import type { ChatInquiryResult, ChatThread } from '@junkan/shared/api/chat';
import type { InquiryDetail, InquiryPage } from '@junkan/shared/api/inquiries';
import { formatInquiryId } from '@junkan/shared/inquiry-rules';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, companyId, DIS, DIS2, TRANS } from '../../../test/fixtures/demo-data';
import { mailBody } from '../../../test/smtp-sink';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { auditLogs, chatConversations, chatMessages, companies, users } from '../../db/schema';

/** Support turns a discharger's chat into an inquiry (issue 16: "kept with the inquiries"). */

let t: TestContext;
let green: number;
let takahashi: number;
beforeAll(async () => {
  t = await createTestApp();
  green = await conversationOf('株式会社グリーン商事');
  takahashi = await conversationOf('髙橋工業株式会社');
});
afterAll(() => t?.close());

async function conversationOf(name: string) {
  const [row] = await t.db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.companyId, await companyId(t.db, name)));
  return row!.id;
}

let sequence = 0;
const say = (who: string, body: string) =>
  t.as(who).post('/chat/messages', { clientId: `turn-test-${++sequence}`, body });
const answer = (conversationId: number, body: string) =>
  t.as(ADMIN).post(`/admin/chat/conversations/${conversationId}/messages`, {
    clientId: `turn-test-${++sequence}`,
    body,
  });
const turn = (conversationId: number, body: object, who: string = ADMIN) =>
  t.as(who).post(`/admin/chat/conversations/${conversationId}/inquiry`, body);
const thread = async (id: number) =>
  (await t.as(ADMIN).get(`/admin/chat/conversations/${id}`)).json<ChatThread>();
const inquiry = async (id: number) => (await t.as(ADMIN).get(`/admin/inquiries/${id}`)).json<InquiryDetail>();
const enabledUsersOf = async (name: string) =>
  (
    await t.db
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          eq(users.companyId, await companyId(t.db, name)),
          eq(users.role, 'WASTE'),
          eq(users.enabled, true),
          isNull(users.deletedAt),
        ),
      )
  )
    .map((u) => u.email)
    .sort();
const mailsTo = (email: string, from: number) => t.smtp.mails.slice(from).filter((m) => m.to.includes(email));
const messagesOf = (conversationId: number) =>
  t.db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.id));

describe('turning a conversation into an inquiry', () => {
  it('copies the whole conversation, each message with its author and time, and tells the company though it spoke last', async () => {
    const before = t.smtp.mails.length;
    const res = await turn(green, { subject: '回収曜日の追加と費用', importance: 'IMPORTANT' });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<ChatInquiryResult>();
    expect(made.messageCount).toBe(3);

    const chat = await messagesOf(green);
    const detail = await inquiry(made.inquiryId);
    expect(detail).toMatchObject({
      subject: '回収曜日の追加と費用',
      importance: 'IMPORTANT',
      status: 'AWAITING_RESPONSE',
      lastSide: 'WASTE',
      companyName: '株式会社グリーン商事',
      content: chat[0]!.body,
    });
    expect(
      detail.inquiryHistoryDtos.map((h) => [h.kind, h.content, h.userRoles[0]?.role, h.createdDate]),
    ).toEqual(
      chat.map((m) => [
        'MESSAGE',
        m.body,
        m.side === 'COMPANY' ? 'WASTE' : 'ADMIN',
        m.createdAt.toISOString(),
      ]),
    );
    // The discharger finds it among its company's inquiries.
    const own = (await t.as(DIS).get('/inquiries')).json<InquiryPage>();
    expect(own.items.map((i) => i.id)).toContain(made.inquiryId);
    expect((await t.as(DIS2).get('/inquiries')).json<InquiryPage>().items.map((i) => i.id)).not.toContain(
      made.inquiryId,
    );

    // The conversation remembers it: on each message and where the next one starts.
    const after = await thread(green);
    expect(after.messages.map((m) => m.inquiryId)).toEqual([made.inquiryId, made.inquiryId, made.inquiryId]);
    expect(after.conversation).toMatchObject({ lastInquiryId: made.inquiryId, inquiryUpTo: chat.at(-1)!.id });

    // Support recorded it for the company: every enabled discharger user of the company is told so, with the
    // link to its inquiry; support, who did it, is not mailed about a "new inquiry from" the company.
    const mailed = t.smtp.mails.slice(before);
    expect(mailsTo('discharger@example.com', before)).toHaveLength(1);
    expect(mailed.flatMap((m) => m.to).sort()).toEqual(await enabledUsersOf('株式会社グリーン商事'));
    for (const mail of mailed) {
      const body = mailBody(mail.raw);
      expect(body).toContain(
        `Support recorded your conversation as inquiry ${formatInquiryId(made.inquiryId)}`,
      );
      expect(body).toContain('サポートとのやり取りをお問い合わせとして登録しました。');
      expect(body).toContain('件名: 回収曜日の追加と費用');
      expect(body).toContain(`/sys/inquiry?open=${made.inquiryId}`);
    }
    expect(mailsTo('admin@example.com', before)).toHaveLength(0);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'chat.inquiry'), eq(auditLogs.entityId, String(green))));
    expect(audit?.detail).toEqual({ inquiryId: made.inquiryId, messages: 3 });
  });

  it('finds nothing new right after, nor when only support wrote since', async () => {
    const again = await turn(green, { subject: 'もう一度', importance: 'BLANK' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('chat_inquiry_no_messages');
    expect((await answer(green, '費用は契約内容により異なります。担当よりご連絡します。')).statusCode).toBe(
      201,
    );
    expect((await turn(green, { subject: 'もう一度', importance: 'BLANK' })).json().code).toBe(
      'chat_inquiry_no_messages',
    );
  });

  it("starts the next one at the company's next message, takes a message longer than an inquiry reply's 512 characters whole, and stops at upTo", async () => {
    const long = `詳しい状況です。${'あ'.repeat(900)}`;
    const first = (await say(DIS, long)).json<{ id: number }>();
    const second = (await say(DIS, '写真も送れますか？')).json<{ id: number }>();
    const res = await turn(green, { subject: '追加の相談', upTo: first.id });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<ChatInquiryResult>();
    // Support's answer before it belonged to the first inquiry's exchange: passed over.
    expect(made.messageCount).toBe(1);
    const detail = await inquiry(made.inquiryId);
    expect(detail).toMatchObject({ importance: 'BLANK', content: long, status: 'AWAITING_RESPONSE' });
    expect(detail.content.length).toBeGreaterThan(512);
    expect(detail.inquiryHistoryDtos).toHaveLength(1);

    const rest = (
      await turn(green, { subject: '写真について', importance: 'SLIGHTLY_IMPORTANT' })
    ).json<ChatInquiryResult>();
    expect(rest.messageCount).toBe(1);
    expect((await inquiry(rest.inquiryId)).content).toBe('写真も送れますか？');
    const marks = (await thread(green)).messages.map((m) => [m.id, m.inquiryId]);
    expect(marks.slice(-3)).toEqual([
      [marks.at(-3)![0], null],
      [first.id, made.inquiryId],
      [second.id, rest.inquiryId],
    ]);
  });

  it('answers support after its answer: RESPONSE_RECEIVED, and the mail goes to the company', async () => {
    const before = t.smtp.mails.length;
    const made = (
      await turn(takahashi, { subject: '請求書の宛名', importance: 'BLANK' })
    ).json<ChatInquiryResult>();
    expect(made.messageCount).toBe(2);
    expect(await inquiry(made.inquiryId)).toMatchObject({ status: 'RESPONSE_RECEIVED', lastSide: 'ADMIN' });
    const toCompany = mailsTo('discharger2@example.com', before);
    expect(toCompany).toHaveLength(1);
    expect(mailBody(toCompany[0]!.raw)).toContain(`/sys/inquiry?open=${made.inquiryId}`);
    expect(mailsTo('admin@example.com', before)).toHaveLength(0);
  });
});

describe('refusals', () => {
  it("is support's alone", async () => {
    for (const who of [DIS, DIS2, TRANS]) {
      const res = await turn(green, { subject: '件名', importance: 'BLANK' }, who);
      expect(res.statusCode, who).toBe(403);
    }
  });

  it("refuses an unknown conversation, and a message of another company's conversation as the end", async () => {
    const unknown = await turn(987654, { subject: '件名', importance: 'BLANK' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('chat_conversation_not_found');
    await say(DIS2, '別件です。');
    const [otherCompanys] = await messagesOf(green);
    const res = await turn(takahashi, { subject: '件名', importance: 'BLANK', upTo: otherCompanys!.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('chat_message_not_found');
    // Nothing was turned: the company's new message is still there to turn.
    expect((await thread(takahashi)).messages.at(-1)!.inquiryId).toBeNull();
  });

  it('refuses an empty conversation', async () => {
    const [company] = await t.db
      .insert(companies)
      .values({ type: 'WASTE', name: '会話のない株式会社' })
      .returning({ id: companies.id });
    const [empty] = await t.db
      .insert(chatConversations)
      .values({ companyId: company!.id })
      .returning({ id: chatConversations.id });
    const res = await turn(empty!.id, { subject: '件名', importance: 'BLANK' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('chat_inquiry_no_messages');
  });

  it('refuses a blank or overlong subject and an unknown importance with the fields', async () => {
    const blank = await turn(takahashi, { subject: '  ', importance: 'BLANK' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toMatchObject({ subject: 'MSG_00_21' });
    const long = await turn(takahashi, { subject: 'x'.repeat(101), importance: 'URGENT', upTo: 0 });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toMatchObject({
      subject: 'max_length_exceeded',
      importance: 'invalid_format',
      upTo: 'invalid_format',
    });
    expect((await thread(takahashi)).messages.at(-1)!.inquiryId).toBeNull();
  });
});
