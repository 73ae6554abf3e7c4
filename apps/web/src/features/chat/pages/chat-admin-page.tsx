import { FileAddOutlined } from '@ant-design/icons';
import {
  type ChatConversation,
  type ChatMessage,
  type ChatThread,
  chatMessageSchema,
} from '@junkan/shared/api/chat';
import { formatInquiryId } from '@junkan/shared/inquiry-rules';
import { paths } from '@junkan/shared/paths';
import { chatMessagesToTurn, lastChatMessageId, mergeChatMessages } from '@junkan/shared/rules/chat-rules';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Empty, Flex, List, Row, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/master-list';
import { useEventStream } from '../../../lib/event-stream';
import { showApiError } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { SUPPORT_CHAT_KEY, useInbox } from '../api/admin-inbox';
import { markSupportRead, sendSupportMessage, threadQueryOptions, useThread } from '../api/admin-thread';
import { ChatComposer } from '../components/chat-composer';
import { ChatMessageList } from '../components/chat-message-list';
import { TurnIntoInquiryModal } from '../components/turn-into-inquiry-modal';
import { useChatSender } from '../components/use-chat-sender';

/** Support's inquiry view with the inquiry open (its detail reads `open` from the address). */
const inquiryLink = (id: number) => `${paths.inquiryAdmin.to()}?open=${id}`;

const INBOX_SIZE = 50;

/**
 * /chat-admin: support's inbox of the dischargers' chats, those waiting for an answer first, and the open
 * conversation with its reply box. New messages and read marks arrive over the support stream without a reload;
 * after a dropped connection the inbox and the open conversation are read again.
 */
export default function ChatAdminPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('conversation')) || null;
  const inbox = useInbox({ page: 1, size: INBOX_SIZE });

  const select = (id: number) => setParams({ conversation: String(id) }, { replace: true });

  useEventStream({
    path: () => '/admin/chat/stream',
    onConnect: (reconnected) => {
      if (reconnected) void queryClient.invalidateQueries({ queryKey: SUPPORT_CHAT_KEY });
    },
    onEvent: (event) => {
      if (event.event === 'message') {
        const parsed = chatMessageSchema.safeParse(event.data);
        if (parsed.success)
          queryClient.setQueryData<ChatThread>(
            threadQueryOptions(parsed.data.conversationId).queryKey,
            (thread) =>
              thread ? { ...thread, messages: mergeChatMessages(thread.messages, [parsed.data]) } : thread,
          );
        void queryClient.invalidateQueries({ queryKey: [...SUPPORT_CHAT_KEY, 'inbox'] });
      } else if (event.event === 'read') {
        void queryClient.invalidateQueries({ queryKey: [...SUPPORT_CHAT_KEY, 'inbox'] });
      } else if (event.event === 'resync') {
        void queryClient.invalidateQueries({ queryKey: SUPPORT_CHAT_KEY });
      }
    },
  });

  if (inbox.isError && !inbox.data)
    return <LoadFailed title={t('chat.admin.loadFailed')} onRetry={() => void inbox.refetch()} />;

  const items = inbox.data?.items ?? [];
  return (
    <Row gutter={[16, 16]} data-testid="chat-admin-page">
      <Col xs={24} lg={9}>
        <Card
          size="small"
          title={
            <Flex gap={8} align="center" wrap>
              {t('menu.chatAdmin')}
              <Tag color={inbox.data?.waitingCount ? 'orange' : 'default'} data-testid="chat-waiting-count">
                {t('chat.admin.waitingCount', { count: inbox.data?.waitingCount ?? 0 })}
              </Tag>
            </Flex>
          }
        >
          <List<ChatConversation>
            loading={inbox.isLoading}
            dataSource={items}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.admin.none')} />,
            }}
            data-testid="chat-inbox"
            renderItem={(c) => (
              <List.Item
                onClick={() => select(c.id)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') select(c.id);
                }}
                tabIndex={0}
                aria-current={c.id === selected}
                data-testid="chat-inbox-item"
                data-conversation-id={c.id}
                style={{
                  cursor: 'pointer',
                  paddingInline: 8,
                  background: c.id === selected ? '#e6f4ea' : undefined,
                }}
              >
                <Flex vertical style={{ width: '100%', minWidth: 0 }} gap={2}>
                  <Flex justify="space-between" gap={8} align="center">
                    <Typography.Text strong ellipsis>
                      {c.companyName}
                    </Typography.Text>
                    <Flex gap={4} align="center" style={{ flex: 'none' }}>
                      {c.isWaiting && <Tag color="orange">{t('chat.admin.waiting')}</Tag>}
                      <Badge count={c.unreadCount} data-testid="chat-inbox-unread" />
                    </Flex>
                  </Flex>
                  <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                    {c.lastMessage
                      ? `${c.lastMessage.side === 'SUPPORT' ? `${t('chat.support')}: ` : ''}${c.lastMessage.body}`
                      : ''}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                    {c.isWaiting && c.waitingSince
                      ? t('chat.admin.waitingSince', { time: formatDateTime(c.waitingSince) })
                      : c.lastMessage && formatDateTime(c.lastMessage.createdAt)}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        {selected ? (
          <ConversationPane key={selected} id={selected} />
        ) : (
          <Card size="small">
            <Empty description={t('chat.admin.pick')} />
          </Card>
        )}
      </Col>
    </Row>
  );
}

