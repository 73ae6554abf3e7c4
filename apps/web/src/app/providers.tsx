import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import jaJP from 'antd/es/locale/ja_JP';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';
import { CompanyFilterProvider } from '../lib/company-filter';
import { getSessionSnapshot, type SessionSnapshot, subscribeSession } from '../lib/session';
import { ToastProvider } from '../lib/toast';

const identityOf = (s: SessionSnapshot) => `${s.claims?.userId ?? ''}|${s.adminId ?? ''}`;

/**
 * Cached answers belong to one signed-in identity. When the user or the acting operator changes (here or in
 * another tab), drop them before anything renders for the new identity; permissions are keyed by identity.
 */
function clearCacheOnIdentityChange(queryClient: QueryClient): void {
  let identity = identityOf(getSessionSnapshot());
  subscribeSession(() => {
    const next = identityOf(getSessionSnapshot());
    if (next === identity) return;
    identity = next;
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'permissions' });
  });
}

function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors (4xx) will not change on retry.
        retry: (count, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
  clearCacheOnIdentityChange(queryClient);
  return queryClient;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={i18n.language === 'en' ? enUS : jaJP}
        theme={{ token: { colorPrimary: '#1f7a4d' } }}
      >
        <ToastProvider>
          <CompanyFilterProvider>{children}</CompanyFilterProvider>
        </ToastProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
