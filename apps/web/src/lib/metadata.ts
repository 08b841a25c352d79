import type { LocalizedText } from '@kantora/domain';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './api-client.ts';
import { queryClient } from './query-client.ts';

/** An entry of a settings list: name, status, the kind's own fields and the timestamps. */
export interface DictionaryItem {
  _id: string;
  name: LocalizedText;
  status: boolean;
  created?: string | null;
  updated?: string | null;
  [field: string]: unknown;
}

/** How pickers see a user. */
export interface UserOption {
  _id: string;
  fullName: LocalizedText;
  access: number;
}

/** Query key of a metaData look-up, shared by every area. */
export const metadataKey = (call: string) => ['metaData', call] as const;

/** A look-up of GET /api/metaData/{call}, cached for a minute. */
export function useMetadata<T>(call: string, enabled = true) {
  return useQuery({
    queryKey: metadataKey(call),
    queryFn: () => api.get<T>(`/metaData/${call}`),
    staleTime: 60_000,
    enabled,
  });
}

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
