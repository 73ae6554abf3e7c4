import { TOAST_DURATION_S } from '@junkan/shared';
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, type ReactNode, useContext } from 'react';

const ToastContext = createContext<MessageInstance | null>(null);

/**
 * Toasts (antd message, 5 s) for every page. A hook-based message rather than antd App, whose modal and
 * notification would weigh on the login page; the signed-in layout adds App for modals.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage({ duration: TOAST_DURATION_S, maxCount: 3 });
  return (
    <ToastContext.Provider value={api}>
      {holder}
      {children}
    </ToastContext.Provider>
  );
}

export function useToast(): MessageInstance {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
