import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the phone says it has a connection (the queue still finds out by sending). */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);
