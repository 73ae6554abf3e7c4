import { CommentOutlined, MinusOutlined } from '@ant-design/icons';
import {
  type ChatMessage,
  type ChatMessages,
  chatMessageSchema,
  chatReadEventSchema,
} from '@junkan/shared/api/chat';
import { lastChatMessageId, mergeChatMessages, unreadChatCount } from '@junkan/shared/rules/chat-rules';
import { Badge, Button, Card, Empty, Flex, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { useEventStream } from '../../../lib/event-stream';
import { showApiError } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useChat } from '../api/chat-state';
import { markChatRead, sendChatMessage } from '../api/send-chat-message';
import { ChatComposer } from './chat-composer';
import { ChatMessageList } from './chat-message-list';
import { useChatSender } from './use-chat-sender';

const isVisible = () => document.visibilityState === 'visible';

const PANEL_ID = 'chat-panel';

/**
 * The discharger's chat with support (ruling 14), on every page: a launcher in the header with the unread count
 * (the header is the one place that covers none of a page's controls, at any size and any scroll), opening a
 * panel below the header that can be folded away again. Messages arrive live over the chat stream; after a
 * dropped connection the stream starts from the last message held, so nothing is missed, and sending again
 * never doubles a message (each has its client id).
 */
export default function ChatWidget({
  top,
  compact,
}: {
  /** The header's height: the panel opens below it. */
  top: number;
  /** The phone header: the launcher shows its icon only. */
  compact: boolean;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const [open, setOpen] = useState(false);
  const chat = useChat();
  const [held, setHeld] = useState<ChatMessage[]>([]);
  const [readUpTo, setReadUpTo] = useState(0);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [visible, setVisible] = useState(isVisible);

  const merge = useCallback(
    (arrived: readonly ChatMessage[]) => setHeld((h) => mergeChatMessages(h, arrived)),
    [],
  );
  useEffect(() => {
    if (!chat.data) return;
    merge(chat.data.messages);
    setReadUpTo((r) => Math.max(r, chat.data.readUpTo));
    setHasOlder((o) => o || chat.data.hasMore);
  }, [chat.data, merge]);

  const lastId = lastChatMessageId(held);
  const lastIdRef = useRef(lastId);
  // The first load may not be merged yet when the stream first connects: it counts as held.
  lastIdRef.current = Math.max(lastId, lastChatMessageId(chat.data?.messages ?? []));

  const sender = useChatSender(
    sendChatMessage,
    (stored) => merge([stored]),
    (error) => showApiError({ error, t, message }),
  );
  const { settle } = sender;
  useEffect(() => settle(held), [held, settle]);

  useEventStream({
    enabled: chat.isSuccess,
    // From the last message held: a reconnection starts with what was missed.
    path: () => `/chat/stream?after=${lastIdRef.current}`,
    onEvent: (event) => {
      if (event.event === 'message') {
        const parsed = chatMessageSchema.safeParse(event.data);
        if (parsed.success) merge([parsed.data]);
      } else if (event.event === 'read') {
        const parsed = chatReadEventSchema.safeParse(event.data);
        // Another window of the company read them.
        if (parsed.success && parsed.data.side === 'COMPANY')
          setReadUpTo((r) => Math.max(r, parsed.data.upTo));
      }
    },
  });

  useEffect(() => {
    const change = () => setVisible(isVisible());
    document.addEventListener('visibilitychange', change);
    return () => document.removeEventListener('visibilitychange', change);
  }, []);

  const unread = unreadChatCount(held, 'COMPANY', readUpTo);
  // Read while the panel is open and the page is in front.
  useEffect(() => {
    if (!open || !visible || unread === 0) return;
    setReadUpTo((r) => Math.max(r, lastId));
    markChatRead(lastId).catch(() => {
      // The mark is moved again the next time; nothing to tell the user.
    });
  }, [open, visible, unread, lastId]);

  const loadOlder = async () => {
    const first = held[0]?.id;
    if (!first) return;
    setLoadingOlder(true);
    try {
      const page = await api.get<ChatMessages>('/chat/messages', { before: first });
      merge(page.messages);
      setHasOlder(page.hasMore);
    } catch (error) {
      showApiError({ error, t, message });
    } finally {
      setLoadingOlder(false);
    }
  };

  // Folded away by keyboard or its button, the focus goes back to the launcher.
  const launcherRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    launcherRef.current?.focus();
  };

  const launcher = (
    // The phone's icon is named by a tooltip while the panel is closed (open, it would lie over the panel).
    <Tooltip title={compact && !open ? t('chat.open') : undefined}>
      <Badge count={unread} overflowCount={99} size="small" offset={compact ? [-4, 4] : [-2, 2]}>
        <Button
          ref={launcherRef}
          type="text"
          icon={<CommentOutlined />}
          // Wide, the button says its name (サポートチャット); the phone's icon is named for it.
          aria-label={compact ? t('chat.open') : undefined}
          aria-expanded={open}
          aria-controls={open ? PANEL_ID : undefined}
          onClick={() => setOpen((o) => !o)}
          data-testid="chat-launcher"
        >
          {!compact && t('chat.title')}
        </Button>
      </Badge>
    </Tooltip>
  );
  if (!open) return launcher;

  const panel = (
    <Card
      id={PANEL_ID}
      size="small"
      role="dialog"
      aria-label={t('chat.title')}
      data-testid="chat-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
      title={
        <Flex vertical>
          <Typography.Text strong>{t('chat.title')}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 11, fontWeight: 'normal' }}>
            {t('chat.hours')}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Button
          type="text"
          size="small"
          icon={<MinusOutlined />}
          aria-label={t('chat.minimize')}
          onClick={close}
          data-testid="chat-minimize"
        />
      }
      style={{
        position: 'fixed',
        insetInlineEnd: 8,
        insetBlockStart: top + 8,
        width: 'min(360px, calc(100vw - 16px))',
        zIndex: 1000,
        boxShadow: '0 6px 24px rgba(0, 0, 0, 0.18)',
      }}
      styles={{ body: { padding: 0 } }}
    >
      <ChatMessageList
        messages={held}
        pending={sender.pending}
        ownSide="COMPANY"
        onRetry={sender.retry}
        height="min(380px, calc(100dvh - 200px))"
        header={
          hasOlder && (
            <Flex justify="center" style={{ marginBottom: 8 }}>
              <Button size="small" loading={loadingOlder} onClick={() => void loadOlder()}>
                {t('chat.older')}
              </Button>
            </Flex>
          )
        }
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.empty')} />}
      />
      <ChatComposer onSend={sender.submit} disabled={chat.isLoading} autoFocus />
    </Card>
  );
  // The panel floats over the page while it is open (the user opened it); the launcher stays in the header.
  return (
    <>
      {launcher}
      {createPortal(panel, document.body)}
    </>
  );
}
