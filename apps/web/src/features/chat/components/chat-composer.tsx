import { SendOutlined } from '@ant-design/icons';
import { CHAT_MESSAGE_MAX_LENGTH } from '@junkan/shared/rules/chat-rules';
import { Button, Flex, Input } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The text box and send button: Enter sends, Shift+Enter (or a composition in progress) keeps typing. */
export function ChatComposer({
  onSend,
  disabled = false,
  autoFocus = false,
}: {
  onSend: (body: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
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
