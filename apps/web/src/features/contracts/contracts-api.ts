import type { ContractRow, ContractServiceRow, ContractView, ListResult } from '@kantora/domain';
import { api } from '../../lib/api-client.ts';

/** Query keys of the contracts area. */
export const contractKeys = {
  all: ['contracts'] as const,
  list: ['contracts', 'list'] as const,
  one: (id: string) => ['contracts', 'one', id] as const,
  services: (contractId: string) => ['contracts', 'services', contractId] as const,
  service: (id: string) => ['contracts', 'service', id] as const,
};

/** The calls of /api/contracts and /api/contract-services. */
export const contractsApi = {
  list: (request: object) => api.post<ListResult<ContractRow>>('/contracts/list', request),
  get: (id: string) => api.get<ContractView>(`/contracts/${encodeURIComponent(id)}`),
  save: (input: object) => api.post<ContractView>('/contracts/save', input),
  register: (contractId: string) => api.post<ContractView>('/contracts/register', { contractId }),
  cancel: (contractId: string, cancelationReason: string) =>
    api.post<ContractView>('/contracts/cancel', { contractId, cancelationReason }),
  deregister: (contractId: string) => api.post<ContractView>('/contracts/deregister', { contractId }),
  /** The provider's BGN (`bank`) and EUR (`bank2`) accounts of a registered contract (null clears one). */
  saveBanks: (contractId: string, bank: string | null, bank2: string | null) =>
    api.post<ContractView>('/contracts/saveBanks', { contractId, bank, bank2 }),
  services: (request: object) => api.post<ListResult<ContractServiceRow>>('/contract-services/list', request),
  service: (id: string) => api.get<ContractServiceRow>(`/contract-services/${encodeURIComponent(id)}`),
  addService: (contractId: string, serviceId: string) =>
    api.post<ContractServiceRow>('/contract-services/addServiceToContract', { contractId, serviceId }),
  removeService: (contractServiceId: string) =>
    api.post<boolean>('/contract-services/removeServiceFromContract', { contractServiceId }),
  saveService: (input: object) => api.post<ContractServiceRow>('/contract-services/save', input),
};
