import type { ChatInquiryResult } from '@junkan/shared/api/chat';
import type { InquiryImportance } from '@junkan/shared/enums';
import { chatMessagesToTurn } from '@junkan/shared/rules/chat-rules';
import { and, asc, eq, gt, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { chatConversations, chatMessages } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../plugins/auth';
import { openInquiry, supportAuthor } from '../inquiry-core/inquiry-records';
import { lockConversation } from './chat-messages';

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
