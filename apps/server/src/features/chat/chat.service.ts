import {
  CHAT_CATCH_UP_LIMIT,
  CHAT_PAGE_SIZE,
  type ChatConversation,
  type ChatInbox,
  type ChatInquiryResult,
  type ChatMessage,
  type ChatMessages,
  type ChatSendInput,
  type ChatSide,
  type ChatState,
  type ChatThread,
  chatMessagesToTurn,
  type InquiryImportance,
  isChatWaiting,
  type PageQuery,
} from '@junkan/shared';
import { and, asc, count, desc, eq, gt, gte, isNotNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { chatConversations, chatMessages, companies, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { offsetOf } from '../../lib/paging';
import type { Caller, Session } from '../../plugins/auth';
import { openInquiry, supportAuthor } from '../inquiry-core/inquiry-records';
import { announceChatEvent } from './chat-events';

type ConversationRow = typeof chatConversations.$inferSelect;

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
const unreadFor = (side: ChatSide) => {
  const other: ChatSide = side === 'COMPANY' ? 'SUPPORT' : 'COMPANY';
  const mark = sql.raw(
    side === 'COMPANY' ? 'chat_conversations.company_read_up_to' : 'chat_conversations.support_read_up_to',
  );
  return sql<number>`(select count(*) from chat_messages m where m.conversation_id = chat_conversations.id and m.side = ${other} and m.id > ${mark})`.mapWith(
    Number,
  );
};

async function companyConversation(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ conversation: chatConversations, unread: unreadFor('COMPANY') })
    .from(chatConversations)
    .where(eq(chatConversations.companyId, companyId));
  return row ?? null;
}

/** The discharger's company; a discharger that has not registered it yet has no conversation. */
function companyOf(session: Session): number | null {
  return session.companyId;
}

// ---- The discharger's side ------------------------------------------------------------------------

/** GET /chat: the company's conversation (none before its first message) with its latest messages. */
export async function getCompanyChat(app: FastifyInstance, session: Session): Promise<ChatState> {
  const companyId = companyOf(session);
  const found = companyId === null ? null : await companyConversation(app.db, companyId);
  if (!found) return { conversationId: null, messages: [], hasMore: false, unreadCount: 0, readUpTo: 0 };
  const page = await readMessages(app.db, found.conversation.id, {});
  return {
    conversationId: found.conversation.id,
    ...page,
    unreadCount: found.unread,
    readUpTo: found.conversation.companyReadUpTo,
  };
}

/** GET /chat/messages: the company's messages after or before an id. */
export async function listCompanyMessages(
  app: FastifyInstance,
  session: Session,
  query: { after?: number; before?: number },
): Promise<ChatMessages> {
  const companyId = companyOf(session);
  const found = companyId === null ? null : await companyConversation(app.db, companyId);
  if (!found) return { messages: [], hasMore: false };
  return readMessages(app.db, found.conversation.id, query);
}

interface Sent {
  message: ChatMessage;
  /** False when the client id was sent before: nothing new was stored. */
  created: boolean;
}

/**
 * Stores a message in the conversation the row lock holds. A client id already stored answers that message
 * (sending again after a lost answer stores nothing new). Taking the lock before the id is drawn makes a
 * conversation's ids grow in commit order, so "after id" never skips a message committed late.
 */
async function storeMessage(
  tx: DbOrTx,
  conversation: ConversationRow,
  side: ChatSide,
  userId: number,
  input: ChatSendInput,
): Promise<Sent> {
  const [existing] = await selectMessages(
    tx,
    and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.clientId, input.clientId)),
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

const lockConversation = async (tx: DbOrTx, where: SQL) =>
  (await tx.select().from(chatConversations).where(where).for('update'))[0] ?? null;

