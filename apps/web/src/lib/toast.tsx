import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';

const ToastHost = lazy(() => import('./toast-host'));

const ToastContext = createContext<MessageInstance | null>(null);

/** A MessageType (close function and promise) for a toast whose host is still loading. */
function pendingToast(whenShown: (then: (shown: MessageType) => void) => void): MessageType {
  let shown: MessageType | undefined;
  let closed = false;
  const done = new Promise<boolean>((resolve) =>
    whenShown((result) => {
      shown = result;
      if (closed) result();
      result.then(resolve);
    }),
  );
  const close = () => {
    closed = true;
    shown?.();
  };
  // biome-ignore lint/suspicious/noThenProperty: antd's MessageType is a thenable close function.
  return Object.assign(close, { then: done.then.bind(done) }) as MessageType;
}

/**
 * Toasts (antd message, 5 s) for every page, mounted beside the app rather than around it. antd's message
 * holder (toast-host.tsx) loads with the first toast, so pages that show none, like the login page, load no
 * antd; calls made meanwhile are queued and shown once it is there, also after a navigation (a toast from
 * account creation is shown on the login page). A hook-based message rather than antd App, whose modal and
 * notification are only needed by the signed-in layout, which adds App for modals.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [requested, setRequested] = useState(false);
  const host = useRef<MessageInstance | null>(null);
  const queue = useRef<Array<(api: MessageInstance) => void>>([]);

  const onReady = useCallback((api: MessageInstance) => {
    host.current = api;
    const waiting = queue.current;
    queue.current = [];
    for (const call of waiting) call(api);
  }, []);

  const api = useMemo<MessageInstance>(() => {
    const run = (call: (loaded: MessageInstance) => MessageType): MessageType => {
      if (host.current) return call(host.current);
      setRequested(true);
      return pendingToast((then) => queue.current.push((loaded) => then(call(loaded))));
    };
    const typed =
      (type: 'info' | 'success' | 'error' | 'warning' | 'loading'): MessageInstance['info'] =>
      (...args) =>
        run((loaded) => loaded[type](...args));
    return {
      info: typed('info'),
      success: typed('success'),
      error: typed('error'),
      warning: typed('warning'),
      loading: typed('loading'),
      open: (args) => run((loaded) => loaded.open(args)),
      destroy: (key) => {
        if (host.current) host.current.destroy(key);
        else queue.current.push((loaded) => loaded.destroy(key));
      },
    };
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {requested && (
        <Suspense fallback={null}>
          <ToastHost onReady={onReady} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): MessageInstance {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
