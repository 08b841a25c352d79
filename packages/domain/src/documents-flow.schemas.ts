/**
 * Document flow: documents exchanged with clients, one file each.
 *
 * API (staff: permission `documentsFlow`, every staff role; portal: `portal`, client users).
 * Every JSON answer is the house envelope `{ Type, Message, Result }`.
 *
 * Staff, under /api/documents-flow — the client portal has the same calls under /api/my-documents-flow
 * (list, GET {id}, save, removeFile, download/{fileId}, previewLink/{fileId}; no remove, no zip):
 * - POST list            body `documentFlowListQuery` → `ListResult<DocumentFlowRow>`.
 *                        Only documents of clients the user sees (portal: companies listing the user).
 *                        Also POST /api/my-companies/documents-flow/list {companyId, ...filters, paging} (portal).
 * - GET  {id}            → `DocumentFlowView`; an unknown or invisible id is 404 `not_found`.
 * - POST save            multipart/form-data: fields `_id` (absent on create), `company`, `category`, `date`
 *                        (YYYY-MM-DD, today when blank), `description`, `notes`, and one file part `file`
 *                        (required while the document has none: 400 `field_is_required` on `file`; a second
 *                        file while one is attached: 400 `document_flow_file_exists` on `file` — remove it first).
 *                        → `DocumentFlowView`, Message `saved_successfully`. Over MAX_UPLOAD_MB: 413 `payload_too_large`.
 *                        Locked (non-admin, older than the window): 409 `document_flow_locked`;
 *                        another user's document (non-admin): 403 `document_flow_not_own`.
 * - POST remove          `{ documentId }` → `true`, Message `deleted_successfully`. Admin only (403 otherwise).
 * - POST removeFile      `{ fileId, documentId }` → `true`. Non-admin: own document and file uploaded within the
 *                        window (409 `document_flow_locked` / 403 `document_flow_not_own`).
 * - GET  download/{id}   `{id}` is the FILE id (`row.file._id`). Bytes as an attachment, real content type,
 *                        `X-Content-Type-Options: nosniff`, `Content-Security-Policy: sandbox`.
 * - GET  previewLink/{id} `{id}` is the FILE id; only for previewable types (`file.previewable`; else 400
 *                        `document_flow_not_previewable`). → `DocumentFlowPreviewLink` `{ url, expires }`: a link valid
 *                        for 5 minutes that needs no header, for `<iframe src={url}>` (use it at once; ask again later).
 * - GET  /api/documents-flow/preview/{fileId}?token=…[&scope=portal]  (the `url` above; the token is the
 *                        authorisation, bound to the file, the user and their session; none, bad, expired or signed
 *                        out: 401, checked first as every call's token is, whatever the path and query hold)
 *                        The file inline, `nosniff`. HTML, text and images under `Content-Security-Policy: sandbox`
 *                        (no script, no same origin): show them in `<iframe sandbox="">`. A PDF (bytes checked to be
 *                        one) has no CSP sandbox, as browsers refuse to show a PDF in a sandbox: use an iframe
 *                        without the sandbox attribute for PDF only.
 * - POST downloadFilesAsZip `{ filesIds: string[] }` (1–500 file ids) → `application/zip` attachment, streamed.
 *                        More than 500 ids: 400 `document_flow_zip_too_many_files`; more than 1 GB together:
 *                        400 `document_flow_zip_too_large`; any id the user may not see: 404 `not_found`.
 */
import { z } from 'zod';
import type { LocalizedText } from './schemas.ts';
import { MessageKeys as M } from './messages.ts';
import {
  alwaysCheck,
  filterDate,
  filterId,
  filterText,
  idSchema,
  listQuery,
  optionalBusinessDate,
  optionalString,
  selectId,
} from './schemas.ts';
import { FILTER_ALIASES, foldAliases } from './filter-aliases.ts';

/** Files per downloadFilesAsZip request. */
export const DOCUMENT_FLOW_ZIP_MAX_FILES = 500;
/** Bytes per downloadFilesAsZip request (1 GB). */
export const DOCUMENT_FLOW_ZIP_MAX_BYTES = 1024 * 1024 * 1024;
/** The content types the file preview shows (pdf, jpeg, png, html, plain text). */
export const DOCUMENT_FLOW_PREVIEW_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'text/html',
  'text/plain',
] as const;

/** True when a stored content type (parameters ignored) may be shown in the file preview. */
export function isPreviewableContentType(contentType: string | null | undefined): boolean {
  const base = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return (DOCUMENT_FLOW_PREVIEW_TYPES as readonly string[]).includes(base);
}

export const DOCUMENT_FLOW_SORT_COLUMNS = [
  'created',
  'date',
  'category',
  'company',
  'description',
  'file',
  'createdBy',
] as const;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * POST /api/documents-flow/list (and /api/my-documents-flow/list). `company` (aliases `client`, `companyId`) is
 * the client; `category` matches the category and its subcategories; `fromDate`/`toDate` the document's date;
 * `uploadedFrom`/`uploadedTo` the day it was created ("created on", Europe/Sofia days, both included);
 * `fileName` and `description` are case-insensitive substrings. Page sizes up to 200.
 */
