import {
  chatInboxQuerySchema,
  chatInboxSchema,
  chatInquiryInputSchema,
  chatInquiryResultSchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatMessagesSchema,
  chatReadInputSchema,
  chatSendInputSchema,
  chatStateSchema,
  chatStreamQuerySchema,
  chatThreadSchema,
} from '@junkan/shared/api/chat';
import { errorSchema, idParamSchema, okSchema } from '@junkan/shared/api/common';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatConversations } from '../../db/schema';
import { getCompanyChat, listCompanyMessages, markCompanyRead, sendCompanyMessage } from './chat.service';
import type { ChatEvent } from './chat-events';
import { turnIntoInquiry } from './chat-inquiry';
import { readMessage, readMessages } from './chat-messages';
import { EventStream, endStreams } from './chat-stream';
import {
  getThread,
  listInbox,
  listThreadMessages,
  markSupportRead,
  sendSupportMessage,
} from './chat-support';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['chat'];
const company = { permission: 'CHAT', company: 'read' } as const;
const support = { permission: 'CHAT_ADMIN' as const };
const ok = { result: true };
const streamDescription =
  'text/event-stream, kept open: `message` (a stored message, its id as the event id), `read` (a side read up to an id), `ready` (live from here), `resync` (events may have been missed: read again).';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preClose', async () => endStreams(app));

  // ---- The discharger's widget (not an administrator acting for one, not a transporter) ----
  app.get(
    '/chat',
    { config: company, schema: { tags, response: { 200: chatStateSchema, ...errors } } },
    (request) => getCompanyChat(app, request.caller()),
  );
  app.get(
    '/chat/messages',
    {
      config: company,
      schema: {
        tags,
        querystring: chatMessagesQuerySchema,
        response: { 200: chatMessagesSchema, ...errors },
      },
    },
    (request) => listCompanyMessages(app, request.caller(), request.query),
  );
  app.post(
    '/chat/messages',
    {
      config: company,
      schema: {
        tags,
        body: chatSendInputSchema,
        response: { 200: chatMessageSchema, 201: chatMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await sendCompanyMessage(app, request.caller(), request.body);
      return reply.status(sent.created ? 201 : 200).send(sent.message);
    },
  );
  app.post(
    '/chat/read',
    { config: company, schema: { tags, body: chatReadInputSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await markCompanyRead(app, request.caller(), request.body.upTo);
      return ok;
    },
  );
  app.get(
    '/chat/stream',
    {
      config: company,
      schema: { tags, description: streamDescription, querystring: chatStreamQuerySchema, response: errors },
    },
    (request, reply) => openCompanyStream(app, request, reply, request.query.after),
  );

  // ---- Support's inbox ----
  app.get(
    '/admin/chat/conversations',
    {
      config: support,
      schema: { tags, querystring: chatInboxQuerySchema, response: { 200: chatInboxSchema, ...errors } },
    },
    (request) => listInbox(app, request.query),
  );
  app.get(
    '/admin/chat/conversations/:id',
    {
      config: support,
      schema: { tags, params: idParamSchema, response: { 200: chatThreadSchema, ...errors } },
    },
    (request) => getThread(app, request.params.id),
  );
  app.get(
    '/admin/chat/conversations/:id/messages',
    {
      config: support,
      schema: {
        tags,
        params: idParamSchema,
        querystring: chatMessagesQuerySchema,
        response: { 200: chatMessagesSchema, ...errors },
      },
    },
    (request) => listThreadMessages(app, request.params.id, request.query),
  );
  app.post(
    '/admin/chat/conversations/:id/messages',
    {
      config: support,
      schema: {
        tags,
        params: idParamSchema,
        body: chatSendInputSchema,
        response: { 200: chatMessageSchema, 201: chatMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await sendSupportMessage(app, request.caller(), request.params.id, request.body);
      return reply.status(sent.created ? 201 : 200).send(sent.message);
    },
  );
  app.post(
    '/admin/chat/conversations/:id/read',
    {
      config: support,
      schema: {
        tags,
        params: idParamSchema,
        body: chatReadInputSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await markSupportRead(app, request.params.id, request.body.upTo);
      return ok;
    },
  );
  app.post(
    '/admin/chat/conversations/:id/inquiry',
    {
      config: support,
      schema: {
        tags,
        description:
          'Turns the messages since the last inquiry made from the conversation (up to `upTo`) into an inquiry of the company.',
        params: idParamSchema,
        body: chatInquiryInputSchema,
        response: { 201: chatInquiryResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await turnIntoInquiry(app, request.caller(), request.params.id, request.body)),
  );
  app.get(
    '/admin/chat/stream',
    { config: support, schema: { tags, description: streamDescription, response: errors } },
    (request, reply) => openSupportStream(app, request, reply),
  );
};

/**
 * The company's stream: first the messages after `after` (what the widget missed while disconnected), then each
 * new message of the company's conversation in id order, whichever process stored it. Without `after` it starts
 * from the latest message. The conversation's ids grow in commit order (sends lock it), so reading "after the last
 * id sent" on each announcement, and after an events outage, never skips one.
 */
function openCompanyStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  after?: number,
) {
  // A discharger without a registered company reads as for a company no conversation has: nothing comes.
  const { session, companyId } = request.caller();
  const stream = new EventStream(app, request, reply, session, 'CHAT');
  let lastId = after ?? null;
  const conversationId = async () =>
    (
      await app.db
        .select({ id: chatConversations.id, lastMessageId: chatConversations.lastMessageId })
        .from(chatConversations)
        .where(eq(chatConversations.companyId, companyId))
    )[0] ?? null;
  const pump = async () => {
    const conversation = await conversationId();
    if (!conversation) {
      lastId ??= 0;
      return;
    }
    if (lastId === null) {
      lastId = conversation.lastMessageId ?? 0;
      return;
    }
    for (let more = true; more && !stream.isClosed; ) {
      const page = await readMessages(app.db, conversation.id, { after: lastId });
      for (const message of page.messages) {
        stream.send('message', message, message.id);
        lastId = message.id;
      }
      more = page.hasMore;
    }
  };
  // Listening first, then reading: a message stored in between is read by the pump it announces.
  stream.onChatEvent((event) => {
    if (event.companyId !== companyId) return;
    if (event.kind === 'message') stream.run(pump);
    else stream.run(async () => sendRead(stream, event));
  });
  stream.onMissed(() => stream.run(pump));
  stream.run(pump);
  stream.run(async () => stream.send('ready', {}));
}

const sendRead = (stream: EventStream, event: Extract<ChatEvent, { kind: 'read' }>) =>
  stream.send('read', { conversationId: event.conversationId, side: event.side, upTo: event.upTo });

/**
 * Support's stream: every company's new messages and read marks. After an events outage it says `resync`, and
 * the inbox reads itself again from the server.
 */
function openSupportStream(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const stream = new EventStream(app, request, reply, app.requireSession(request), 'CHAT_ADMIN');
  stream.onChatEvent((event) => {
    if (event.kind === 'message')
      stream.run(async () => {
        const message = await readMessage(app.db, event.messageId);
        if (message) stream.send('message', message, message.id);
      });
    else stream.run(async () => sendRead(stream, event));
  });
  stream.onMissed(() => stream.run(async () => stream.send('resync', {})));
  stream.send('ready', {});
}
