import type { Readable } from 'node:stream';
import {
  ContractStatus,
  type ContractStatusValue,
  type ListQuery,
  type ListResult,
  type PortalContractDocumentRow,
  type PortalContractRow,
  type PortalContractServiceRow,
  type PortalContractTabQuery,
  type PortalContractView,
} from '@kantora/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { cappedCount } from '../../db/sql-helpers.ts';
import { companies, contracts } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { localizedSort, offsetOf, orderBy } from '../../http/paging.ts';
import {
  contractNotFound,
  visibleContracts,
  contractDocumentParent,
  type ContractRecord,
  contractRowColumns,
  contractRowDto,
  contractStatus,
  contractViewDto,
  statusIs,
} from '../contracts/index.ts';
import type { ContractServicesService, ContractsService } from '../contracts/index.ts';
import { type DocumentParentPolicy, DocumentsService } from '../documents/index.ts';
import type { Actor } from '../../http/actor.ts';
import { assertMyCompany, myCompanies } from './portal-scope.ts';
import { portalContractRow, portalContractView, portalDocumentRow, portalServiceRow } from './portal.views.ts';

/** A contract a client may see: of one of their companies, and not a draft. */
const shownContracts = (actor: Pick<Actor, 'id' | 'access'>) =>
  and(
    visibleContracts(actor),
    sql`${contracts.customerId} in (select ${companies.id} from ${companies} where ${myCompanies(actor)})`,
    ne(contracts.status, ContractStatus.draft),
  )!;

const SORT_COLUMNS = {
  fromDate: contracts.fromDate,
  toDate: contracts.toDate,
  ...localizedSort('name', contracts.name),
  companyName: sql`(${contracts.customer}->'name'->>'bg')`,
  'companyName.bg': sql`(${contracts.customer}->'name'->>'bg')`,
  'companyName.it': sql`(${contracts.customer}->'name'->>'it')`,
  status: contractStatus,
  created: contracts.created,
};

/**
 * Documents of contracts as the portal reads them: only through contracts it shows, never written; any other file
 * (another company's, a draft contract's, a user's) answers 404 `not_found` like an unknown one.
 */
function portalDocumentParents(db: Db): { contract: DocumentParentPolicy; user: DocumentParentPolicy } {
  return {
    contract: {
      exists: contractDocumentParent(db).exists,
      async authorize(actor, id, access, executor = db) {
        if (access !== 'read') throw forbidden();
        const [row] = await executor
          .select({ id: contracts.id })
          .from(contracts)
          .where(and(eq(contracts.id, id), shownContracts(actor)));
        if (!row) throw notFound();
      },
    },
    user: {
      exists: async () => false,
      authorize() {
        throw notFound();
      },
    },
  };
}

/** /api/my-contracts and the company page's contracts tab: read-only, over the contracts and documents modules. */
export class PortalContractsService {
  private readonly documents: DocumentsService;

  constructor(
    private readonly db: Db,
    private readonly contracts: ContractsService,
    private readonly services: ContractServicesService,
  ) {
    this.documents = new DocumentsService(db, portalDocumentParents(db));
  }

  /** The contract if the user sees it and it is not a draft (404 `the_contract_was_not_found` otherwise). */
  async find(executor: Executor, actor: Actor, id: string): Promise<ContractRecord> {
    const record = await this.contracts.find(executor, actor, id);
    if (record.row.status === ContractStatus.draft) throw contractNotFound();
    return record;
  }

  /** True when the portal shows the contract (a billing document links to it only then). */
  async isShown(actor: Actor, id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.id, id), shownContracts(actor)));
    return Boolean(row);
  }

  /** The user's contracts (of one company when `companyId` is given), registered, canceled or expired; `fromDate` descending. */
  async list(
    actor: Actor,
    query: ListQuery & { companyId?: string; status?: ContractStatusValue },
  ): Promise<ListResult<PortalContractRow>> {
    if (query.companyId) await assertMyCompany(this.db, actor, query.companyId);
    const where = and(
      shownContracts(actor),
      query.companyId ? eq(contracts.customerId, query.companyId) : undefined,
      query.status === undefined
        ? inArray(contracts.status, [ContractStatus.registered, ContractStatus.canceled])
        : statusIs(query.status),
    );
    const [rows, total] = await Promise.all([
      this.db
        .select(contractRowColumns)
        .from(contracts)
        .where(where)
        .orderBy(...orderBy(query, SORT_COLUMNS, { by: 'fromDate', desc: true }, contracts.id, { descNullsLast: true }))
        .limit(query.itemsPerPage)
        .offset(offsetOf(query)),
      cappedCount(this.db, sql`select 1 from ${contracts} where ${where ?? sql`true`}`),
    ]);
    return {
      Items: rows.map((row) => portalContractRow(contractRowDto(row))),
      Total: Math.max(total.count, rows.length + (rows.length > 0 ? offsetOf(query) : 0)),
      Page: query.page,
      ...(total.estimated ? { Estimated: true } : {}),
      ...(total.capped ? { Capped: true } : {}),
    };
  }

  async get(actor: Actor, id: string): Promise<PortalContractView> {
    return portalContractView(contractViewDto(await this.find(this.db, actor, id), actor));
  }

  /** The services tab, with the contract's prices (the contract services module's list). */
  async servicesList(actor: Actor, query: PortalContractTabQuery): Promise<ListResult<PortalContractServiceRow>> {
    await this.find(this.db, actor, query.contractId);
    const page = await this.services.list(actor, query);
    return { ...page, Items: page.Items.map(portalServiceRow) };
  }

  /** The documents tab (the documents module's list, through the portal's parent policy). */
  async documentsList(actor: Actor, query: PortalContractTabQuery): Promise<ListResult<PortalContractDocumentRow>> {
    await this.find(this.db, actor, query.contractId);
    const { contractId, ...paging } = query;
    const page = await this.documents.list(actor, { ...paging, parentType: 'contract', parentId: contractId });
    return { ...page, Items: page.Items.map(portalDocumentRow) };
  }

  /** A file of a document of a contract the portal shows (404 `not_found` otherwise). */
  download(
    actor: Actor,
    fileId: string,
  ): Promise<{ filename: string; contentType: string; length: number; body: Readable }> {
    return this.documents.download(actor, fileId);
  }
}
