import {
  type DictionaryKind,
  defaultVatCategory,
  type dictionaryListSchemas,
  type dictionarySaveSchemas,
  effectiveCurrencyCode,
  fixedRateError,
  MessageKeys as M,
  type VatCategory,
  vatCategoryRateError,
  vatTypeCategoryError,
} from '@kantora/domain';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql-helpers.ts';
import {
  currencies,
  documentFlowCategories,
  documentTypes,
  eventCategories,
  paymentTypes,
  services,
  vatTypes,
} from '../../db/schema/index.ts';
import { likePattern, localizedLike, localizedSort, type SortColumns } from '../../http/paging.ts';
import { fieldError } from '../../http/validation.ts';

/** The columns every dictionary table has (db/schema/settings.ts, `dictionaryColumns`). */
export type DictionaryTable = PgTable & {
  id: PgColumn;
  name: PgColumn;
  status: PgColumn;
  created: PgColumn;
  createdBy: PgColumn;
  updated: PgColumn;
};

/** A row of one of the generic tables. */
export type Row = Record<string, any>;
type SaveInput<K extends DictionaryKind> = z.infer<(typeof dictionarySaveSchemas)[K]>;
type ListInput<K extends DictionaryKind> = z.infer<(typeof dictionaryListSchemas)[K]>;

/** Everything that differs between the simple settings lists; the service and routes are shared. */
export interface DictionaryConfig<K extends DictionaryKind = DictionaryKind> {
  kind: K;
  /** Entity type in the log (one per settings kind). */
  entity: string;
  table: DictionaryTable;
  /** The list's default sort. */
  defaultSort: { by: string; desc: boolean };
  /** Sort keys beyond name, status and created. */
  sortColumns?: SortColumns;
  /** Filters beyond name and status. */
  filters?: (query: ListInput<K>) => Array<SQL | undefined>;
  /** Completes a payload from the stored row before the rules run (fields left out of an update, derived values). */
  resolve?: (input: SaveInput<K>, old: Row | undefined) => SaveInput<K>;
  /** The kind's own columns from a save payload (name and status are handled for every kind). */
  values: (input: SaveInput<K>) => Row;
  /** The kind's own fields of an answer. */
  dto: (row: Row) => Row;
  /** A unique text column (code): checked before saving (when given), and its index caught under concurrency. */
  unique?: { field: string; column: AnyColumn; normalize: 'upper' | 'lower'; constraint: string };
  /** Extra rules that need the database, run in the save transaction (after `lock`). */
  check?: (executor: Executor, input: SaveInput<K>, id: string | undefined) => Promise<void>;
  /** Saves of this kind take this advisory lock first (rules across rows). */
  lock?: string;
}

const define = <K extends DictionaryKind>(config: DictionaryConfig<K>) => config;

/** A category may not become its own ancestor. */
async function checkCategoryParent(
  executor: Executor,
  input: SaveInput<'document-flow-categories'>,
  id: string | undefined,
) {
  const parent = input.parent;
  if (!parent) return;
  if (parent === id) throw fieldError('parent', M.category_cycle);
  const [found] = await executor
    .select({ id: documentFlowCategories.id })
    .from(documentFlowCategories)
    .where(eq(documentFlowCategories.id, parent));
  if (!found) throw fieldError('parent', M.invalid_value);
  if (!id) return;
  const ancestors = await queryRows(
    executor,
    sql`
    with recursive up(id, parent_id) as (
      select id, parent_id from ${documentFlowCategories} where id = ${parent}
      union
      select c.id, c.parent_id from ${documentFlowCategories} c join up on c.id = up.parent_id
    )
    select 1 from up where id = ${id} limit 1`,
  );
  if (ancestors.length > 0) throw fieldError('parent', M.category_cycle);
}

