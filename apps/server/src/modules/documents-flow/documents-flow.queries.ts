import {
  Access,
  type DocumentFlowFile,
  type DocumentFlowListQuery,
  type DocumentFlowRights,
  type DocumentFlowRow,
  type DocumentFlowView,
  isPreviewableContentType,
  UserType,
} from '@kantora/domain';
import { type AnyColumn, and, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sofiaDayStart } from '../../db/sql-helpers.ts';
import {
  companies,
  documentFlowCategories,
  documentsFlow,
  files,
  type Localized,
  myCompany,
  users,
} from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import { withoutControls } from '../../http/files.ts';
import { likePattern, localizedSort, offsetOf, orderBy } from '../../http/paging.ts';
import { portalClients, seesEveryClient, visibleClients } from '../clients/index.ts';
import type { Actor } from '../../http/actor.ts';

/**
 * Who calls: `staff` (/api/documents-flow: the clients the user sees, modules/clients/access.ts) or
 * `portal` (/api/my-documents-flow: the active companies whose `client_users` list the user).
 */
export type DocumentFlowScope = 'staff' | 'portal';

/** The companies whose documents the actor may see in this scope (an SQL condition on `companies`). */
export function scopeCondition(actor: Pick<Actor, 'id' | 'access'>, scope: DocumentFlowScope): SQL {
  return scope === 'portal' ? portalClients(actor.id) : visibleClients(actor);
}

export const documentFlowColumns = {
  id: documentsFlow.id,
  companyId: documentsFlow.companyId,
  companyName: companies.name,
  categoryId: documentsFlow.categoryId,
  categoryName: documentFlowCategories.name,
  date: documentsFlow.date,
  description: documentsFlow.description,
  notes: documentsFlow.notes,
  createdBy: documentsFlow.createdBy,
  createdByName: documentsFlow.createdByName,
  created: documentsFlow.created,
  updated: documentsFlow.updated,
  fileId: documentsFlow.fileId,
  fileName: files.filename,
  fileContentType: files.contentType,
  fileLength: files.length,
  fileUploadDate: files.uploadDate,
  fileUploadedByName: files.uploadedByName,
};

/**
 * WHO THE PORTAL NAMES: a client user (the customer's side) by their own id and name; a staff user never, neither id
 * nor name: the provider (the own company, as every other portal answer shows it) in place of the name, no id.
 */
const isClientUser = (id: AnyColumn) =>
  sql`exists (select 1 from ${users} where ${users.id} = ${id} and ${users.type} = ${UserType.client})`;
const providerName = sql`(select ${myCompany.name} from ${myCompany} limit 1)`;
const shownName = (name: AnyColumn, id: AnyColumn) =>
  sql<Localized | null>`(case when ${isClientUser(id)} then ${name} else ${providerName} end)`;

/** The people of a document as the portal shows them (selected in the portal scope only; see above). */
const portalPartyColumns = {
  shownCreatedBy: sql<
    string | null
  >`(case when ${isClientUser(documentsFlow.createdBy)} then ${documentsFlow.createdBy} end)`,
  shownCreatedByName: shownName(documentsFlow.createdByName, documentsFlow.createdBy),
  shownUploadedByName: shownName(files.uploadedByName, files.uploadedBy),
};

export interface DocumentFlowRecord {
  id: string;
  companyId: string;
  companyName: Localized | null;
  categoryId: string;
  categoryName: Localized | null;
  date: string;
  description: string;
  notes: string;
  createdBy: string | null;
  createdByName: Localized | null;
  created: string;
  updated: string | null;
  fileId: string | null;
  fileName: string | null;
  fileContentType: string | null;
  fileLength: number | null;
  fileUploadDate: string | null;
  fileUploadedByName: Localized | null;
  /** The portal scope's names (portalPartyColumns); the stored ones above stay for the rules and the Log. */
  shownCreatedBy?: string | null;
  shownCreatedByName?: Localized | null;
  shownUploadedByName?: Localized | null;
}

/** The documents (with company, category and file) the actor may see in this scope. */
export function selectDocumentsFlow(
  executor: Executor,
  actor: Pick<Actor, 'id' | 'access'>,
  scope: DocumentFlowScope,
  extra: Record<string, SQL> = {},
) {
  return executor
    .select({ ...documentFlowColumns, ...(scope === 'portal' ? portalPartyColumns : {}), ...extra })
    .from(documentsFlow)
    .innerJoin(companies, and(eq(companies.id, documentsFlow.companyId), scopeCondition(actor, scope)))
    .leftJoin(documentFlowCategories, eq(documentFlowCategories.id, documentsFlow.categoryId))
    .leftJoin(files, eq(files.id, documentsFlow.fileId));
}

/**
 * A page's rows whole in the order of `ids` (the list's ids query, `documentFlowListQueries`), in one statement: the
 * ids are found first with only the joins they need (`array(…)` keeps their order, `with ordinality` numbers it),
 * then only those rows are joined to their company, category and file. One round trip instead of two.
 */
