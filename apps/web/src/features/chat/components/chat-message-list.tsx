import { ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import type { ChatMessage } from '@junkan/shared/api/chat';
import type { ChatSide } from '@junkan/shared/rules/chat-rules';
import { Button, Flex, Typography } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { PendingMessage } from '../chat-pending';

const bubble = (own: boolean) =>
  ({
    maxWidth: '85%',
    padding: '6px 10px',
    borderRadius: 10,
    background: own ? '#1f7a4d' : '#f0f2f5',
    color: own ? '#fff' : undefined,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  }) as const;

/**
 * A conversation, oldest first, this side's messages on the right; messages still being sent follow, each with
 * its state and, once failed, a retry. It keeps to the bottom when something arrives.
 */
export function ChatMessageList({
  messages,
  pending,
  ownSide,
  onRetry,
  header,
  empty,
  height,
  annotate,
}: {
  messages: readonly ChatMessage[];
  pending: readonly PendingMessage[];
  ownSide: ChatSide;
  onRetry: (clientId: string) => void;
  /** Above the first message: the "older messages" button. */
  header?: ReactNode;
  empty?: ReactNode;
  height: number | string;
  /** After a message's time: support's mark of the inquiry it went into. */
  annotate?: (message: ChatMessage) => ReactNode;
}) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length + pending.length;
  const lastId = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a message arrives or is sent
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [count, lastId]);
  return (
    <div
      style={{ height, overflowY: 'auto', padding: '8px 12px' }}
      role="log"
      aria-live="polite"
      data-testid="chat-messages"
    >
      {header}
      {count === 0 && empty}
      <Flex vertical gap={8}>
        {messages.map((m) => {
          const own = m.side === ownSide;
          return (
            <Flex
              key={m.id}
              vertical
              align={own ? 'flex-end' : 'flex-start'}
              data-testid="chat-message"
              data-side={m.side}
            >
              <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                {m.side === 'SUPPORT' ? t('chat.support') : (m.senderName ?? '')}{' '}
                {formatDateTime(m.createdAt, 'MM/DD HH:mm')}
                {annotate?.(m)}
              </Typography.Text>
              <div style={bubble(own)}>{m.body}</div>
            </Flex>
          );
        })}
        {pending.map((p) => (
          <Flex key={p.clientId} vertical align="flex-end" data-testid="chat-pending">
            <div style={{ ...bubble(true), opacity: 0.6 }}>{p.body}</div>
            {p.state === 'sending' ? (
              <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                <LoadingOutlined /> {t('chat.sending')}
              </Typography.Text>
            ) : (
              <Flex gap={4} align="center">
                <Typography.Text type="danger" style={{ fontSize: 11 }}>
                  <ExclamationCircleOutlined /> {t('chat.failed')}
                </Typography.Text>
                <Button size="small" type="link" onClick={() => onRetry(p.clientId)} data-testid="chat-retry">
                  {t('chat.retry')}
                </Button>
              </Flex>
            )}
          </Flex>
        ))}
      </Flex>
      <div ref={end} />
    </div>
  );
}
