import type { Readable } from 'node:stream';
import {
  canAccess,
  type DocumentListQuery,
  type DocumentParentType,
  type DocumentSaveInput,
  type ListResult,
  MessageKeys as M,
  Permissions,
} from '@kantora/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { sofiaToday } from '../../db/sql-helpers.ts';
import { fileBody, fileColumns, type FileView, insertFile } from '../../db/file-store.ts';
import { documents, documentTypes, files, users } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { type UploadedFile, withoutControls } from '../../http/files.ts';
import { offsetOf, orderBy, pageOf, totalCount } from '../../http/paging.ts';
import { fieldError } from '../../http/validation.ts';
import type { Actor } from '../../http/actor.ts';
import { writeLog } from '../logs/index.ts';

export type DocumentAccess = 'read' | 'write' | 'delete';

/** Decides over the documents of one kind of parent (users here; contracts register theirs). */
export interface DocumentParentPolicy {
  /** True when the parent exists. */
  exists(executor: Executor, id: string): Promise<boolean>;
  /**
   * Throws (403, 404 or 409) when the actor may not read, write or delete the parent's documents. `executor` is the
   * call's transaction, when there is one.
   */
  authorize(actor: Actor, id: string, access: DocumentAccess, executor?: Executor): void | Promise<void>;
}

/** Users' documents: the settings role (administrators) only. */
export const userDocumentParent: DocumentParentPolicy = {
  async exists(executor, id) {
    const [row] = await executor.select({ id: users.id }).from(users).where(eq(users.id, id));
    return Boolean(row);
  },
  authorize(actor) {
    if (!canAccess(Permissions.settings, actor.access)) throw forbidden();
  },
};

export type { UploadedFile };

const documentColumns = {
  id: documents.id,
  parentType: documents.parentType,
  parentId: documents.parentId,
  typeId: documents.typeId,
  typeName: documentTypes.name,
  date: documents.date,
  description: documents.description,
  notes: documents.notes,
  created: documents.created,
  createdBy: documents.createdBy,
  createdByName: documents.createdByName,
  updated: documents.updated,
};
type DocumentView = {
  [K in keyof typeof documentColumns]: K extends 'typeName'
    ? { bg: string; it: string } | null
    : (typeof documents.$inferSelect)[K & keyof typeof documents.$inferSelect];
};

export function fileDto(row: FileView) {
  return {
    _id: row.id,
    filename: withoutControls(row.filename),
    contentType: row.contentType,
    length: row.length,
    uploadDate: iso(row.uploadDate),
    metadata: { uploadedBy: { fullName: row.uploadedByName } },
  };
}

function documentDto(row: DocumentView, rowFiles: FileView[]) {
  return {
    _id: row.id,
    parentType: row.parentType,
    parentId: row.parentId,
    [`${row.parentType}Id`]: row.parentId,
    type: row.typeId,
    typeName: row.typeName,
    date: row.date,
    description: row.description,
    notes: row.notes,
    files: rowFiles.map(fileDto),
    created: iso(row.created),
    createdByName: row.createdByName,
    updated: iso(row.updated),
  };
}
export type DocumentDto = ReturnType<typeof documentDto>;

/** Documents with their files, for any parent that registers a policy. */
export class DocumentsService {
  private readonly parents = new Map<string, DocumentParentPolicy>();

  constructor(
    private readonly db: Db,
    parents: Partial<Record<DocumentParentType, DocumentParentPolicy>> = {},
  ) {
    for (const [type, policy] of Object.entries(parents)) this.parents.set(type, policy);
  }

  registerParent(type: DocumentParentType, policy: DocumentParentPolicy) {
    this.parents.set(type, policy);
  }

  private policy(type: string): DocumentParentPolicy {
    const policy = this.parents.get(type);
    if (!policy) throw fieldError('parentType', M.invalid_value);
    return policy;
  }

  private async authorized(
    executor: Executor,
    actor: Actor,
    parentType: string,
    parentId: string,
    access: DocumentAccess,
  ) {
    const policy = this.policy(parentType);
    await policy.authorize(actor, parentId, access, executor);
    if (!(await policy.exists(executor, parentId))) throw notFound();
  }

  /**
   * For the calls that name a stored document or file (GET {id}, download, save with `_id`, remove, removeFile): one
   * the actor may not read answers 404 `not_found`, exactly like an unknown id (never 403, nor the parent's own
   * not-found, which would tell it exists); then `access` is asked as for any call (403 or 409 on what they may read).
   */
  private async authorizedStored(
    executor: Executor,
    actor: Actor,
    parent: { parentType: string; parentId: string },
    access: DocumentAccess,
  ) {
    try {
      await this.policy(parent.parentType).authorize(actor, parent.parentId, 'read', executor);
    } catch (error) {
      if (error instanceof AppError && (error.status === 403 || error.status === 404)) throw notFound();
      throw error;
    }
    if (access !== 'read') await this.authorized(executor, actor, parent.parentType, parent.parentId, access);
  }

  private selectDocuments(executor: Executor, extra: Record<string, SQL> = {}) {
    return executor
      .select({ ...documentColumns, ...extra })
      .from(documents)
      .leftJoin(documentTypes, eq(documentTypes.id, documents.typeId));
  }

  private async filesOf(executor: Executor, documentIds: string[]): Promise<Map<string, FileView[]>> {
    const byDocument = new Map<string, FileView[]>();
    if (documentIds.length === 0) return byDocument;
    const rows = await executor
      .select(fileColumns)
      .from(files)
      .where(inArray(files.documentId, documentIds))
      .orderBy(asc(files.uploadDate), asc(files.id));
    for (const row of rows) byDocument.set(row.documentId!, [...(byDocument.get(row.documentId!) ?? []), row]);
    return byDocument;
  }

