import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../lib/api-client';
import { CompanyFilterProvider } from '../lib/company-filter';
import { PERMISSIONS_KEY } from '../lib/permissions';
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
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== PERMISSIONS_KEY[0] });
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

/**
 * No antd here: its theme and locale (AntdScope, lib/antd-scope.tsx) wrap the signed-in layout and the antd
 * public pages (router.tsx), and the toasts load antd's message on first use, so the login page loads none.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <CompanyFilterProvider>{children}</CompanyFilterProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
