import type {
  ChatConversation,
  ChatInbox,
  ChatMessages,
  ChatSendInput,
  ChatThread,
} from '@junkan/shared/api/chat';
import type { PageQuery } from '@junkan/shared/api/common';
import { type ChatSide, isChatWaiting } from '@junkan/shared/rules/chat-rules';
import { count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { chatConversations, chatMessages, companies } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { offsetOf } from '../../lib/paging';
import type { Caller } from '../../plugins/auth';
import {
  announceMessage,
  type ConversationRow,
  lockConversation,
  markRead,
  readMessages,
  type Sent,
  storeMessage,
  unreadFor,
} from './chat-messages';

// Support's side (administrators): the inbox of conversations, a thread, answering and read marks. Turning
// messages into an inquiry is chat-inquiry.ts.

const inboxColumns = {
  conversation: chatConversations,
  companyName: companies.name,
  lastBody: chatMessages.body,
  lastSide: chatMessages.side,
  lastAt: chatMessages.createdAt,
  unread: unreadFor('SUPPORT'),
};

type InboxRow = {
  conversation: ConversationRow;
  companyName: string;
  lastBody: string | null;
  lastSide: ChatSide | null;
  lastAt: Date | null;
  unread: number;
};

const inboxQuery = (db: DbOrTx) =>
  db
    .select(inboxColumns)
    .from(chatConversations)
    .innerJoin(companies, eq(companies.id, chatConversations.companyId))
    .leftJoin(chatMessages, eq(chatMessages.id, chatConversations.lastMessageId));

function toConversation(r: InboxRow): ChatConversation {
  const c = r.conversation;
  return {
    id: c.id,
    companyId: c.companyId,
    companyName: r.companyName,
    lastMessage:
      r.lastBody !== null && r.lastSide !== null && r.lastAt !== null
        ? { body: r.lastBody, side: r.lastSide, createdAt: r.lastAt.toISOString() }
        : null,
    isWaiting: isChatWaiting(c.lastSide),
    waitingSince: c.waitingSince?.toISOString() ?? null,
    unreadCount: r.unread,
    readUpTo: c.supportReadUpTo,
    inquiryUpTo: c.inquiryUpTo,
    lastInquiryId: c.lastInquiryId,
  };
}

/**
 * GET /admin/chat/conversations: the conversations with messages, those waiting for support first (the longest
 * waiting first), then the others by their latest message.
 */
export async function listInbox(app: FastifyInstance, query: PageQuery): Promise<ChatInbox> {
  const hasMessages = isNotNull(chatConversations.lastMessageId);
  const [rows, [totals]] = await Promise.all([
    inboxQuery(app.db)
      .where(hasMessages)
      .orderBy(
        sql`${chatConversations.waitingSince} asc nulls last`,
        desc(chatConversations.lastMessageAt),
        desc(chatConversations.id),
      )
      .limit(query.size)
      .offset(offsetOf(query)),
    app.db
      .select({
        total: count(),
        waiting: sql<number>`count(*) filter (where ${chatConversations.waitingSince} is not null)`.mapWith(
          Number,
        ),
        unread: sql<number>`coalesce(sum(${unreadFor('SUPPORT')}), 0)`.mapWith(Number),
      })
      .from(chatConversations)
      .where(hasMessages),
  ]);
  return {
    items: rows.map(toConversation),
    total: totals?.total ?? 0,
    waitingCount: totals?.waiting ?? 0,
    unreadCount: totals?.unread ?? 0,
    page: query.page,
    size: query.size,
  };
}

async function conversationById(db: DbOrTx, id: number): Promise<ChatConversation> {
  const [row] = await inboxQuery(db).where(eq(chatConversations.id, id));
  if (!row) throw new AppError('chat_conversation_not_found');
  return toConversation(row);
}

/** GET /admin/chat/conversations/{id}: the conversation and its latest messages. */
export async function getThread(app: FastifyInstance, id: number): Promise<ChatThread> {
  const conversation = await conversationById(app.db, id);
  return { conversation, ...(await readMessages(app.db, id, {})) };
}

/** GET /admin/chat/conversations/{id}/messages. */
export async function listThreadMessages(
  app: FastifyInstance,
  id: number,
  query: { after?: number; before?: number },
): Promise<ChatMessages> {
  await conversationById(app.db, id);
  return readMessages(app.db, id, query);
}

/** POST /admin/chat/conversations/{id}/messages: support answers. */
export async function sendSupportMessage(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  input: ChatSendInput,
): Promise<Sent> {
  const { sent, companyId } = await app.db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, eq(chatConversations.id, id));
    if (!conversation) throw new AppError('chat_conversation_not_found');
    // An administrator acting for an operator still answers as itself: support.
    const userId = caller.session.adminId ?? caller.session.userId;
    return {
      sent: await storeMessage(tx, conversation, 'SUPPORT', userId, input),
      companyId: conversation.companyId,
    };
  });
  if (sent.created) await announceMessage(app, companyId, sent.message);
  return sent;
}

/** POST /admin/chat/conversations/{id}/read. */
export async function markSupportRead(app: FastifyInstance, id: number, upTo: number): Promise<void> {
  const marked = await markRead(app, eq(chatConversations.id, id), 'SUPPORT', upTo);
  if (!marked) throw new AppError('chat_conversation_not_found');
}
