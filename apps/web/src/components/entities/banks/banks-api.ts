import type { ListResult, LocalizedText } from '@kantora/domain';
import { api } from '../../../lib/api-client.ts';

/** A bank account of the own company or of a client. */
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

export const banksKeys = {
  banks: (ownerId: string) => ['banks', ownerId] as const,
  bank: (id: string) => ['bank', id] as const,
};

export const banksApi = {
  list: (request: object) => api.post<ListResult<Bank>>('/banks/list', request),
  get: (id: string) => api.get<Bank>(`/banks/${id}`),
  save: (input: unknown) => api.post<Bank>('/banks/save', input),
};
