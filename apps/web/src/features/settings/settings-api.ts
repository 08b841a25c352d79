import type { ListResult, LocalizedText } from '@kantora/domain';
import { api } from '../../lib/api-client.ts';
import type { DictionaryItem } from '../../lib/metadata.ts';

/** Query keys of the settings area. */
export const settingsKeys = {
  myCompany: ['settings', 'my-company'] as const,
  invoiceSettings: ['settings', 'invoice-settings'] as const,
  registerNumbers: ['settings', 'register-numbers'] as const,
  dictionary: (kind: string) => ['settings', 'dictionary', kind] as const,
};

export interface MyCompany {
  _id: string;
  name: LocalizedText;
  responsiblePerson: LocalizedText;
  bulstat: string;
  vatNumber: string;
  address: {
    country: LocalizedText;
    state: LocalizedText;
    city: LocalizedText;
    street: LocalizedText;
    zipCode: string;
  };
  created?: string | null;
  updated?: string | null;
}

export interface InvoiceSettings {
  _id: string;
  currency: string;
  vatType: string;
  paymentType: string;
  signer: string;
  signers: string[];
  /** Days from a new document's date to its payment deadline (a client's own term wins). */
  paymentTermDays: number;
}

export interface RegisterNumbers {
  invoices: number;
  proformaInvoices: number;
  invoicesIssued: number;
  proformaInvoicesIssued: number;
}

export const settingsApi = {
  getMyCompany: () => api.get<MyCompany | null>('/settings/myCompany/get'),
  saveMyCompany: (input: unknown) => api.post<MyCompany>('/settings/myCompany/save', input),
  getInvoiceSettings: () => api.get<InvoiceSettings | null>('/settings/invoices/get'),
  saveInvoiceSettings: (input: unknown) => api.post<InvoiceSettings>('/settings/invoices/save', input),
  getRegisterNumbers: () => api.get<RegisterNumbers>('/settings/invoices/getRegisterNumbers'),
  saveRegisterNumbers: (input: unknown) => api.post<RegisterNumbers>('/settings/invoices/saveRegisterNumbers', input),
  listDictionary: (kind: string, request: object) =>
    api.post<ListResult<DictionaryItem>>(`/settings/${kind}/list`, request),
  getDictionaryItem: (kind: string, id: string) => api.get<DictionaryItem>(`/settings/${kind}/${id}`),
  saveDictionaryItem: (kind: string, input: unknown) => api.post<DictionaryItem>(`/settings/${kind}/save`, input),
};
