import { sql } from 'drizzle-orm';
import { bigint, customType, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Localized } from './core.ts';
import { documentTypes } from './settings.ts';

/** bytea as a Buffer (PGlite hands out Uint8Array, node-postgres Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/** The lower-cased file name the document flow's file-name filter searches (see FILE_NAME_SEARCH_TEXT's index). */
export const FILE_NAME_SEARCH_TEXT = `lower("filename")`;

/**
 * Documents attached to a user or (later) a contract: a polymorphic parent without a foreign key,
 * the owning module checks that the parent exists.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentType: text('parent_type').notNull(),
    parentId: uuid('parent_id').notNull(),
    typeId: uuid('type_id')
      .notNull()
      .references(() => documentTypes.id),
    date: date('date', { mode: 'string' }).notNull(),
    description: jsonb('description').$type<Localized>().notNull().default({ bg: '', it: '' }),
    notes: jsonb('notes').$type<Localized>().notNull().default({ bg: '', it: '' }),
    created: timestamp('created', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    createdByName: jsonb('created_by_name').$type<Localized>(),
    updated: timestamp('updated', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('documents_parent_created_idx').on(t.parentType, t.parentId, t.created.desc())],
);

/**
 * Every uploaded file's bytes and metadata, in one table. `document_id` links a file to its
 * document; other owners (the document flow) will point at files from their own rows.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    length: bigint('length', { mode: 'number' }).notNull(),
    data: bytea('data').notNull(),
    uploadDate: timestamp('upload_date', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    uploadedBy: uuid('uploaded_by'),
    uploadedByName: jsonb('uploaded_by_name').$type<Localized>(),
  },
  (t) => [
    index('files_document_idx').on(t.documentId),
    // The document flow's file-name filter (pg_trgm, like documents_flow_description_trgm_idx).
    index('files_filename_trgm_idx').using('gin', sql.raw(`${FILE_NAME_SEARCH_TEXT} gin_trgm_ops`)),
  ],
);
