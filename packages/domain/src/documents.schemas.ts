import { z } from 'zod';
import type { LocalizedText } from './schemas.ts';
import { MessageKeys as M } from './messages.ts';
import { idSchema, listQuery, localizedText, optionalBusinessDate, selectId } from './schemas.ts';

/** What a document (with its files) may belong to. */
export const DOCUMENT_PARENT_TYPES = ['user', 'contract'] as const;
export type DocumentParentType = (typeof DOCUMENT_PARENT_TYPES)[number];

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalId = z.preprocess(blankToUndefined, idSchema.optional()).optional();

/**
 * The parent of a document: `parentType` + `parentId` (or `parent`), or the API's shortcuts
 * `userId` / `contractId`. Resolved to `{ parentType, parentId }` (both undefined when none is given).
 */
const parentFields = {
  parentType: z
    .preprocess(blankToUndefined, z.enum(DOCUMENT_PARENT_TYPES, { error: M.invalid_value }).optional())
    .optional(),
  parentId: optionalId,
  parent: optionalId,
  userId: optionalId,
  contractId: optionalId,
};
type ParentFields = {
  parentType?: DocumentParentType;
  parentId?: string;
  parent?: string;
  userId?: string;
  contractId?: string;
};

function resolveParent(
  value: ParentFields,
  ctx: z.RefinementCtx,
  required: boolean,
): { parentType?: DocumentParentType; parentId?: string } {
  const candidates: Array<[DocumentParentType, string]> = [];
  const generic = value.parentId ?? value.parent;
  if (generic) {
    if (!value.parentType) ctx.addIssue({ code: 'custom', path: ['parentType'], message: M.field_is_required });
    else candidates.push([value.parentType, generic]);
  }
  if (value.userId) candidates.push(['user', value.userId]);
  if (value.contractId) candidates.push(['contract', value.contractId]);
  const distinct = new Set(candidates.map(([type, id]) => `${type}:${id}`));
  if (distinct.size > 1) ctx.addIssue({ code: 'custom', path: ['parentId'], message: M.invalid_value });
  else if (distinct.size === 0 && required && !(generic && !value.parentType))
    ctx.addIssue({ code: 'custom', path: ['parentId'], message: M.field_is_required });
  const [first] = candidates;
  return { parentType: first?.[0], parentId: first?.[1] };
}

/**
 * The text fields of POST /api/documents/save (multipart; the file travels in the part `file`).
 * Flat multipart names like `description.bg` are nested before parsing.
 */
export const documentSaveSchema = z
  .object({
    _id: optionalId,
    /** The document type (Settings › Document types). */
    type: selectId,
    /** Business date; today when not given. */
    date: optionalBusinessDate,
    description: localizedText.optional().default({ bg: '', it: '' }),
    notes: localizedText.optional().default({ bg: '', it: '' }),
    ...parentFields,
  })
  .transform((value, ctx) => {
    const parent = resolveParent(value, ctx, !value._id);
    return {
      _id: value._id,
      type: value.type,
      date: value.date,
      description: value.description,
      notes: value.notes,
      ...parent,
    };
  });
export type DocumentSaveInput = z.infer<typeof documentSaveSchema>;

export const documentListQuery = listQuery.extend(parentFields).transform((value, ctx) => {
  const { parentType, parentId } = resolveParent(value, ctx, true);
  return {
    page: value.page,
    itemsPerPage: value.itemsPerPage,
    sortBy: value.sortBy,
    sortDesc: value.sortDesc,
    parentType: parentType!,
    parentId: parentId!,
  };
});
export type DocumentListQuery = z.infer<typeof documentListQuery>;

/** POST /api/documents/remove: `{ documentId }` (the original API) or `{ id }`. */
export const documentRemoveSchema = z.object({ documentId: optionalId, id: optionalId }).transform((value, ctx) => {
  const id = value.documentId ?? value.id;
  if (!id) ctx.addIssue({ code: 'custom', path: ['documentId'], message: M.field_is_required });
  return { id: id! };
});

/** POST /api/documents/removeFile: `{ fileId, documentId }` (the original API) or `{ id }` (the file's id). */
export const documentRemoveFileSchema = z
  .object({ fileId: optionalId, id: optionalId, documentId: optionalId })
  .transform((value, ctx) => {
    const fileId = value.fileId ?? value.id;
    if (!fileId) ctx.addIssue({ code: 'custom', path: ['fileId'], message: M.field_is_required });
    return { fileId: fileId!, documentId: value.documentId };
  });

// Answers ---------------------------------------------------------------------------------------

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
