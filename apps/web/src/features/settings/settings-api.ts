import type { ListResult, LocalizedText } from '@kantora/domain';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';

/** Query keys of the settings area; `metaData` answers are shared with every other area. */
export const settingsKeys = {
  myCompany: ['settings', 'my-company'] as const,
  invoiceSettings: ['settings', 'invoice-settings'] as const,
  registerNumbers: ['settings', 'register-numbers'] as const,
  banks: (ownerId: string) => ['settings', 'banks', ownerId] as const,
  bank: (id: string) => ['settings', 'bank', id] as const,
  dictionary: (kind: string) => ['settings', 'dictionary', kind] as const,
  metadata: (call: string) => ['metaData', call] as const,
};

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

export interface MyCompany {
  _id: string;
  name: LocalizedText;
  responsiblePerson: LocalizedText;
  bulstat: string;
  vatNumber: string;
  address: { country: LocalizedText; state: LocalizedText; city: LocalizedText; street: LocalizedText; zipCode: string };
  created?: string | null;
  updated?: string | null;
}

export interface Bank {
  _id: string;
  myCompanyId?: string;
  companyId?: string;
  name: LocalizedText;
  address: LocalizedText;
  bic: string;
  iban: string;
  currency: string;
  currencyCode: string | null;
  currencyName: LocalizedText | null;
  status: boolean;
  default: boolean;
  default2: boolean;
  created?: string | null;
}

export interface InvoiceSettings {
  _id: string;
  currency: string;
  vatType: string;
  paymentType: string;
  signer: string;
  signers: string[];
}

export interface RegisterNumbers {
  invoices: number;
  proformaInvoices: number;
  invoicesIssued: number;
  proformaInvoicesIssued: number;
}

/** A look-up of GET /api/metaData/{call}, cached for a minute. */
export function useMetadata<T>(call: string, enabled = true) {
  return useQuery({
    queryKey: settingsKeys.metadata(call),
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

export const settingsApi = {
  getMyCompany: () => api.get<MyCompany | null>('/settings/myCompany/get'),
  saveMyCompany: (input: unknown) => api.post<MyCompany>('/settings/myCompany/save', input),
  getInvoiceSettings: () => api.get<InvoiceSettings | null>('/settings/invoices/get'),
  saveInvoiceSettings: (input: unknown) => api.post<InvoiceSettings>('/settings/invoices/save', input),
  getRegisterNumbers: () => api.get<RegisterNumbers>('/settings/invoices/getRegisterNumbers'),
  saveRegisterNumbers: (input: unknown) => api.post<RegisterNumbers>('/settings/invoices/saveRegisterNumbers', input),
  listBanks: (request: object) => api.post<ListResult<Bank>>('/banks/list', request),
  getBank: (id: string) => api.get<Bank>(`/banks/${id}`),
  saveBank: (input: unknown) => api.post<Bank>('/banks/save', input),
  listDictionary: (kind: string, request: object) => api.post<ListResult<DictionaryItem>>(`/settings/${kind}/list`, request),
  getDictionaryItem: (kind: string, id: string) => api.get<DictionaryItem>(`/settings/${kind}/${id}`),
  saveDictionaryItem: (kind: string, input: unknown) => api.post<DictionaryItem>(`/settings/${kind}/save`, input),
};