/** POST /chat/messages: the discharger writes to support; the conversation starts with its first message. */
export async function sendCompanyMessage(
  app: FastifyInstance,
  caller: Caller,
  input: ChatSendInput,
): Promise<Sent> {
  const companyId = companyOf(caller.session);
  if (companyId === null) throw new AppError('chat_company_required');
  const sent = await app.db.transaction(async (tx) => {
    await tx.insert(chatConversations).values({ companyId }).onConflictDoNothing();
    const conversation = await lockConversation(tx, eq(chatConversations.companyId, companyId));
    return storeMessage(tx, conversation!, 'COMPANY', caller.session.userId, input);
  });
  if (sent.created) await announceMessage(app, companyId, sent.message);
  return sent;
}

const announceMessage = (app: FastifyInstance, companyId: number, message: ChatMessage) =>
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
async function markRead(
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

/** POST /chat/read: the company has read support's messages up to `upTo`. Nothing to mark before a conversation. */
export async function markCompanyRead(app: FastifyInstance, session: Session, upTo: number): Promise<void> {
  const companyId = companyOf(session);
  // An administrator acting for the company reads without marking: the company has not seen it.
  if (companyId === null || session.adminId != null) return;
  await markRead(app, eq(chatConversations.companyId, companyId), 'COMPANY', upTo);
}

// ---- Support (administrators) ---------------------------------------------------------------------

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

/**
 * POST /admin/chat/conversations/{id}/inquiry: support turns the messages since the last inquiry made from the
 * conversation (up to `upTo`, the last one support saw) into an inquiry of the company, each message whole with
 * its author and time, through the inquiry core (status, audit, and the mail that tells the company support
 * recorded it, whoever wrote last).
 * The messages keep the inquiry's id and the conversation where the next one starts, in the same transaction;
 * the conversation's lock makes a second click find nothing new rather than a second inquiry.
 */
export async function turnIntoInquiry(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  input: { subject: string; importance: InquiryImportance; upTo?: number },
): Promise<ChatInquiryResult> {
  return app.db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, eq(chatConversations.id, id));
    if (!conversation) throw new AppError('chat_conversation_not_found');
    const inConversation = eq(chatMessages.conversationId, id);
    let upTo = conversation.lastMessageId ?? 0;
    if (input.upTo !== undefined) {
      const [named] = await tx
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(inConversation, eq(chatMessages.id, input.upTo)));
      if (!named) throw new AppError('chat_message_not_found');
      upTo = named.id;
    }
    const range = await tx
      .select({
        id: chatMessages.id,
        side: chatMessages.side,
        senderUserId: chatMessages.senderUserId,
        body: chatMessages.body,
        createdAt: chatMessages.createdAt,
      })
      .from(chatMessages)
      .where(and(inConversation, gt(chatMessages.id, conversation.inquiryUpTo), lte(chatMessages.id, upTo)))
      .orderBy(asc(chatMessages.id));
    const turned = chatMessagesToTurn(range, conversation.inquiryUpTo, upTo);
    if (turned.length === 0) throw new AppError('chat_inquiry_no_messages');
    const { inquiryId } = await openInquiry(app, tx, caller, {
      companyId: conversation.companyId,
      openedBy: supportAuthor(caller.session),
      subject: input.subject,
      importance: input.importance,
      // The company's messages are a discharger's (the chat is theirs alone); support's are the admin's.
      messages: turned.map((m) => ({
        author: {
          userId: m.senderUserId,
          side: m.side === 'COMPANY' ? ('WASTE' as const) : ('ADMIN' as const),
          actingAdminId: null,
        },
        content: m.body,
        at: m.createdAt,
      })),
    });
    await tx
      .update(chatMessages)
      .set({ inquiryId })
      .where(and(inConversation, gte(chatMessages.id, turned[0]!.id), lte(chatMessages.id, upTo)));
    await tx
      .update(chatConversations)
      .set({ inquiryUpTo: upTo, lastInquiryId: inquiryId })
      .where(eq(chatConversations.id, id));
    await recordAudit(tx, caller, {
      action: 'chat.inquiry',
      entity: 'chat_conversation',
      entityId: id,
      detail: { inquiryId, messages: turned.length },
    });
    return { inquiryId, messageCount: turned.length };
  });
}