export const DICTIONARIES = [
  define({
    kind: 'currencies',
    entity: 'Currency',
    table: currencies,
    defaultSort: { by: 'created', desc: true },
    sortColumns: { code: currencies.code, exchangeRate: currencies.exchangeRate },
    // A code left out of an update stays; with none, BGN and EUR are still recognised by their names.
    resolve: (input, old) => ({
      ...input,
      code: effectiveCurrencyCode(input.code === undefined ? old?.code : input.code, input.name),
    }),
    check: async (_executor, input) => {
      const rateError = fixedRateError(input.code ?? null, input.exchangeRate);
      if (rateError) throw fieldError('exchangeRate', rateError);
    },
    values: (input) => ({ code: input.code ?? null, exchangeRate: input.exchangeRate }),
    dto: (row) => ({ code: row.code ?? null, exchangeRate: row.exchangeRate }),
    unique: { field: 'code', column: currencies.code, normalize: 'upper', constraint: 'currencies_code_uq' },
  }),
  define({
    kind: 'document-types',
    entity: 'DocumentType',
    table: documentTypes,
    defaultSort: { by: 'name', desc: false },
    values: () => ({}),
    dto: () => ({}),
  }),
  define({
    kind: 'event-categories',
    entity: 'EventCategory',
    table: eventCategories,
    defaultSort: { by: 'name', desc: false },
    sortColumns: { color: eventCategories.color },
    values: (input) => ({ color: input.color }),
    dto: (row) => ({ color: row.color }),
  }),
  define({
    kind: 'payment-types',
    entity: 'PaymentType',
    table: paymentTypes,
    defaultSort: { by: 'created', desc: true },
    values: () => ({}),
    dto: () => ({}),
  }),
  define({
    kind: 'services',
    entity: 'Service',
    table: services,
    defaultSort: { by: 'name', desc: false },
    sortColumns: { code: services.code, price: services.price, ...localizedSort('description', services.description) },
    filters: (query) => [
      query.code ? sql`${services.code} ilike ${likePattern(query.code)}` : undefined,
      query.description ? localizedLike(services.description, query.description) : undefined,
    ],
    values: (input) => ({ code: input.code, description: input.description, price: input.price }),
    dto: (row) => ({ code: row.code, description: row.description, price: row.price }),
    unique: { field: 'code', column: services.code, normalize: 'lower', constraint: 'services_code_uq' },
  }),
  define({
    kind: 'document-flow-categories',
    entity: 'DocumentFlowCategory',
    table: documentFlowCategories,
    defaultSort: { by: 'name', desc: false },
    values: (input) => ({ parentId: input.parent }),
    dto: (row) => ({ parent: row.parentId ?? null }),
    check: checkCategoryParent,
    lock: 'document_flow_categories:tree',
  }),
  define({
    kind: 'vat-types',
    entity: 'VATType',
    table: vatTypes,
    defaultSort: { by: 'created', desc: true },
    sortColumns: { percentage: vatTypes.percentage, category: vatTypes.category },
    // A category left out (the spec's save) stays while it fits the rate, with its code; else the rate's default.
    resolve: (input, old) => {
      if (input.category) return input;
      const kept = old && !vatCategoryRateError(old.category as VatCategory, input.percentage);
      return kept
        ? {
            ...input,
            category: old.category,
            exemptionCode: input.exemptionCode === undefined ? (old.exemptionCode ?? null) : input.exemptionCode,
          }
        : { ...input, category: defaultVatCategory(input.percentage), exemptionCode: input.exemptionCode ?? null };
    },
    check: async (_executor, input) => {
      const error = vatTypeCategoryError(input.category ?? 'S', input.percentage, input.exemptionCode);
      if (error) throw fieldError(error.field, error.message);
    },
    values: (input) => ({
      percentage: input.percentage,
      exemptionReason: input.exemptionReason,
      category: input.category,
      exemptionCode: input.exemptionCode ?? null,
    }),
    dto: (row) => ({
      percentage: row.percentage,
      exemptionReason: row.exemptionReason,
      category: row.category,
      exemptionCode: row.exemptionCode ?? null,
    }),
  }),
] as const;

export type AnyDictionaryConfig = (typeof DICTIONARIES)[number];

export function dictionary<K extends DictionaryKind>(kind: K): DictionaryConfig<K> {
  const found = DICTIONARIES.find((config) => config.kind === kind);
  if (!found) throw new Error(`unknown dictionary ${kind}`);
  return found as unknown as DictionaryConfig<K>;
}
