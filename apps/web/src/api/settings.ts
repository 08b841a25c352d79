import type {
  DictionaryItem,
  DictionaryKind,
  dictionaryListSchemas,
  dictionarySaveSchemas,
  InvoiceSettings,
  invoiceSettingsSaveSchema,
  ListResult,
  MyCompany,
  myCompanySaveSchema,
  RegisterNumbers,
  registerNumbersSaveSchema,
  SetupStatus,
} from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../lib/api-client.ts';

/** The body of POST /api/settings/myCompany/save. */
export type MyCompanySaveRequest = z.input<typeof myCompanySaveSchema>;
/** The body of POST /api/settings/invoices/save. */
export type InvoiceSettingsSaveRequest = z.input<typeof invoiceSettingsSaveSchema>;
/** The body of POST /api/settings/invoices/saveRegisterNumbers. */
export type RegisterNumbersSaveRequest = z.input<typeof registerNumbersSaveSchema>;
/** The body of POST /api/settings/{kind}/list. */
export type DictionaryListRequest<K extends DictionaryKind = DictionaryKind> = z.input<
  (typeof dictionaryListSchemas)[K]
>;
/** The body of POST /api/settings/{kind}/save. */
export type DictionarySaveRequest<K extends DictionaryKind = DictionaryKind> = z.input<
  (typeof dictionarySaveSchemas)[K]
>;

/** Query keys of the settings area (a save under `settings` refreshes the first-run checklist). */
export const settingsKeys = {
  myCompany: ['settings', 'my-company'] as const,
  invoiceSettings: ['settings', 'invoice-settings'] as const,
  registerNumbers: ['settings', 'register-numbers'] as const,
  dictionary: (kind: DictionaryKind) => ['settings', 'dictionary', kind] as const,
  setupStatus: ['settings', 'setup-status'] as const,
};

/** The calls of /api/settings (the users' are in users.ts). */
export const settingsApi = {
  getMyCompany: () => api.get<MyCompany | null>('/settings/myCompany/get'),
  saveMyCompany: (input: MyCompanySaveRequest) => api.post<MyCompany>('/settings/myCompany/save', input),
  getInvoiceSettings: () => api.get<InvoiceSettings | null>('/settings/invoices/get'),
  saveInvoiceSettings: (input: InvoiceSettingsSaveRequest) =>
    api.post<InvoiceSettings>('/settings/invoices/save', input),
  getRegisterNumbers: () => api.get<RegisterNumbers>('/settings/invoices/getRegisterNumbers'),
  saveRegisterNumbers: (input: RegisterNumbersSaveRequest) =>
    api.post<RegisterNumbers>('/settings/invoices/saveRegisterNumbers', input),
  listDictionary: <K extends DictionaryKind>(kind: K, request: DictionaryListRequest<K>) =>
    api.post<ListResult<DictionaryItem>>(`/settings/${kind}/list`, request),
  getDictionaryItem: (kind: DictionaryKind, id: string) => api.get<DictionaryItem>(`/settings/${kind}/${id}`),
  saveDictionaryItem: <K extends DictionaryKind>(kind: K, input: DictionarySaveRequest<K>) =>
    api.post<DictionaryItem>(`/settings/${kind}/save`, input),
  /** Quiet: the checklist is a hint, so a failure shows no toast. */
  setupStatus: (signal?: AbortSignal) => api.get<SetupStatus>('/settings/setupStatus', { quiet: true, signal }),
};

/** The reads of the settings area as TanStack query options. */
export const settingsQueries = {
  myCompany: () => queryOptions({ queryKey: settingsKeys.myCompany, queryFn: settingsApi.getMyCompany }),
  invoiceSettings: () =>
    queryOptions({ queryKey: settingsKeys.invoiceSettings, queryFn: settingsApi.getInvoiceSettings }),
  registerNumbers: () =>
    queryOptions({ queryKey: settingsKeys.registerNumbers, queryFn: settingsApi.getRegisterNumbers }),
  setupStatus: () =>
    queryOptions({ queryKey: settingsKeys.setupStatus, queryFn: ({ signal }) => settingsApi.setupStatus(signal) }),
};
