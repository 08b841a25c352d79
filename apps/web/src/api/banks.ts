import type { Bank, bankListQuery, bankSaveSchema, ListResult } from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../lib/api-client.ts';

/** The body of POST /api/banks/list. */
export type BankListRequest = z.input<typeof bankListQuery>;
/** The body of POST /api/banks/save. */
export type BankSaveRequest = z.input<typeof bankSaveSchema>;

/** Query keys of the bank accounts (of the own company or of a client). */
export const banksKeys = {
  banks: (ownerId: string) => ['banks', ownerId] as const,
  bank: (id: string) => ['bank', id] as const,
};

/** The calls of /api/banks. */
export const banksApi = {
  list: (request: BankListRequest) => api.post<ListResult<Bank>>('/banks/list', request),
  get: (id: string) => api.get<Bank>(`/banks/${id}`),
  save: (input: BankSaveRequest) => api.post<Bank>('/banks/save', input),
};

/** The reads of the bank accounts as TanStack query options. */
export const bankQueries = {
  one: (id: string) => queryOptions({ queryKey: banksKeys.bank(id), queryFn: () => banksApi.get(id) }),
};
