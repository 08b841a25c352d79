import type { Readable } from 'node:stream';
import {
  Access,
  DOCUMENT_FLOW_ZIP_MAX_BYTES,
  type DocumentFlowListQuery,
  type DocumentFlowRow,
  type DocumentFlowSaveValues,
  type DocumentFlowView,
  isPreviewableContentType,
  type ListResult,
  MessageKeys as M,
} from '@kantora/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { fileBody, insertFile } from '../../db/file-store.ts';
import { estimateFirstCount, listTotal, sofiaToday } from '../../db/sql-helpers.ts';
import { companies, documentFlowCategories, documentsFlow, files } from '../../db/schema/index.ts';
import { checkedContentType } from '../../http/content-type.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/files.ts';
import { fieldError } from '../../http/validation.ts';
import { clientNotFound } from '../clients/index.ts';
import type { Actor } from '../../http/actor.ts';
import {
  type DocumentFlowRecord,
  type DocumentFlowScope,
  documentFlowListQueries,
  documentFlowLogView,
  fileOf,
  rightsOf,
  rowDto,
  scopeCondition,
  selectDocumentsFlow,
  selectDocumentsFlowPage,
  viewDto,
} from './documents-flow.queries.ts';
import { uniqueEntryNames, zipStream } from './zip.ts';
import { logChange, type LogSubject } from '../logs/index.ts';

const FILE_LOG: LogSubject = { name: 'File', model: 'files' };
const DOCUMENT_FLOW_LOG: LogSubject = { name: 'DocumentFlow', model: 'documents_flow' };

export interface StoredFileStream {
  filename: string;
  contentType: string;
  length: number;
  body: Readable;
}

/**
 * The document flow for staff and for the client portal: one service, the scope decides which companies'
 * documents the actor sees. Every rule (docs/architecture.md, "Lock windows and who sees what": lock window, own documents, admin-only delete) is
 * checked here on every call.
 */
export class DocumentsFlowService {
  constructor(
    private readonly db: Db,
    private readonly settings: { lockDays: number },
  ) {}

  private async load(
    executor: Executor,
    actor: Actor,
    scope: DocumentFlowScope,
    id: string,
  ): Promise<DocumentFlowRecord | undefined> {
    const [row] = await selectDocumentsFlow(executor, actor, scope).where(eq(documentsFlow.id, id));
    return row as DocumentFlowRecord | undefined;
  }

  private view(actor: Actor, scope: DocumentFlowScope, row: DocumentFlowRecord): DocumentFlowView {
    const now = Date.now();
    return viewDto(row, rightsOf(actor, row, this.settings.lockDays, now), scope, this.settings.lockDays, now);
  }

  /** One page (its ids, then those rows whole, in one statement) and the total in parallel. */
  async list(
    actor: Actor,
    scope: DocumentFlowScope,
    query: DocumentFlowListQuery,
  ): Promise<ListResult<DocumentFlowRow>> {
    const queries = documentFlowListQueries(actor, scope, query);
    const [rows, total] = await Promise.all([
      selectDocumentsFlowPage(this.db, actor, scope, queries.ids) as Promise<DocumentFlowRecord[]>,
      estimateFirstCount(this.db, queries.count),
    ]);
    const now = Date.now();
    return {
      Items: rows.map((row) => rowDto(row, rightsOf(actor, row, this.settings.lockDays, now), scope)),
      ...(await listTotal(this.db, queries.count, total, { ...query, rows: rows.length })),
      Page: query.page,
    };
  }

  /** One company's documents (a company page's tab): a company not in the scope answers 404 `the_client_was_not_found`. */
  async listOfCompany(
    actor: Actor,
    scope: DocumentFlowScope,
    query: DocumentFlowListQuery,
  ): Promise<ListResult<DocumentFlowRow>> {
    if (query.company) await this.assertCompany(this.db, actor, scope, query.company);
    return this.list(actor, scope, query);
  }

  async get(actor: Actor, scope: DocumentFlowScope, id: string): Promise<DocumentFlowView> {
    const row = await this.load(this.db, actor, scope, id);
    if (!row) throw notFound();
    return this.view(actor, scope, row);
  }

