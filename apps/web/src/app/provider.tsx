import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ToastProvider } from '../components/ui/toast.tsx';
import { i18n } from '../lib/i18n.ts';

export function createQueryClient({ retry = 1 }: { retry?: number } = {}) {
  return new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry } },
  });
}

function Toasts({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ToastProvider labels={{ region: t('toast.region'), dismiss: t('toast.dismiss') }}>
      {children}
    </ToastProvider>
  );
}

export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Toasts>{children}</Toasts>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
