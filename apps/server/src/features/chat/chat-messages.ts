import type { ChatMessage, ChatMessages, ChatSendInput } from '@junkan/shared/api/chat';
import { CHAT_CATCH_UP_LIMIT, CHAT_PAGE_SIZE, type ChatSide } from '@junkan/shared/rules/chat-rules';
import { and, asc, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { chatConversations, chatMessages, users } from '../../db/schema';
import { announceChatEvent } from './chat-events';

// A conversation's messages and read marks, as both sides read and write them: the discharger's calls in
// chat.service.ts, support's in chat-support.ts.

export type ConversationRow = typeof chatConversations.$inferSelect;

const messageColumns = {
  id: chatMessages.id,
  conversationId: chatMessages.conversationId,
  side: chatMessages.side,
  userName: users.userName,
  clientId: chatMessages.clientId,
  body: chatMessages.body,
  inquiryId: chatMessages.inquiryId,
  createdAt: chatMessages.createdAt,
};

type MessageRow = {
  id: number;
  conversationId: number;
  side: ChatSide;
  userName: string;
  clientId: string;
  body: string;
  inquiryId: number | null;
  createdAt: Date;
};

/** Support's staff are not named to the company: their messages are support's. */
const toMessage = (r: MessageRow): ChatMessage => ({
  id: r.id,
  conversationId: r.conversationId,
  side: r.side,
  senderName: r.side === 'COMPANY' ? r.userName : null,
  clientId: r.clientId,
  body: r.body,
  inquiryId: r.inquiryId,
  createdAt: r.createdAt.toISOString(),
});

const selectMessages = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderUserId))
    .where(where);

/**
 * A conversation's messages: after `after` (oldest first, up to the catch-up limit), before `before` (the page
 * of older ones), or the latest page. `hasMore` says a further call would find more in that direction.
 */
export async function readMessages(
  db: DbOrTx,
  conversationId: number,
  query: { after?: number; before?: number },
): Promise<ChatMessages> {
  const inConversation = eq(chatMessages.conversationId, conversationId);
  if (query.after !== undefined) {
    const rows = await selectMessages(db, and(inConversation, gt(chatMessages.id, query.after)))
      .orderBy(asc(chatMessages.id))
      .limit(CHAT_CATCH_UP_LIMIT + 1);
    return {
      messages: rows.slice(0, CHAT_CATCH_UP_LIMIT).map(toMessage),
      hasMore: rows.length > CHAT_CATCH_UP_LIMIT,
    };
  }
  const rows = await selectMessages(
    db,
    query.before === undefined ? inConversation : and(inConversation, lt(chatMessages.id, query.before)),
  )
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_PAGE_SIZE + 1);
  return {
    messages: rows.slice(0, CHAT_PAGE_SIZE).reverse().map(toMessage),
    hasMore: rows.length > CHAT_PAGE_SIZE,
  };
}

/** One stored message, for the streams that heard of it. */
export async function readMessage(db: DbOrTx, id: number): Promise<ChatMessage | null> {
  const [row] = await selectMessages(db, eq(chatMessages.id, id));
  return row ? toMessage(row) : null;
}

/**
 * The other side's messages after `side`'s read mark. Written out in SQL: drizzle leaves columns unqualified in
 * a one-table select, and inside this subquery `id` would be the message's.
 */
export const unreadFor = (side: ChatSide) => {
  const other: ChatSide = side === 'COMPANY' ? 'SUPPORT' : 'COMPANY';
  const mark = sql.raw(
    side === 'COMPANY' ? 'chat_conversations.company_read_up_to' : 'chat_conversations.support_read_up_to',
  );
  return sql<number>`(select count(*) from chat_messages m where m.conversation_id = chat_conversations.id and m.side = ${other} and m.id > ${mark})`.mapWith(
    Number,
  );
};

export interface Sent {
  message: ChatMessage;
  /** False when the client id was sent before: nothing new was stored. */
  created: boolean;
}

/**
 * Stores a message in the conversation the row lock holds. A client id the same sender already stored answers
 * that message (sending again after a lost answer stores nothing new); another sender's id is not looked at.
 * Taking the lock before the id is drawn makes a conversation's ids grow in commit order, so "after id" never
 * skips a message committed late.
 */
export async function storeMessage(
  tx: DbOrTx,
  conversation: ConversationRow,
  side: ChatSide,
  userId: number,
  input: ChatSendInput,
): Promise<Sent> {
  const [existing] = await selectMessages(
    tx,
    and(
      eq(chatMessages.conversationId, conversation.id),
      eq(chatMessages.senderUserId, userId),
      eq(chatMessages.clientId, input.clientId),
    ),
  );
  if (existing) return { message: toMessage(existing), created: false };
  const [stored] = await tx
    .insert(chatMessages)
    .values({
      conversationId: conversation.id,
      side,
      senderUserId: userId,
      clientId: input.clientId,
      body: input.body,
    })
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  const readMark = side === 'COMPANY' ? chatConversations.companyReadUpTo : chatConversations.supportReadUpTo;
  await tx
    .update(chatConversations)
    .set({
      lastMessageId: stored!.id,
      lastMessageAt: stored!.createdAt,
      lastSide: side,
      // Waiting from the company's first message since support last spoke, until support answers.
      waitingSince:
        side === 'COMPANY' ? sql`coalesce(${chatConversations.waitingSince}, ${stored!.createdAt})` : null,
      // Whoever writes has read what came before.
      [side === 'COMPANY' ? 'companyReadUpTo' : 'supportReadUpTo']: sql`greatest(${readMark}, ${stored!.id})`,
    })
    .where(eq(chatConversations.id, conversation.id));
  const message = await readMessage(tx, stored!.id);
  return { message: message!, created: true };
}

export const lockConversation = async (tx: DbOrTx, where: SQL) =>
  (await tx.select().from(chatConversations).where(where).for('update'))[0] ?? null;

export const announceMessage = (app: FastifyInstance, companyId: number, message: ChatMessage) =>
  announceChatEvent(app, {
    kind: 'message',
    conversationId: message.conversationId,
    companyId,
    messageId: message.id,
  });

/**
 * Moves `side`'s read mark up to `upTo` (never back, never past the last message) and tells the other
 * streams, so every open widget or inbox of that side shows the new count.
 */
export async function markRead(
  app: FastifyInstance,
  where: SQL,
  side: ChatSide,
  upTo: number,
): Promise<{ conversation: ConversationRow } | null> {
  const mark = side === 'COMPANY' ? chatConversations.companyReadUpTo : chatConversations.supportReadUpTo;
  const next = sql`greatest(${mark}, least(${upTo}, coalesce(${chatConversations.lastMessageId}, 0)))`;
  const [conversation] = await app.db
    .update(chatConversations)
    .set(side === 'COMPANY' ? { companyReadUpTo: next } : { supportReadUpTo: next })
    .where(where)
    .returning();
  if (!conversation) return null;
  await announceChatEvent(app, {
    kind: 'read',
    conversationId: conversation.id,
    companyId: conversation.companyId,
    side,
    upTo: side === 'COMPANY' ? conversation.companyReadUpTo : conversation.supportReadUpTo,
  });
  return { conversation };
}
