import type {
  DictionaryItem,
  DocumentFlowListInput,
  DocumentFlowPreviewLink,
  DocumentFlowRow,
  DocumentFlowSaveValues,
  DocumentFlowView,
  ListResult,
} from '@kantora/domain';
import type { QueryKey } from '@tanstack/react-query';
import { api, download } from '../lib/api-client.ts';
import { metadataKey } from './metadata.ts';

/** Query keys of the document flow (one family per API base, so the portal's cache stays its own). */
export const documentFlowKeys = {
  all: (base: string) => ['documents-flow', base] as const,
  one: (base: string, id: string) => ['documents-flow', base, 'one', id] as const,
};

/**
 * The calls of one API base: staff `/documents-flow`, the client portal `/my-documents-flow` (the same
 * calls but remove and zip; see the API note in `packages/domain/src/documents-flow.schemas.ts`).
 */
export interface DocumentsFlowApi {
  base: string;
  /** The staff list may delete and zip; the portal may not. */
  staff: boolean;
  list: (request: DocumentFlowListInput) => Promise<ListResult<DocumentFlowRow>>;
  get: (id: string) => Promise<DocumentFlowView>;
  /** Multipart: see documentFlowFormData. */
  save: (body: FormData) => Promise<DocumentFlowView>;
  remove: (documentId: string) => Promise<unknown>;
  removeFile: (fileId: string, documentId: string) => Promise<unknown>;
  /** Saves the file (an attachment) under its own name. */
  download: (fileId: string) => Promise<string>;
  /** A short-lived link for `<iframe src>` (the iframe cannot send the bearer header). */
  previewLink: (fileId: string) => Promise<DocumentFlowPreviewLink>;
  /** Saves one zip of the files. */
  downloadZip: (filesIds: string[]) => Promise<string>;
  /** The active categories: staff read the metadata look-up, client users the portal's own call. */
  categories: { queryKey: QueryKey; fetch: () => Promise<DictionaryItem[]> };
}

/** GET /api/metaData/getDocumentFlowCategories (staff) or GET /api/my-documents-flow/categories (client users). */
function categoriesOf(base: string, staff: boolean): DocumentsFlowApi['categories'] {
  if (staff)
    return {
      queryKey: metadataKey('getDocumentFlowCategories'),
      fetch: () => api.get<DictionaryItem[]>('/metaData/getDocumentFlowCategories'),
    };
  return {
    queryKey: [...documentFlowKeys.all(base), 'categories'],
    fetch: () => api.get<DictionaryItem[]>(`${base}/categories`),
  };
}

export function createDocumentsFlowApi(base: '/documents-flow' | '/my-documents-flow'): DocumentsFlowApi {
  const staff = base === '/documents-flow';
  return {
    base,
    staff,
    list: (request) => api.post<ListResult<DocumentFlowRow>>(`${base}/list`, request),
    get: (id) => api.get<DocumentFlowView>(`${base}/${encodeURIComponent(id)}`),
    save: (body) => api.post<DocumentFlowView>(`${base}/save`, body),
    remove: (documentId) => api.post<unknown>(`${base}/remove`, { documentId }),
    removeFile: (fileId, documentId) => api.post<unknown>(`${base}/removeFile`, { fileId, documentId }),
    download: (fileId) => download(`${base}/download/${encodeURIComponent(fileId)}`),
    previewLink: (fileId) => api.get<DocumentFlowPreviewLink>(`${base}/previewLink/${encodeURIComponent(fileId)}`),
    downloadZip: (filesIds) => download(`${base}/downloadFilesAsZip`, { filesIds }),
    categories: categoriesOf(base, staff),
  };
}

/** The staff calls. */
export const staffDocumentsFlowApi = createDocumentsFlowApi('/documents-flow');

/** The client portal's calls (/api/my-documents-flow). */
export const portalDocumentsFlowApi = createDocumentsFlowApi('/my-documents-flow');

/** The multipart body of `save`: the text fields, then the file (when one was chosen). */
export function documentFlowFormData(values: DocumentFlowSaveValues, file: File | null): FormData {
  const body = new FormData();
  if (values._id) body.append('_id', values._id);
  body.append('company', values.company);
  body.append('category', values.category);
  if (values.date) body.append('date', values.date);
  body.append('description', values.description ?? '');
  body.append('notes', values.notes ?? '');
  if (file) body.append('file', file, file.name);
  return body;
}

/** The portal's company page tab: that company's documents (POST /api/my-companies/documents-flow/list {companyId}). */
export const portalCompanyDocumentsFlowApi: DocumentsFlowApi = {
  ...portalDocumentsFlowApi,
  list: ({ company: companyId, ...request }) =>
    api.post<ListResult<DocumentFlowRow>>('/my-companies/documents-flow/list', { ...request, companyId }),
};
