import type { ListResult, LogEntry, logListQuery } from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../lib/api-client.ts';

/** The body of POST /api/logs/list. */
export type LogListRequest = z.input<typeof logListQuery>;

/** Query keys of the log (under `settings`, where its page is). */
export const logKeys = {
  list: ['settings', 'logs'] as const,
  one: (id: string) => ['settings', 'logs', 'one', id] as const,
  actions: ['settings', 'logs', 'actions'] as const,
};

/** The calls of /api/logs. */
export const logsApi = {
  list: (request: LogListRequest) => api.post<ListResult<LogEntry>>('/logs/list', request),
  get: (id: string) => api.get<LogEntry>(`/logs/${id}`),
  actions: () => api.get<string[]>('/logs/getAllActions'),
};

/** The reads of the log as TanStack query options. */
export const logQueries = {
  one: (id: string) => queryOptions({ queryKey: logKeys.one(id), queryFn: () => logsApi.get(id) }),
  actions: () => queryOptions({ queryKey: logKeys.actions, queryFn: logsApi.actions, staleTime: 60_000 }),
};
