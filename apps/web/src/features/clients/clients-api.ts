import type { ListResult, LocalizedText } from '@kantora/domain';
import { api } from '../../lib/api-client.ts';

/** Query keys of the clients area. */
export const clientKeys = {
  list: ['clients', 'list'] as const,
  one: (id: string) => ['clients', 'one', id] as const,
  offices: (companyId: string) => ['clients', 'offices', companyId] as const,
  office: (id: string) => ['clients', 'office', id] as const,
  contacts: (officeId: string) => ['clients', 'contacts', officeId] as const,
};

export interface ClientRow {
  _id: string;
  name: LocalizedText;
  bulstat: string;
  vatNumber: string;
  phone: string;
  email: string;
  status: boolean;
}

export interface Client extends ClientRow {
  responsiblePerson: LocalizedText;
  comment: string;
  referent: string | null;
  referentName: LocalizedText | null;
  notificationsEmails: string[];
  clientUsers: string[];
  managingUsers: string[];
  managingUsersAll: boolean;
  subscription: { status: boolean; fromDate: string | null; toDate: string | null };
  /** The client's payment term in days; null: the invoice defaults' term. */
  paymentTermDays: number | null;
  created: string | null;
  createdBy: string | null;
  createdByName: LocalizedText;
  updated: string | null;
}

export interface OfficeContact {
  _id: string;
  officeId: string;
  firstName: string;
  middleName: string;
  lastName: string;
  position: string;
  phone: string;
  email: string;
}

export interface Office {
  _id: string;
  company: string;
  isHeadquarters: boolean;
  country: LocalizedText;
  state: LocalizedText;
  city: LocalizedText;
  street: LocalizedText;
  zipCode: string;
  phone: string;
  email: string;
  contacts?: OfficeContact[];
}

export type ClientSaveResult = Client & { warnings: string[] };

export const clientsApi = {
  list: (request: object) => api.post<ListResult<ClientRow>>('/companies/list', request),
  get: (id: string) => api.get<Client>(`/companies/${id}`),
  save: (input: unknown) => api.post<ClientSaveResult>('/companies/save', input),
  listOffices: (request: object) => api.post<ListResult<Office>>('/offices/list', request),
  getOffice: (id: string) => api.get<Office>(`/offices/${id}`),
  saveOffice: (input: unknown) => api.post<Office>('/offices/save', input),
  removeOffice: (officeId: string) => api.post<unknown>('/offices/remove', { officeId }),
  contacts: (officeId: string) =>
    api.get<OfficeContact[]>(`/offices/getOfficeContacts?officeId=${encodeURIComponent(officeId)}`),
  saveContact: (input: unknown) => api.post<OfficeContact>('/offices/saveContact', input),
  removeContact: (officeId: string, contactId: string) =>
    api.post<unknown>('/offices/removeContact', { officeId, contactId }),
};

/** The whole client as the save call takes it (an update sends every field, so none resets). */
export function clientSavePayload(client: Client): Record<string, unknown> {
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
