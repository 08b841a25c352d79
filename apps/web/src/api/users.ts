import type {
  ListResult,
  User,
  UserRecord,
  UserRecordKind,
  userEducationSaveSchema,
  userExperienceSaveSchema,
  userListQuery,
  userRecordsListQuery,
  userSaveSchema,
} from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../lib/api-client.ts';

/** The body of POST /api/settings/users/list. */
export type UserListRequest = z.input<typeof userListQuery>;
/** The body of POST /api/settings/users/save. */
export type UserSaveRequest = z.input<typeof userSaveSchema>;
/** The body of POST /api/settings/users/getUserEducations and getUserExperiences. */
export type UserRecordsListRequest = z.input<typeof userRecordsListQuery>;
/** The body of POST /api/settings/users/saveUserEducation or saveUserExperience. */
export type UserRecordSaveRequest = z.input<typeof userEducationSaveSchema> | z.input<typeof userExperienceSaveSchema>;

const RECORD_CALLS: Record<UserRecordKind, { one: string; many: string }> = {
  education: { one: 'UserEducation', many: 'UserEducations' },
  experience: { one: 'UserExperience', many: 'UserExperiences' },
};

const base = '/settings/users';

/** Query keys of the users (under `settings`: a save there refreshes the settings' checklist). */
export const userKeys = {
  list: ['settings', 'users'] as const,
  one: (id: string) => ['settings', 'users', 'one', id] as const,
  records: (kind: UserRecordKind, userId: string) => ['settings', 'users', kind, userId] as const,
};

/** The calls of /api/settings/users. */
export const usersApi = {
  list: (request: UserListRequest) => api.post<ListResult<User>>(`${base}/list`, request),
  get: (id: string) => api.get<User>(`${base}/${id}`),
  save: (input: UserSaveRequest) => api.post<User>(`${base}/save`, input),
  listRecords: (kind: UserRecordKind, request: UserRecordsListRequest) =>
    api.post<ListResult<UserRecord>>(`${base}/get${RECORD_CALLS[kind].many}`, request),
  getRecord: (kind: UserRecordKind, id: string) => api.get<UserRecord>(`${base}/get${RECORD_CALLS[kind].one}/${id}`),
  saveRecord: (kind: UserRecordKind, input: UserRecordSaveRequest) =>
    api.post<UserRecord>(`${base}/save${RECORD_CALLS[kind].one}`, input),
  removeRecord: (kind: UserRecordKind, id: string) =>
    api.post<boolean>(`${base}/remove${RECORD_CALLS[kind].one}`, { id }),
};

/** The reads of the users as TanStack query options. */
export const userQueries = {
  one: (id: string) => queryOptions({ queryKey: userKeys.one(id), queryFn: () => usersApi.get(id) }),
};
