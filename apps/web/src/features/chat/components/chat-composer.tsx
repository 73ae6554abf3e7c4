import { SendOutlined } from '@ant-design/icons';
import { CHAT_MESSAGE_MAX_LENGTH } from '@junkan/shared/rules/chat-rules';
import { Button, Flex, Input } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keptInputKey } from '../../../components/form/kept-input';
import { useKeptInput } from '../../../components/form/use-kept-input';
import { useSession } from '../../../lib/use-session';

/** Where a conversation's unsent text is kept (the kept-input kit): per user, and per conversation for support. */
const draftKeyOf = (userId: number | undefined, conversationId?: number) =>
  keptInputKey(userId, 'chatDraft', ...(conversationId === undefined ? [] : [conversationId]));

/**
 * The text box and send button: Enter sends, Shift+Enter (or a composition in progress) keeps typing. What is
 * typed and not sent is kept (`conversationId` names support's conversation; the company has one): closing the
 * chat panel, opening another conversation or reloading the page loses nothing.
 */
export function ChatComposer({
  onSend,
  disabled = false,
  autoFocus = false,
  conversationId,
}: {
  onSend: (body: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  conversationId?: number;
}) {
  const { t } = useTranslation();
  const draft = useKeptInput(draftKeyOf(useSession().claims?.userId, conversationId));
  const [text, setTextState] = useState(() => draft.read<string>() ?? '');
  const setText = (value: string) => {
    setTextState(value);
    if (value) draft.keep(value);
    else draft.drop();
  };
  const body = text.trim();
  // A box that opens disabled (the conversation still loading) cannot take focus then: it takes it once enabled.
  const box = useRef<TextAreaRef>(null);
  useEffect(() => {
    if (autoFocus && !disabled) box.current?.focus();
  }, [autoFocus, disabled]);
  const send = () => {
    if (!body || disabled) return;
    onSend(body);
    setText('');
  };
  return (
    <Flex gap={8} align="flex-end" style={{ padding: 8, borderTop: '1px solid #f0f0f0' }}>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Japanese input confirms its conversion with Enter: that Enter is not a send.
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
        autoSize={{ minRows: 1, maxRows: 4 }}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        placeholder={t('chat.placeholder')}
        aria-label={t('chat.placeholder')}
        ref={box}
        disabled={disabled}
        data-testid="chat-input"
      />
      <Button
        type="primary"
        icon={<SendOutlined />}
        onClick={send}
        disabled={!body || disabled}
        aria-label={t('chat.send')}
        data-testid="chat-send"
      />
    </Flex>
  );
}
