import {
  AUTOCOMPLETE_PAGE_SIZE,
  type ContractOption,
  type ContractRow,
  type ContractServiceRow,
  type ContractStatusValue,
  type ContractView,
  type contractCancelSchema,
  type contractListQuery,
  type contractRegisterSchema,
  type contractSaveBanksSchema,
  type contractSaveSchema,
  type contractSearchQuery,
  type contractServiceAddSchema,
  type contractServiceListQuery,
  type contractServiceRemoveSchema,
  type contractServiceSettingsSchema,
  type ListResult,
} from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../lib/api-client.ts';

/** The body of POST /api/contracts/list. */
export type ContractListRequest = z.input<typeof contractListQuery>;
/** The body of POST /api/contracts/search. */
export type ContractSearchRequest = z.input<typeof contractSearchQuery>;
/** The body of POST /api/contracts/save. */
export type ContractSaveRequest = z.input<typeof contractSaveSchema>;
/** The body of POST /api/contracts/saveBanks. */
export type ContractSaveBanksRequest = z.input<typeof contractSaveBanksSchema>;
/** The body of POST /api/contract-services/list. */
export type ContractServiceListRequest = z.input<typeof contractServiceListQuery>;
/** The body of POST /api/contract-services/save. */
export type ContractServiceSaveRequest = z.input<typeof contractServiceSettingsSchema>;

/** What the contract autocomplete asks for: a client's contracts (optionally of one status) by name. */
export interface ContractSearchTerms {
  clientId: string | null | undefined;
  status?: ContractStatusValue;
  term: string;
}

/** Query keys of the contracts area: everything starts with `contracts`, so one invalidation refreshes it all. */
export const contractKeys = {
  all: ['contracts'] as const,
  list: ['contracts', 'list'] as const,
  one: (id: string) => ['contracts', 'one', id] as const,
  services: (contractId: string) => ['contracts', 'services', contractId] as const,
  /** Every service of a contract (one page of up to 200, the invoice editor's services picker). */
  allServices: (contractId: string) => ['contracts', 'services', contractId, 'all'] as const,
  service: (id: string) => ['contracts', 'service', id] as const,
  search: ({ clientId, status, term }: ContractSearchTerms) =>
    ['contracts', 'search', clientId, status ?? null, term] as const,
};

/** The calls of /api/contracts and /api/contract-services. */
export const contractsApi = {
  list: (request: ContractListRequest) => api.post<ListResult<ContractRow>>('/contracts/list', request),
  /** The contract autocomplete: a page of AUTOCOMPLETE_PAGE_SIZE of a client's contracts by name. */
  search: ({ clientId, status, term }: ContractSearchTerms) =>
    api.post<ListResult<ContractOption>>('/contracts/search', {
      clientId,
      name: term,
      ...(status === undefined ? {} : { status }),
      page: 1,
      itemsPerPage: AUTOCOMPLETE_PAGE_SIZE,
    } satisfies ContractSearchRequest),
  /** Quiet: the caller shows the failure itself. */
  get: (id: string, options: { quiet?: boolean } = {}) =>
    api.get<ContractView>(`/contracts/${encodeURIComponent(id)}`, options),
  save: (input: ContractSaveRequest) => api.post<ContractView>('/contracts/save', input),
  register: (contractId: string) =>
    api.post<ContractView>('/contracts/register', { contractId } satisfies z.input<typeof contractRegisterSchema>),
  cancel: (contractId: string, cancelationReason: string) =>
    api.post<ContractView>('/contracts/cancel', {
      contractId,
      cancelationReason,
    } satisfies z.input<typeof contractCancelSchema>),
  deregister: (contractId: string) =>
    api.post<ContractView>('/contracts/deregister', { contractId } satisfies z.input<typeof contractRegisterSchema>),
  /** The provider's BGN (`bank`) and EUR (`bank2`) accounts of a registered contract (null clears one). */
  saveBanks: (contractId: string, bank: string | null, bank2: string | null) =>
    api.post<ContractView>('/contracts/saveBanks', { contractId, bank, bank2 } satisfies ContractSaveBanksRequest),
  services: (request: ContractServiceListRequest) =>
    api.post<ListResult<ContractServiceRow>>('/contract-services/list', request),
  service: (id: string) => api.get<ContractServiceRow>(`/contract-services/${encodeURIComponent(id)}`),
  addService: (contractId: string, serviceId: string) =>
    api.post<ContractServiceRow>('/contract-services/addServiceToContract', {
      contractId,
      serviceId,
    } satisfies z.input<typeof contractServiceAddSchema>),
  removeService: (contractServiceId: string) =>
    api.post<boolean>('/contract-services/removeServiceFromContract', {
      contractServiceId,
    } satisfies z.input<typeof contractServiceRemoveSchema>),
  saveService: (input: ContractServiceSaveRequest) => api.post<ContractServiceRow>('/contract-services/save', input),
};

/** The reads of the contracts area as TanStack query options. */
export const contractQueries = {
  one: (id: string) => queryOptions({ queryKey: contractKeys.one(id), queryFn: () => contractsApi.get(id) }),
  /** Every service of a contract (up to 200), for pickers. */
  allServices: (contractId: string) =>
    queryOptions({
      queryKey: contractKeys.allServices(contractId),
      queryFn: async () =>
        (await contractsApi.services({ contractId, page: 1, itemsPerPage: 200, sortBy: 'created', sortDesc: false }))
          .Items,
    }),
  search: (terms: ContractSearchTerms) =>
    queryOptions({
      queryKey: contractKeys.search(terms),
      queryFn: () => contractsApi.search(terms),
      staleTime: 30_000,
    }),
};