  private async load(executor: Executor, id: string): Promise<DocumentDto | undefined> {
    const [row] = await this.selectDocuments(executor).where(eq(documents.id, id));
    if (!row) return undefined;
    return documentDto(row as DocumentView, (await this.filesOf(executor, [id])).get(id) ?? []);
  }

  async list(actor: Actor, query: DocumentListQuery): Promise<ListResult<DocumentDto>> {
    await this.authorized(this.db, actor, query.parentType, query.parentId, 'read');
    const where = and(eq(documents.parentType, query.parentType), eq(documents.parentId, query.parentId));
    const sort = orderBy(
      query,
      { created: documents.created, date: documents.date, type: sql`${documentTypes.name}->>'bg'` },
      { by: 'created', desc: true },
      documents.id,
      { descNullsLast: true },
    );
    const rows = await this.selectDocuments(this.db, { total: totalCount })
      .where(where)
      .orderBy(...sort)
      .limit(query.itemsPerPage)
      .offset(offsetOf(query));
    const byDocument = await this.filesOf(
      this.db,
      rows.map((r) => r.id),
    );
    return pageOf(
      rows as Array<DocumentView & { total: number }>,
      query,
      (row) => documentDto(row, byDocument.get(row.id) ?? []),
      async () =>
        (await this.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(documents).where(where))[0].n,
    );
  }

  async get(actor: Actor, id: string): Promise<DocumentDto> {
    const found = await this.load(this.db, id);
    if (!found) throw notFound();
    await this.authorizedStored(this.db, actor, found, 'read');
    return found;
  }

  /** Creates or updates a document and adds the uploaded file, if any, to its files. */
  async save(actor: Actor, input: DocumentSaveInput, file?: UploadedFile): Promise<DocumentDto> {
    return this.db.transaction(async (tx) => {
      const old = input._id ? await this.load(tx, input._id) : undefined;
      if (input._id && !old) throw notFound();
      if (old) await this.authorizedStored(tx, actor, old, 'read');
      if (old && input.parentId && (input.parentType !== old.parentType || input.parentId !== old.parentId))
        throw fieldError('parentId', M.invalid_value);
      const parentType = old?.parentType ?? input.parentType!;
      const parentId = old?.parentId ?? input.parentId!;
      await this.authorized(tx, actor, parentType, parentId, 'write');
      const [type] = await tx
        .select({ id: documentTypes.id })
        .from(documentTypes)
        .where(eq(documentTypes.id, input.type));
      if (!type) throw fieldError('type', M.invalid_value);

      const values = {
        typeId: input.type,
        date: input.date ?? old?.date ?? sofiaToday,
        description: input.description,
        notes: input.notes,
      };
      const [row] = old
        ? await tx
            .update(documents)
            .set({ ...values, updated: sql`now()` })
            .where(eq(documents.id, old._id))
            .returning({ id: documents.id })
        : await tx
            .insert(documents)
            .values({ ...values, parentType, parentId, createdBy: actor.id, createdByName: actor.fullName })
            .returning({ id: documents.id });
      if (file) {
        const stored = await insertFile(tx, { ...file, documentId: row.id }, actor);
        await writeLog(tx, {
          name: 'File',
          doc: stored.id,
          model: 'files',
          type: 'create',
          action: 'save',
          new: { ...fileDto(stored), documentId: row.id },
          actor,
        });
      }
      const saved = (await this.load(tx, row.id))!;
      await writeLog(tx, {
        name: 'Document',
        doc: row.id,
        model: 'documents',
        type: old ? 'update' : 'create',
        action: 'save',
        old: old ?? null,
        new: saved,
        actor,
      });
      return saved;
    });
  }

  /** Removes a document and its files. */
  async remove(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const old = await this.load(tx, id);
      if (!old) throw notFound();
      await this.authorizedStored(tx, actor, old, 'delete');
      await tx.delete(documents).where(eq(documents.id, id));
      await writeLog(tx, {
        name: 'Document',
        doc: id,
        model: 'documents',
        type: 'delete',
        action: 'remove',
        old,
        new: null,
        actor,
      });
    });
  }

  /** Removes one file of a document (when `documentId` is given, the file must belong to it). */
  async removeFile(actor: Actor, fileId: string, documentId?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [file] = await tx.select(fileColumns).from(files).where(eq(files.id, fileId));
      if (!file?.documentId || (documentId && file.documentId !== documentId)) throw notFound();
      const [parent] = await tx
        .select({ parentType: documents.parentType, parentId: documents.parentId })
        .from(documents)
        .where(eq(documents.id, file.documentId));
      await this.authorizedStored(tx, actor, parent, 'delete');
      await tx.delete(files).where(eq(files.id, fileId));
      await writeLog(tx, {
        name: 'File',
        doc: fileId,
        model: 'files',
        type: 'delete',
        action: 'removeFile',
        old: { ...fileDto(file), documentId: file.documentId },
        new: null,
        actor,
      });
    });
  }

  /** A file of a document the actor may read, with a stream of its bytes read chunk by chunk. */
  async download(
    actor: Actor,
    fileId: string,
  ): Promise<{ filename: string; contentType: string; length: number; body: Readable }> {
    const [file] = await this.db
      .select({ ...fileColumns, parentType: documents.parentType, parentId: documents.parentId })
      .from(files)
      .innerJoin(documents, eq(documents.id, files.documentId))
      .where(eq(files.id, fileId));
    if (!file) throw notFound();
    await this.authorizedStored(this.db, actor, file, 'read');
    return {
      filename: file.filename,
      contentType: file.contentType,
      length: file.length,
      body: fileBody(this.db, fileId, file.length),
    };
  }
}
