import { z } from 'zod';
import { CHAT_CLIENT_ID_PATTERN, CHAT_MESSAGE_MAX_LENGTH, CHAT_SIDES } from '../rules/chat-rules';
import { decimalParam, MAX_ID, textSchema, wholeNumber } from '../validation';
import { pageOf, pageQuery } from './common';
import { inquiryCreateSchema } from './inquiries';

/** POST /chat/messages and POST /admin/chat/conversations/{id}/messages. Sending one clientId twice stores it once. */
export const chatSendInputSchema = z.object({
  clientId: z.string({ error: 'MSG_00_21' }).regex(CHAT_CLIENT_ID_PATTERN, 'invalid_format'),
  body: textSchema().trim().min(1, 'MSG_00_21').max(CHAT_MESSAGE_MAX_LENGTH, 'max_length_exceeded'),
});
export type ChatSendInput = z.infer<typeof chatSendInputSchema>;

/** POST /chat/read and POST /admin/chat/conversations/{id}/read: this side has read up to the message id. */
export const chatReadInputSchema = z.object({ upTo: wholeNumber(0, MAX_ID) });

/**
 * GET .../messages: `after` a message id for what came since (the catch-up after a dropped connection, oldest
 * first), or `before` one for the page of older messages; one of them at most.
 */
export const chatMessagesQuerySchema = z
  .object({ after: decimalParam(0, MAX_ID).optional(), before: decimalParam(1, MAX_ID).optional() })
  .superRefine((q, ctx) => {
    if (q.after !== undefined && q.before !== undefined)
      ctx.addIssue({ code: 'custom', path: ['after'], message: 'invalid_request' });
  });

/** GET /chat/stream: the messages after `after` come first, then each new one as it is stored. */
export const chatStreamQuerySchema = z.object({ after: decimalParam(0, MAX_ID).optional() });

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  side: z.enum(CHAT_SIDES),
  /** The company user who wrote it; null for support (whose staff are not named to the company). */
  senderName: z.string().nullable(),
  clientId: z.string(),
  body: z.string(),
  /** The inquiry support turned this message into, if it did. */
  inquiryId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatMessagesSchema = z.object({
  /** Oldest first. */
  messages: z.array(chatMessageSchema),
  /** More messages lie beyond this page (older for `before` or a first load; newer for `after`). */
  hasMore: z.boolean(),
});
export type ChatMessages = z.infer<typeof chatMessagesSchema>;

/** GET /chat: the discharger company's conversation (none until its first message) and its latest messages. */
export const chatStateSchema = chatMessagesSchema.extend({
  conversationId: z.number().int().nullable(),
  /** Support's messages after the company's read mark. */
  unreadCount: z.number().int(),
  /** The company side has read up to this message id. */
  readUpTo: z.number().int(),
});
export type ChatState = z.infer<typeof chatStateSchema>;

/** A conversation in the administrators' inbox. */
export const chatConversationSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  lastMessage: z.object({ body: z.string(), side: z.enum(CHAT_SIDES), createdAt: z.string() }).nullable(),
  /** The company spoke last: support has not answered yet. */
  isWaiting: z.boolean(),
  /** Since the first of the company's messages support has not answered; null when not waiting. */
  waitingSince: z.string().nullable(),
  /** The company's messages after support's read mark. */
  unreadCount: z.number().int(),
  /** Support has read up to this message id. */
  readUpTo: z.number().int(),
  /** The messages up to this id were turned into an inquiry (or passed over by one); the next starts after it. */
  inquiryUpTo: z.number().int(),
  /** The latest inquiry made from this conversation. */
  lastInquiryId: z.number().int().nullable(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** GET /admin/chat/conversations: waiting conversations first (the longest waiting first), then the latest. */
export const chatInboxQuerySchema = pageQuery(50);
export const chatInboxSchema = pageOf(chatConversationSchema).extend({
  waitingCount: z.number().int(),
  unreadCount: z.number().int(),
});
export type ChatInbox = z.infer<typeof chatInboxSchema>;

/** GET /admin/chat/conversations/{id}: the conversation and its latest messages. */
export const chatThreadSchema = chatMessagesSchema.extend({ conversation: chatConversationSchema });
export type ChatThread = z.infer<typeof chatThreadSchema>;

/**
 * POST /admin/chat/conversations/{id}/inquiry: support turns the messages since the last inquiry made from the
 * conversation, up to `upTo` (the last one support sees; the latest when not given), into an inquiry of the
 * company with this subject and importance. Messages are taken whole (a chat message may be longer than an
 * inquiry reply's 512 characters).
 */
export const chatInquiryInputSchema = inquiryCreateSchema
  .pick({ subject: true, importance: true })
  .extend({ upTo: wholeNumber(1, MAX_ID).optional() });
export type ChatInquiryInput = z.input<typeof chatInquiryInputSchema>;

export const chatInquiryResultSchema = z.object({
  inquiryId: z.number().int(),
  /** How many of the conversation's messages the inquiry holds. */
  messageCount: z.number().int(),
});
export type ChatInquiryResult = z.infer<typeof chatInquiryResultSchema>;

export const chatReadEventSchema = z.object({
  conversationId: z.number().int(),
  side: z.enum(CHAT_SIDES),
  upTo: z.number().int(),
});
