import type { ChatMessages, ChatSendInput, ChatState } from '@junkan/shared/api/chat';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { chatConversations, companies } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import {
  announceMessage,
  lockConversation,
  markRead,
  readMessages,
  type Sent,
  storeMessage,
  unreadFor,
} from './chat-messages';

// The discharger's side of its chat with support. Support's side is chat-support.ts.

async function companyConversation(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ conversation: chatConversations, unread: unreadFor('COMPANY') })
    .from(chatConversations)
    .where(eq(chatConversations.companyId, companyId));
  return row ?? null;
}

/** GET /chat: the company's conversation (none before its first message) with its latest messages. */
export async function getCompanyChat(app: FastifyInstance, caller: Caller): Promise<ChatState> {
  // A discharger that has not registered its company yet has no conversation.
  const found = await companyConversation(app.db, caller.companyId);
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
  caller: Caller,
  query: { after?: number; before?: number },
): Promise<ChatMessages> {
  // A discharger that has not registered its company yet has no conversation.
  const found = await companyConversation(app.db, caller.companyId);
  if (!found) return { messages: [], hasMore: false };
  return readMessages(app.db, found.conversation.id, query);
}

/** POST /chat/messages: the discharger writes to support; the conversation starts with its first message. */
export async function sendCompanyMessage(
  app: FastifyInstance,
  caller: Caller,
  input: ChatSendInput,
): Promise<Sent> {
  const { companyId } = caller;
  const sent = await app.db.transaction(async (tx) => {
    // A discharger that has not registered its company yet (its reads scoped to no company) cannot start one.
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw new AppError('chat_company_required');
    await tx.insert(chatConversations).values({ companyId }).onConflictDoNothing();
    const conversation = await lockConversation(tx, eq(chatConversations.companyId, companyId));
    return storeMessage(tx, conversation!, 'COMPANY', caller.session.userId, input);
  });
  if (sent.created) await announceMessage(app, companyId, sent.message);
  return sent;
}

/** POST /chat/read: the company has read support's messages up to `upTo`. Nothing to mark before a conversation. */
export async function markCompanyRead(app: FastifyInstance, caller: Caller, upTo: number): Promise<void> {
  // An administrator acting for the company reads without marking: the company has not seen it.
  if (caller.session.adminId != null) return;
  await markRead(app, eq(chatConversations.companyId, caller.companyId), 'COMPANY', upTo);
}