export const documentFlowListQuery = listQuery
  .extend({
    company: filterId,
    client: filterId,
    companyId: filterId,
    category: filterId,
    fromDate: filterDate,
    toDate: filterDate,
    uploadedFrom: filterDate,
    uploadedTo: filterDate,
    fileName: filterText(255),
    description: filterText(200),
  })
  .superRefine((value, ctx) => {
    if (value.fromDate && value.toDate && value.toDate < value.fromDate)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.end_date_before_start_date });
    if (value.uploadedFrom && value.uploadedTo && value.uploadedTo < value.uploadedFrom)
      ctx.addIssue({ code: 'custom', path: ['uploadedTo'], message: M.end_date_before_start_date });
  }, alwaysCheck)
  .transform((value) => foldAliases(value, FILTER_ALIASES.documentsFlow));
export type DocumentFlowListInput = z.input<typeof documentFlowListQuery>;
export type DocumentFlowListQuery = z.output<typeof documentFlowListQuery>;

/** The filter form's fields (the web's FilterForm values; blank means no filter). */
export interface DocumentFlowFilter {
  company?: string | null;
  category?: string | null;
  fromDate?: string | null;
  toDate?: string | null;
  uploadedFrom?: string | null;
  uploadedTo?: string | null;
  fileName?: string | null;
  description?: string | null;
}

/**
 * The text fields of POST .../save (multipart). The file travels in the part `file`; whether it is required
 * (no file attached yet) is decided by the server, which answers `field_is_required` on `file`.
 */
export const documentFlowSaveSchema = z.object({
  _id: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
  company: selectId,
  category: selectId,
  /** Business date; today (Europe/Sofia) when blank. */
  date: optionalBusinessDate,
  description: optionalString(2000),
  notes: optionalString(4000),
});
export type DocumentFlowSaveInput = z.input<typeof documentFlowSaveSchema>;
export type DocumentFlowSaveValues = z.output<typeof documentFlowSaveSchema>;

/** POST .../remove. */
export const documentFlowRemoveSchema = z.object({ documentId: selectId });
/** POST .../removeFile. */
export const documentFlowRemoveFileSchema = z.object({ fileId: selectId, documentId: selectId });
/** POST /api/documents-flow/downloadFilesAsZip. */
export const documentFlowZipSchema = z.object({
  filesIds: z
    .array(idSchema, { error: M.field_is_required })
    .min(1, M.field_is_required)
    .max(DOCUMENT_FLOW_ZIP_MAX_FILES, M.document_flow_zip_too_many_files)
    .transform((ids) => [...new Set(ids)]),
});
export type DocumentFlowZipInput = z.input<typeof documentFlowZipSchema>;

/** The one file of a document. `contentType` is what the bytes are (checked on upload), not what the upload claimed. */
export interface DocumentFlowFile {
  _id: string;
  filename: string;
  contentType: string;
  length: number;
  /** ISO 8601 UTC. */
  uploadDate: string;
  uploadedByName: LocalizedText | null;
  /** The file preview may show it (pdf, jpeg, png, html, plain text). */
  previewable: boolean;
}

/** What the user may do with a document now (the server decides the same way on every call). */
export interface DocumentFlowRights {
  /** Past the lock window and the user is not admin: Save is hidden. */
  locked: boolean;
  /** Save is shown (admin; or own document inside the window). */
  canEdit: boolean;
  /** The file's delete button is shown (a file, and admin; or own document with the file inside the window). */
  canDeleteFile: boolean;
  /** Deleting the document (admin only). */
  canDelete: boolean;
}

/** A row of the list. */
export interface DocumentFlowRow extends DocumentFlowRights {
  _id: string;
  category: string;
  categoryName: LocalizedText | null;
  company: string;
  companyName: LocalizedText | null;
  description: string;
  /** YYYY-MM-DD. */
  date: string;
  file: DocumentFlowFile | null;
  /**
   * Who created it. The portal (/api/my-*) names client users only: for a staff member's document `createdBy` is null
   * and `createdByName` (like the file's `uploadedByName`) is the provider's, the own company's, name.
   */
  createdBy: string | null;
  createdByName: LocalizedText | null;
  /** ISO 8601 UTC. */
  created: string;
}

/** GET .../{id} and the answer of save. */
export interface DocumentFlowView extends DocumentFlowRow {
  notes: string;
  updated: string | null;
  /** The server's time of the answer (ISO 8601 UTC), `currentTime`. */
  currentTime: string;
  /** The lock window in days (DOCUMENT_FLOW_LOCK_DAYS). */
  lockDays: number;
}

/** GET .../previewLink/{fileId}. `url` is relative to the app's origin. */
export interface DocumentFlowPreviewLink {
  url: string;
  /** ISO 8601 UTC. */
  expires: string;
}