  /** Throws unless the actor may change the document now: 403 another's (non-admin), 409 past the window. */
  private assertEditable(actor: Actor, row: DocumentFlowRecord) {
    const rights = rightsOf(actor, row, this.settings.lockDays);
    if (rights.canEdit) return;
    if (row.createdBy !== actor.id) throw forbidden(M.document_flow_not_own);
    throw conflict(M.document_flow_locked);
  }

  private async assertCompany(executor: Executor, actor: Actor, scope: DocumentFlowScope, companyId: string) {
    const [row] = await executor
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, companyId), scopeCondition(actor, scope)));
    if (!row) throw clientNotFound();
  }

  /** A category that exists; a new choice must be active (a document keeps the category it has). */
  private async assertCategory(executor: Executor, categoryId: string, current?: string) {
    if (categoryId === current) return;
    const [row] = await executor
      .select({ status: documentFlowCategories.status })
      .from(documentFlowCategories)
      .where(eq(documentFlowCategories.id, categoryId));
    if (!row?.status) throw fieldError('category', M.invalid_value);
  }

  /** Creates or updates a document; the uploaded file, if any, becomes its one file. */
  async save(
    actor: Actor,
    scope: DocumentFlowScope,
    input: DocumentFlowSaveValues,
    file?: UploadedFile,
  ): Promise<DocumentFlowView> {
    return this.db.transaction(async (tx) => {
      const old = input._id ? await this.load(tx, actor, scope, input._id) : undefined;
      if (input._id && !old) throw notFound();
      if (old) this.assertEditable(actor, old);
      if (!old || input.company !== old.companyId) await this.assertCompany(tx, actor, scope, input.company);
      await this.assertCategory(tx, input.category, old?.categoryId);
      if (!file && !old?.fileId) throw fieldError('file', M.field_is_required);
      if (file && old?.fileId) throw fieldError('file', M.document_flow_file_exists);

      const stored = file
        ? await insertFile(
            tx,
            { filename: file.filename, contentType: checkedContentType(file.contentType, file.data), data: file.data },
            actor,
          )
        : undefined;
      const values = {
        companyId: input.company,
        categoryId: input.category,
        date: input.date ?? old?.date ?? sofiaToday,
        description: input.description,
        notes: input.notes,
        ...(stored ? { fileId: stored.id } : {}),
      };
      const [row] = old
        ? await tx
            .update(documentsFlow)
            .set({ ...values, updated: sql`now()` })
            .where(eq(documentsFlow.id, old.id))
            .returning({ id: documentsFlow.id })
        : await tx
            .insert(documentsFlow)
            .values({ ...values, createdBy: actor.id, createdByName: actor.fullName })
            .returning({ id: documentsFlow.id });
      const saved = (await this.load(tx, actor, scope, row.id))!;
      if (stored)
        await logChange(tx, FILE_LOG, {
          doc: stored.id,
          action: 'save',
          old: null,
          new: { ...fileOf(saved, 'staff'), documentFlowId: row.id },
          actor,
        });
      await logChange(tx, DOCUMENT_FLOW_LOG, {
        doc: row.id,
        action: 'save',
        old: old ? documentFlowLogView(old) : null,
        new: documentFlowLogView(saved),
        actor,
      });
      return this.view(actor, scope, saved);
    });
  }

  /** Deletes a document and its file (admin only; the route's permission says so too). */
  async remove(actor: Actor, id: string): Promise<void> {
    if (actor.access !== Access.admin) throw forbidden();
    await this.db.transaction(async (tx) => {
      const old = await this.load(tx, actor, 'staff', id);
      if (!old) throw notFound();
      await tx.delete(documentsFlow).where(eq(documentsFlow.id, id));
      if (old.fileId) {
        await tx.delete(files).where(eq(files.id, old.fileId));
        await logChange(tx, FILE_LOG, {
          doc: old.fileId,
          action: 'remove',
          old: { ...fileOf(old, 'staff'), documentFlowId: id },
          new: null,
          actor,
        });
      }
      await logChange(tx, DOCUMENT_FLOW_LOG, {
        doc: id,
        action: 'remove',
        old: documentFlowLogView(old),
        new: null,
        actor,
      });
    });
  }

  /** Deletes the file of a document: admin always; others on their own document within the window after the upload. */
  async removeFile(actor: Actor, scope: DocumentFlowScope, fileId: string, documentId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const old = await this.load(tx, actor, scope, documentId);
      if (!old || old.fileId !== fileId) throw notFound();
      const rights = rightsOf(actor, old, this.settings.lockDays);
      if (!rights.canDeleteFile)
        throw old.createdBy !== actor.id ? forbidden(M.document_flow_not_own) : conflict(M.document_flow_locked);
      await tx.update(documentsFlow).set({ fileId: null, updated: sql`now()` }).where(eq(documentsFlow.id, documentId));
      await tx.delete(files).where(eq(files.id, fileId));
      const saved = (await this.load(tx, actor, scope, documentId))!;
      await logChange(tx, FILE_LOG, {
        doc: fileId,
        action: 'removeFile',
        old: { ...fileOf(old, 'staff'), documentFlowId: documentId },
        new: null,
        actor,
      });
      await logChange(tx, DOCUMENT_FLOW_LOG, {
        doc: documentId,
        action: 'removeFile',
        old: documentFlowLogView(old),
        new: documentFlowLogView(saved),
        actor,
      });
    });
  }

  /** The metadata of a file of a document the actor sees (404 otherwise, like an unknown id). */
  private async visibleFiles(actor: Actor, scope: DocumentFlowScope, fileIds: string[]) {
    if (fileIds.length === 0) return [];
    return this.db
      .select({
        id: files.id,
        filename: files.filename,
        contentType: files.contentType,
        length: files.length,
        uploadDate: files.uploadDate,
      })
      .from(documentsFlow)
      .innerJoin(companies, and(eq(companies.id, documentsFlow.companyId), scopeCondition(actor, scope)))
      .innerJoin(files, eq(files.id, documentsFlow.fileId))
      .where(inArray(documentsFlow.fileId, fileIds));
  }

  /** A file the actor may see, with its bytes as a stream read slice by slice. */
  async file(actor: Actor, scope: DocumentFlowScope, fileId: string): Promise<StoredFileStream> {
    const [file] = await this.visibleFiles(actor, scope, [fileId]);
    if (!file) throw notFound();
    return {
      filename: file.filename,
      contentType: file.contentType,
      length: file.length,
      body: fileBody(this.db, file.id, file.length),
    };
  }

  /** Like `file`, for the inline preview: only the previewable types. */
  async previewFile(actor: Actor, scope: DocumentFlowScope, fileId: string): Promise<StoredFileStream> {
    const file = await this.file(actor, scope, fileId);
    if (!isPreviewableContentType(file.contentType)) {
      file.body.destroy();
      throw badRequest(M.document_flow_not_previewable);
    }
    return file;
  }

  /** Checks a file may be previewed by the actor (before a preview link is handed out). */
  async assertPreviewable(actor: Actor, scope: DocumentFlowScope, fileId: string): Promise<void> {
    const [file] = await this.visibleFiles(actor, scope, [fileId]);
    if (!file) throw notFound();
    if (!isPreviewableContentType(file.contentType)) throw badRequest(M.document_flow_not_previewable);
  }

  /**
   * A zip of files the actor sees (any other id: 404, like an unknown one), at most 1 GB together; the
   * entries keep the order asked for, with safe and unique names. Streamed: nothing is held whole.
   */
  async zip(actor: Actor, scope: DocumentFlowScope, fileIds: string[]): Promise<Readable> {
    const found = await this.visibleFiles(actor, scope, fileIds);
    if (found.length !== fileIds.length) throw notFound();
    const total = found.reduce((sum, file) => sum + file.length, 0);
    if (total > DOCUMENT_FLOW_ZIP_MAX_BYTES)
      throw badRequest(M.document_flow_zip_too_large, [{ field: 'filesIds', message: M.document_flow_zip_too_large }]);
    const byId = new Map(found.map((file) => [file.id, file]));
    const ordered = fileIds.map((id) => byId.get(id)!);
    const names = uniqueEntryNames(ordered.map((file) => file.filename));
    return zipStream(
      ordered.map((file, i) => ({
        name: names[i],
        contentType: file.contentType,
        length: file.length,
        modified: new Date(file.uploadDate),
        open: () => fileBody(this.db, file.id, file.length),
      })),
    );
  }
}
