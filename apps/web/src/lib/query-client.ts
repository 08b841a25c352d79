import { QueryClient } from '@tanstack/react-query';

/**
 * The one query cache of the signed-in app (the sign-in page does without it, which keeps
 * TanStack Query out of its bundle). The API client already toasts every failure, so queries do
 * not retry (a retry would toast again) and do not refetch on window focus (a back-office tab
 * stays open all day).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

let cachedUserId: string | null = null;

/** Drops every cached answer when another user signs in on this tab. */
export function claimQueryCache(userId: string): void {
  if (cachedUserId !== userId) {
    if (cachedUserId !== null) queryClient.clear();
    cachedUserId = userId;
  }
}
