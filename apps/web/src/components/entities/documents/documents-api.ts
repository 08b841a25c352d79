import type { DocumentParentType, ListResult, LocalizedText } from '@kantora/domain';
import { api } from '../../../lib/api-client.ts';

/** What the documents belong to: a user (settings) or a contract. */
export interface DocumentParent {
  parentType: DocumentParentType;
  parentId: string;
}

/** A stored file of a document. */
export interface StoredFile {
  _id: string;
  filename: string;
  contentType: string;
  length: number;
  uploadDate: string | null;
  metadata?: { uploadedBy?: { fullName?: LocalizedText | null } };
}

/** A document of a user or a contract (POST /api/documents/list, GET /api/documents/{id}). */
export interface ParentDocument {
  _id: string;
  type: string;
  typeName: LocalizedText | null;
  date: string | null;
  description: LocalizedText;
  notes: LocalizedText;
  files: StoredFile[];
  created: string | null;
  createdByName: LocalizedText | null;
}

export const documentKeys = {
  all: ['documents'] as const,
  list: (parent: DocumentParent) => ['documents', parent.parentType, parent.parentId] as const,
  one: (parent: DocumentParent, id: string) => ['documents', parent.parentType, parent.parentId, 'one', id] as const,
};

/** The calls of /api/documents (the spec's Documents). */
export const documentsApi = {
  list: (parent: DocumentParent, request: object) =>
    api.post<ListResult<ParentDocument>>('/documents/list', { ...request, ...parent }),
  get: (id: string) => api.get<ParentDocument>(`/documents/${id}`),
  /** Multipart: the text fields and at most one file in the part `file`. */
  save: (body: FormData) => api.post<ParentDocument>('/documents/save', body),
  remove: (documentId: string) => api.post<boolean>('/documents/remove', { documentId }),
  removeFile: (fileId: string, documentId: string) =>
    api.post<boolean>('/documents/removeFile', { fileId, documentId }),
  downloadPath: (fileId: string) => `/documents/download/${fileId}`,
};