function ConversationPane({ id }: { id: number }) {
  const { t } = useTranslation();
  const message = useToast();
  const queryClient = useQueryClient();
  const thread = useThread(id);
  const messages = thread.data?.messages ?? [];
  const lastId = lastChatMessageId(messages);
  const readUpTo = thread.data?.conversation.readUpTo ?? 0;

  const keep = useCallback(
    (stored: ChatMessage) =>
      queryClient.setQueryData<ChatThread>(threadQueryOptions(id).queryKey, (data) =>
        data ? { ...data, messages: mergeChatMessages(data.messages, [stored]) } : data,
      ),
    [queryClient, id],
  );
  const sender = useChatSender(
    (input) => sendSupportMessage(id, input),
    (stored) => {
      keep(stored);
      void queryClient.invalidateQueries({ queryKey: [...SUPPORT_CHAT_KEY, 'inbox'] });
    },
    (error) => showApiError({ error, t, message }),
  );
  const { settle } = sender;
  useEffect(() => settle(messages), [messages, settle]);

  // What is shown in front of support is read.
  const [visible, setVisible] = useState(document.visibilityState === 'visible');
  useEffect(() => {
    const change = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', change);
    return () => document.removeEventListener('visibilitychange', change);
  }, []);
  useEffect(() => {
    if (!visible || lastId <= readUpTo) return;
    markSupportRead(id, lastId).then(
      () => queryClient.invalidateQueries({ queryKey: SUPPORT_CHAT_KEY }),
      () => {
        // Marked again with the next message.
      },
    );
  }, [visible, id, lastId, readUpTo, queryClient]);

  const [turning, setTurning] = useState(false);

  if (thread.isError && !thread.data)
    return <LoadFailed title={t('chat.admin.loadFailed')} onRetry={() => void thread.refetch()} />;
  const conversation = thread.data?.conversation;
  // What would become an inquiry now: the held messages after the last one turned, from the company's first.
  // Older messages not loaded yet may lie in that range too when the oldest held one is past it (the server,
  // which reads them all, decides).
  const inquiryUpTo = conversation?.inquiryUpTo ?? 0;
  const toTurn = chatMessagesToTurn(messages, inquiryUpTo);
  const moreToTurn = (thread.data?.hasMore ?? false) && (messages[0]?.id ?? 0) > inquiryUpTo;
  const canTurn = toTurn.length > 0 || moreToTurn;
  return (
    <Card
      size="small"
      loading={thread.isLoading}
      data-testid="chat-thread"
      title={
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{conversation?.companyName}</Typography.Text>
          {conversation?.isWaiting && <Tag color="orange">{t('chat.admin.waiting')}</Tag>}
        </Flex>
      }
      extra={
        conversation && (
          <Flex gap={8} align="center" wrap>
            {conversation.lastInquiryId !== null && (
              <Link to={inquiryLink(conversation.lastInquiryId)} data-testid="chat-inquiry-link">
                {t('chat.admin.inquiryLink', { id: formatInquiryId(conversation.lastInquiryId) })}
              </Link>
            )}
            <Tooltip title={canTurn ? undefined : t('chat.admin.toInquiryNothing')}>
              <Button
                size="small"
                icon={<FileAddOutlined />}
                disabled={!canTurn}
                onClick={() => setTurning(true)}
                data-testid="chat-to-inquiry"
              >
                {t('chat.admin.toInquiry')}
              </Button>
            </Tooltip>
          </Flex>
        )
      }
      styles={{ body: { padding: 0 } }}
    >
      <TurnIntoInquiryModal
        conversationId={id}
        open={turning}
        onClose={() => setTurning(false)}
        onTurned={() => setTurning(false)}
        upTo={lastId}
        first={toTurn[0]}
        count={toTurn.length}
        more={moreToTurn}
      />
      <ChatMessageList
        messages={messages}
        pending={sender.pending}
        ownSide="SUPPORT"
        onRetry={sender.retry}
        height="min(60vh, 560px)"
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.empty')} />}
        annotate={(m) =>
          m.inquiryId !== null && (
            <Link
              to={inquiryLink(m.inquiryId)}
              style={{ marginInlineStart: 6 }}
              data-testid="chat-message-inquiry"
            >
              {t('chat.admin.turned', { id: formatInquiryId(m.inquiryId) })}
            </Link>
          )
        }
      />
      <ChatComposer key={id} onSend={sender.submit} conversationId={id} />
    </Card>
  );
}
