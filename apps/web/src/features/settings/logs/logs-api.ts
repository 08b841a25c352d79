import type { ListResult, LocalizedText } from '@kantora/domain';
import { api } from '../../../lib/api-client.ts';

export interface LogEntry {
  _id: string;
  /** The entity type (Bank, User, ...). */
  name: string;
  doc: string | null;
  model: string | null;
  type: string | null;
  action: string;
  documents?: { old?: unknown; new?: unknown } | null;
  createdBy: string | null;
  createdByName: LocalizedText | null;
  ip: string | null;
  created: string;
}

export const logKeys = {
  list: ['settings', 'logs'] as const,
  one: (id: string) => ['settings', 'logs', 'one', id] as const,
  actions: ['settings', 'logs', 'actions'] as const,
};

export const logsApi = {
  list: (request: object) => api.post<ListResult<LogEntry>>('/logs/list', request),
  get: (id: string) => api.get<LogEntry>(`/logs/${id}`),
  actions: () => api.get<string[]>('/logs/getAllActions'),
};