export function selectDocumentsFlowPage(
  executor: Executor,
  actor: Pick<Actor, 'id' | 'access'>,
  scope: DocumentFlowScope,
  ids: SQL,
) {
  return selectDocumentsFlow(executor, actor, scope)
    .innerJoin(sql`unnest(array(${ids})) with ordinality as page(id, n)`, sql`page.id = ${documentsFlow.id}`)
    .orderBy(sql`page.n`);
}

const DAY_MS = 86_400_000;

/**
 * The lock window (docs/architecture.md, "Lock windows and who sees what"): for everyone but admin, a document locks `lockDays` after it was created and
 * its file `lockDays` after its upload; non-admins change only their own documents; only admin deletes.
 */
export function rightsOf(
  actor: Pick<Actor, 'id' | 'access'>,
  row: Pick<DocumentFlowRecord, 'createdBy' | 'created' | 'fileId' | 'fileUploadDate'>,
  lockDays: number,
  now = Date.now(),
): DocumentFlowRights {
  const admin = actor.access === Access.admin;
  const window = lockDays * DAY_MS;
  const locked = !admin && now - Date.parse(row.created) >= window;
  const own = row.createdBy !== null && row.createdBy === actor.id;
  const fileLocked = row.fileUploadDate === null || now - Date.parse(row.fileUploadDate) >= window;
  return {
    locked,
    canEdit: admin || (own && !locked),
    canDeleteFile: row.fileId !== null && (admin || (own && !fileLocked)),
    canDelete: admin,
  };
}

/** The file of a document; in the portal scope its uploader as the portal names people (portalPartyColumns). */
export function fileOf(row: DocumentFlowRecord, scope: DocumentFlowScope): DocumentFlowFile | null {
  if (!row.fileId) return null;
  return {
    _id: row.fileId,
    filename: withoutControls(row.fileName ?? ''),
    contentType: row.fileContentType ?? 'application/octet-stream',
    length: row.fileLength ?? 0,
    uploadDate: iso(row.fileUploadDate)!,
    uploadedByName: scope === 'portal' ? (row.shownUploadedByName ?? null) : row.fileUploadedByName,
    previewable: isPreviewableContentType(row.fileContentType),
  };
}

/** A document as logged (no rights: they depend on who looks and when). */
export function documentFlowLogView(row: DocumentFlowRecord) {
  return {
    _id: row.id,
    company: row.companyId,
    category: row.categoryId,
    date: row.date,
    description: row.description,
    notes: row.notes,
    file: fileOf(row, 'staff'),
    createdBy: row.createdBy,
    created: iso(row.created),
  };
}

/** A row as the scope shows it: the portal names no staff user (portalPartyColumns). */
export function rowDto(row: DocumentFlowRecord, rights: DocumentFlowRights, scope: DocumentFlowScope): DocumentFlowRow {
  const portal = scope === 'portal';
  return {
    _id: row.id,
    category: row.categoryId,
    categoryName: row.categoryName,
    company: row.companyId,
    companyName: row.companyName,
    description: row.description,
    date: row.date,
    file: fileOf(row, scope),
    createdBy: portal ? (row.shownCreatedBy ?? null) : row.createdBy,
    createdByName: portal ? (row.shownCreatedByName ?? null) : row.createdByName,
    created: iso(row.created)!,
    ...rights,
  };
}

export function viewDto(
  row: DocumentFlowRecord,
  rights: DocumentFlowRights,
  scope: DocumentFlowScope,
  lockDays: number,
  now = Date.now(),
): DocumentFlowView {
  return {
    ...rowDto(row, rights, scope),
    notes: row.notes,
    updated: iso(row.updated),
    currentTime: new Date(now).toISOString(),
    lockDays,
  };
}

/**
 * A case-insensitive substring: `lower(text) like '%needle%'` (the needle lower-cased and escaped). A pg_trgm GIN index
 * of the same expression serves it (lossy: PostgreSQL rechecks each candidate with the LIKE, so the answers are the
 * LIKE's); its statistics let the planner walk the created index for a common word and read the index for a rare one.
 * A needle of 1–2 characters has no trigram: the planner scans.
 */
function contains(indexed: SQL, needle: string): SQL {
  return sql`${indexed} like ${likePattern(needle.toLowerCase())}`;
}

/** The same expressions as the indexes of db/schema/documents-flow.ts and files.ts. */
const descriptionText = sql`lower(${documentsFlow.description})`;
const fileNameText = sql`lower(${files.filename})`;

/** A category and every category below it. */
const categoryTree = (id: string) =>
  sql`(with recursive tree(id) as (select ${id}::uuid union select c.id from ${documentFlowCategories} c join tree on c.parent_id = tree.id) select id from tree)`;

