import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmProvider } from '../components/ui/confirm-dialog.tsx';
import { queryClient } from '../lib/query-client.ts';

/** Query cache and confirmations: around the signed-in shell and any public page that loads data. */
export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>{children}</ConfirmProvider>
    </QueryClientProvider>
  );
}
