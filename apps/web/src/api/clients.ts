import {
  AUTOCOMPLETE_PAGE_SIZE,
  type Client,
  type ClientOption,
  type ClientRow,
  type ClientSaveResult,
  type companyListQuery,
  type companySaveSchema,
  type companySearchQuery,
  type ListResult,
  type Office,
  type OfficeContact,
  type officeContactSaveSchema,
  type officeListQuery,
  type officeSaveSchema,
} from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../lib/api-client.ts';

/** The body of POST /api/companies/list. */
export type ClientListRequest = z.input<typeof companyListQuery>;
/** The body of POST /api/companies/search. */
export type ClientSearchRequest = z.input<typeof companySearchQuery>;
/** The body of POST /api/companies/save. */
export type ClientSaveRequest = z.input<typeof companySaveSchema>;
/** The body of POST /api/offices/list. */
export type OfficeListRequest = z.input<typeof officeListQuery>;
/** The body of POST /api/offices/save. */
export type OfficeSaveRequest = z.input<typeof officeSaveSchema>;
/** The body of POST /api/offices/saveContact. */
export type OfficeContactSaveRequest = z.input<typeof officeContactSaveSchema>;

/** Query keys of the clients area: everything starts with `clients`, so one invalidation refreshes it all. */
export const clientKeys = {
  all: ['clients'] as const,
  list: ['clients', 'list'] as const,
  one: (id: string) => ['clients', 'one', id] as const,
  offices: (companyId: string) => ['clients', 'offices', companyId] as const,
  office: (id: string) => ['clients', 'office', id] as const,
  contacts: (officeId: string) => ['clients', 'contacts', officeId] as const,
  search: (term: string) => ['clients', 'search', term] as const,
  picker: ['clients', 'picker'] as const,
};

/** The calls of /api/companies and /api/offices. */
export const clientsApi = {
  list: (request: ClientListRequest) => api.post<ListResult<ClientRow>>('/companies/list', request),
  /** The client autocomplete: name, bulstat or VAT number, a page of AUTOCOMPLETE_PAGE_SIZE. */
  search: (name: string) =>
    api.post<ListResult<ClientOption>>('/companies/search', {
      name,
      page: 1,
      itemsPerPage: AUTOCOMPLETE_PAGE_SIZE,
    } satisfies ClientSearchRequest),
  /** Quiet: the caller shows the failure itself. */
  get: (id: string, options: { quiet?: boolean } = {}) =>
    api.get<Client>(`/companies/${encodeURIComponent(id)}`, options),
  save: (input: ClientSaveRequest) => api.post<ClientSaveResult>('/companies/save', input),
  listOffices: (request: OfficeListRequest) => api.post<ListResult<Office>>('/offices/list', request),
  getOffice: (id: string) => api.get<Office>(`/offices/${id}`),
  saveOffice: (input: OfficeSaveRequest) => api.post<Office>('/offices/save', input),
  removeOffice: (officeId: string) => api.post<unknown>('/offices/remove', { officeId }),
  contacts: (officeId: string) =>
    api.get<OfficeContact[]>(`/offices/getOfficeContacts?officeId=${encodeURIComponent(officeId)}`),
  saveContact: (input: OfficeContactSaveRequest) => api.post<OfficeContact>('/offices/saveContact', input),
  removeContact: (officeId: string, contactId: string) =>
    api.post<unknown>('/offices/removeContact', { officeId, contactId }),
};

/** The reads of the clients area as TanStack query options. */
export const clientQueries = {
  one: (id: string) => queryOptions({ queryKey: clientKeys.one(id), queryFn: () => clientsApi.get(id) }),
  office: (id: string) => queryOptions({ queryKey: clientKeys.office(id), queryFn: () => clientsApi.getOffice(id) }),
  contacts: (officeId: string) =>
    queryOptions({ queryKey: clientKeys.contacts(officeId), queryFn: () => clientsApi.contacts(officeId) }),
  search: (term: string) =>
    queryOptions({ queryKey: clientKeys.search(term), queryFn: () => clientsApi.search(term), staleTime: 30_000 }),
};

/** The whole client as the save call takes it (an update sends every field, so none resets). */
export function clientSavePayload(client: Client): ClientSaveRequest {
  return {
    _id: client._id,
    name: client.name,
    bulstat: client.bulstat,
    vatNumber: client.vatNumber,
    responsiblePerson: client.responsiblePerson,
    status: client.status,
    phone: client.phone,
    email: client.email,
    comment: client.comment,
    referent: client.referent,
    notificationsEmails: client.notificationsEmails,
    subscription: client.subscription,
    paymentTermDays: client.paymentTermDays ?? null,
    clientUsers: client.clientUsers,
    managingUsers: client.managingUsers,
    managingUsersAll: client.managingUsersAll,
  };
}