function listWhere(query: DocumentFlowListQuery): SQL | undefined {
  return and(
    query.company ? eq(documentsFlow.companyId, query.company) : undefined,
    query.category ? sql`${documentsFlow.categoryId} in ${categoryTree(query.category)}` : undefined,
    query.fromDate ? gte(documentsFlow.date, query.fromDate) : undefined,
    query.toDate ? lte(documentsFlow.date, query.toDate) : undefined,
    query.uploadedFrom ? gte(documentsFlow.created, sofiaDayStart(query.uploadedFrom)) : undefined,
    query.uploadedTo ? lt(documentsFlow.created, sofiaDayStart(query.uploadedTo, 1)) : undefined,
    query.description ? contains(descriptionText, query.description) : undefined,
    query.fileName ? contains(fileNameText, query.fileName) : undefined,
  );
}

const SORT_COLUMNS = {
  created: documentsFlow.created,
  date: documentsFlow.date,
  description: documentsFlow.description,
  file: files.filename,
  fileName: files.filename,
  ...localizedSort('category', documentFlowCategories.name),
  ...localizedSort('company', companies.name),
  ...localizedSort('createdBy', documentsFlow.createdByName),
  ...localizedSort('createdByName', documentsFlow.createdByName),
};

/** The portal sorts by the names it shows (never by staff names it does not show). */
const PORTAL_SORT_COLUMNS = {
  ...SORT_COLUMNS,
  ...Object.fromEntries(
    ['createdBy', 'createdByName'].flatMap((key) => [
      [key, sql`${portalPartyColumns.shownCreatedByName}->>'bg'`],
      [`${key}.bg`, sql`${portalPartyColumns.shownCreatedByName}->>'bg'`],
      [`${key}.it`, sql`${portalPartyColumns.shownCreatedByName}->>'it'`],
    ]),
  ),
};

/**
 * A document's date follows its creation closely, which the planner does not know: for a date range it walks
 * the created index from the newest row and, for a range a year back, filters most of the table before it has a
 * page. A closed range of at most NARROW_DATE_DAYS reads the date index and sorts its rows instead (the sort key
 * as an expression, so the created index is not taken).
 */
const NARROW_DATE_DAYS = 400;
const narrowDates = (query: DocumentFlowListQuery) =>
  Boolean(query.fromDate && query.toDate) &&
  Date.parse(query.toDate!) - Date.parse(query.fromDate!) <= NARROW_DATE_DAYS * 86_400_000;
const BY_DATE_RANGE = { created: sql`(${documentsFlow.created} + interval '0 seconds')` };

/**
 * `from documents_flow … where …` with only the joins the filter, the sort and the scope need: an actor who
 * sees every client needs no companies unless sorting by them.
 */
function listFrom(actor: Pick<Actor, 'id' | 'access'>, scope: DocumentFlowScope, query: DocumentFlowListQuery): SQL {
  const sortKeys = query.sortBy.length > 0 ? query.sortBy : ['created'];
  const joins: SQL[] = [];
  if (!(scope === 'staff' && seesEveryClient(actor)) || sortKeys.some((key) => key.startsWith('company'))) {
    joins.push(
      sql`inner join ${companies} on ${companies.id} = ${documentsFlow.companyId} and ${scopeCondition(actor, scope)}`,
    );
  }
  if (sortKeys.some((key) => key.startsWith('category')))
    joins.push(sql`left join ${documentFlowCategories} on ${documentFlowCategories.id} = ${documentsFlow.categoryId}`);
  if (query.fileName || sortKeys.some((key) => key.startsWith('file')))
    joins.push(sql`left join ${files} on ${files.id} = ${documentsFlow.fileId}`);
  return sql`from ${documentsFlow} ${sql.join(joins, sql` `)} where ${listWhere(query) ?? sql`true`}`;
}

/**
 * The list's queries: the page's ids (sorted and cut with only the joins it needs, so a filter matching many
 * rows never joins them all; the rows follow by id) and the rows to count (`select 1 …`, for `cappedCount`).
 * The bench may run them directly too.
 */
export function documentFlowListQueries(
  actor: Pick<Actor, 'id' | 'access'>,
  scope: DocumentFlowScope,
  query: DocumentFlowListQuery,
): { ids: SQL; count: SQL } {
  const columns = {
    ...(scope === 'portal' ? PORTAL_SORT_COLUMNS : SORT_COLUMNS),
    ...(narrowDates(query) ? BY_DATE_RANGE : {}),
  };
  const sort = orderBy(query, columns, { by: 'created', desc: true }, documentsFlow.id, { descNullsLast: true });
  const from = listFrom(actor, scope, query);
  return {
    ids: sql`select ${documentsFlow.id} as id ${from} order by ${sql.join(sort, sql`, `)} limit ${query.itemsPerPage} offset ${offsetOf(query)}`,
    count: sql`select 1 ${from}`,
  };
}
