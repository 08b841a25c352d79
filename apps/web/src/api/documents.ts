import type { DocumentParent, documentListQuery, ListResult, ParentDocument } from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../lib/api-client.ts';

/** The paging and filter part of POST /api/documents/list (the parent is added by the call). */
export type DocumentListRequest = Omit<z.input<typeof documentListQuery>, 'parentType' | 'parentId'>;

/** Query keys of the documents of a user or a contract. */
export const documentKeys = {
  all: ['documents'] as const,
  list: (parent: DocumentParent) => ['documents', parent.parentType, parent.parentId] as const,
  one: (parent: DocumentParent, id: string) => ['documents', parent.parentType, parent.parentId, 'one', id] as const,
};

/** The calls of /api/documents. */
export const documentsApi = {
  list: (parent: DocumentParent, request: DocumentListRequest) =>
    api.post<ListResult<ParentDocument>>('/documents/list', { ...request, ...parent }),
  get: (id: string) => api.get<ParentDocument>(`/documents/${id}`),
  /** Multipart: the text fields (documentSaveSchema) and at most one file in the part `file`. */
  save: (body: FormData) => api.post<ParentDocument>('/documents/save', body),
  remove: (documentId: string) => api.post<boolean>('/documents/remove', { documentId }),
  removeFile: (fileId: string, documentId: string) =>
    api.post<boolean>('/documents/removeFile', { fileId, documentId }),
  downloadPath: (fileId: string) => `/documents/download/${fileId}`,
};

/** The reads of the documents as TanStack query options. */
export const documentQueries = {
  one: (parent: DocumentParent, id: string) =>
    queryOptions({ queryKey: documentKeys.one(parent, id), queryFn: () => documentsApi.get(id) }),
};
