import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryClient } from './query-client.ts';

/** Drops cached answers (lists and look-ups) of the app's cache after a save. */
export function invalidate(...keys: QueryKey[]): void {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/** `invalidate` on the cache the component renders in (the app's, or a test's own). */
export function useInvalidate(): (...keys: QueryKey[]) => void {
  const client = useQueryClient();
  return useCallback(
    (...keys: QueryKey[]) => {
      for (const queryKey of keys) void client.invalidateQueries({ queryKey });
    },
    [client],
  );
}
