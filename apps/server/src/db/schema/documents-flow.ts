import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './clients.ts';
import type { Localized } from './core.ts';
import { files } from './files.ts';
import { documentFlowCategories } from './settings.ts';

/**
 * The lower-cased texts the substring filters search (`lower(…) like '%needle%'`) through GIN indexes of their pg_trgm
 * trigrams (`gin_trgm_ops`: lossy, every candidate is rechecked with the LIKE). The expressions must stay identical to
 * modules/documents-flow/documents-flow.queries.ts.
 */
export const DOCUMENT_FLOW_DESCRIPTION_SEARCH_TEXT = `lower("description")`;

/**
 * Documents exchanged with clients (staff and the client portal). One file at most, kept in `files`
 * (`file_id`; the file's `document_id` stays null: these files belong to no `documents` row).
 */
export const documentsFlow = pgTable(
  'documents_flow',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => documentFlowCategories.id),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull().default(''),
    notes: text('notes').notNull().default(''),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    createdByName: jsonb('created_by_name').$type<Localized>(),
    updated: timestamp('updated', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    // The default list (created descending) and the filters that keep that order.
    index('documents_flow_created_idx').on(t.created.desc(), t.id),
    index('documents_flow_company_created_idx').on(t.companyId, t.created.desc(), t.id),
    index('documents_flow_category_created_idx').on(t.categoryId, t.created.desc(), t.id),
    index('documents_flow_date_idx').on(t.date, t.id),
    index('documents_flow_file_idx').on(t.fileId),
    // The description filter; it also gives the planner the expression's statistics, so a common word walks the
    // created index and a rare one reads this index.
    index('documents_flow_description_trgm_idx').using(
      'gin',
      sql.raw(`${DOCUMENT_FLOW_DESCRIPTION_SEARCH_TEXT} gin_trgm_ops`),
    ),
  ],
);
