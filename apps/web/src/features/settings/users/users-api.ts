import type { ListResult, LocalizedText } from '@kantora/domain';
import { api } from '../../../lib/api-client.ts';

export interface UserAddress {
  country: string;
  state: string;
  city: string;
  zipCode: string;
  street: string;
}

export interface User {
  _id: string;
  firstName: LocalizedText;
  middleName: LocalizedText;
  lastName: LocalizedText;
  gender: number;
  email: string;
  phone: string;
  address: UserAddress;
  dateOfBirth: string | null;
  notes: string;
  type: number;
  access: number;
  status: number;
  created?: string | null;
  updated?: string | null;
}

export type RecordKind = 'education' | 'experience';

export interface UserRecord {
  _id: string;
  userId: string;
  [field: string]: unknown;
}

const RECORD_CALLS: Record<RecordKind, { one: string; many: string }> = {
  education: { one: 'UserEducation', many: 'UserEducations' },
  experience: { one: 'UserExperience', many: 'UserExperiences' },
};

const base = '/settings/users';

export const userKeys = {
  list: ['settings', 'users'] as const,
  one: (id: string) => ['settings', 'users', 'one', id] as const,
  records: (kind: RecordKind, userId: string) => ['settings', 'users', kind, userId] as const,
};

export const usersApi = {
  list: (request: object) => api.post<ListResult<User>>(`${base}/list`, request),
  get: (id: string) => api.get<User>(`${base}/${id}`),
  save: (input: unknown) => api.post<User>(`${base}/save`, input),
  listRecords: (kind: RecordKind, request: object) =>
    api.post<ListResult<UserRecord>>(`${base}/get${RECORD_CALLS[kind].many}`, request),
  getRecord: (kind: RecordKind, id: string) => api.get<UserRecord>(`${base}/get${RECORD_CALLS[kind].one}/${id}`),
  saveRecord: (kind: RecordKind, input: unknown) =>
    api.post<UserRecord>(`${base}/save${RECORD_CALLS[kind].one}`, input),
  removeRecord: (kind: RecordKind, id: string) => api.post<boolean>(`${base}/remove${RECORD_CALLS[kind].one}`, { id }),
};
