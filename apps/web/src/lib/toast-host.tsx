import { TOAST_DURATION_S } from '@junkan/shared/session';
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect } from 'react';
import { AntdScope } from './antd-scope';

/** antd's message holder, loaded with the first toast (toast.tsx); hands its API over once mounted. */
export default function ToastHost({ onReady }: { onReady: (api: MessageInstance) => void }) {
  const [api, holder] = message.useMessage({ duration: TOAST_DURATION_S, maxCount: 3 });
  useEffect(() => onReady(api), [api, onReady]);
  return <AntdScope>{holder}</AntdScope>;
}
