import {
  type ContractServiceAddInput,
  type ContractServiceListQuery,
  type ContractServiceRow,
  type ContractServiceSettingsValues,
  ContractStatus,
  type ListResult,
  MessageKeys as M,
  seesPrices,
} from '@kantora/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import { contracts, contractServices, services } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { localizedSort, offsetOf, orderBy, pageOf, totalCount } from '../../http/paging.ts';
import { fieldError } from '../../http/validation.ts';
import type { Actor } from '../../http/actor.ts';
import { writeLog } from '../logs/index.ts';
import { visibleContracts } from './access.ts';
import type { ContractsService } from './contracts.service.ts';

type ServiceRecord = typeof contractServices.$inferSelect;

/** A service row; without its price for employees (the services tab has no price column for them; seesPrices in roles.ts). */
function rowDto(row: ServiceRecord, withPrice: boolean): ContractServiceRow {
  return {
    _id: row.id,
    contractId: row.contractId,
    service: row.serviceId,
    code: row.code,
    name: row.name,
    description: row.description,
    ...(withPrice ? { price: row.price } : {}),
    created: iso(row.created)!,
    addedByName: row.addedByName,
  };
}

const SORT_COLUMNS = {
  created: contractServices.created,
  code: contractServices.code,
  ...localizedSort('name', contractServices.name),
  price: contractServices.price,
};
/** Sorting by a price one may not see would reveal it. */
const { price: _price, ...SORT_COLUMNS_WITHOUT_PRICE } = SORT_COLUMNS;

/** Services of a contract: list, add, remove, service settings; changes only while the contract is a draft. */
export class ContractServicesService {
  constructor(
    private readonly db: Db,
    private readonly contracts: ContractsService,
  ) {}

  async list(actor: Actor, query: ContractServiceListQuery): Promise<ListResult<ContractServiceRow>> {
    await this.contracts.find(this.db, actor, query.contractId);
    const where = eq(contractServices.contractId, query.contractId);
    const sort = orderBy(
      query,
      seesPrices(actor.access) ? SORT_COLUMNS : SORT_COLUMNS_WITHOUT_PRICE,
      { by: 'created', desc: false },
      contractServices.id,
    );
    const rows = await this.db
      .select({ row: contractServices, total: totalCount })
      .from(contractServices)
      .where(where)
      .orderBy(...sort)
      .limit(query.itemsPerPage)
      .offset(offsetOf(query));
    const withPrice = seesPrices(actor.access);
    return pageOf(
      rows,
      query,
      ({ row }) => rowDto(row, withPrice),
      async () =>
        (await this.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(contractServices).where(where))[0].n,
    );
  }

  /** A row of a contract the actor sees (404 otherwise). */
  private async findRow(executor: Executor, actor: Actor, id: string): Promise<ServiceRecord> {
    const [found] = await executor
      .select({ row: contractServices })
      .from(contractServices)
      .innerJoin(contracts, eq(contracts.id, contractServices.contractId))
      .where(and(eq(contractServices.id, id), visibleContracts(actor)));
    if (!found) throw notFound();
    return found.row;
  }

  async get(actor: Actor, id: string): Promise<ContractServiceRow> {
    return rowDto(await this.findRow(this.db, actor, id), seesPrices(actor.access));
  }

  /** Locks the contract (its services change one call at a time, also against register) and requires a draft. */
  private async lockDraft(tx: Executor, actor: Actor, contractId: string) {
    const contract = await this.contracts.find(tx, actor, contractId, true);
    if (contract.row.status !== ContractStatus.draft) throw conflict(M.contract_not_draft);
  }

  /** Adds an active service, copying its code, name, description and price. */
  async add(actor: Actor, input: ContractServiceAddInput): Promise<ContractServiceRow> {
    try {
      return await this.db.transaction(async (tx) => {
        await this.lockDraft(tx, actor, input.contractId);
        const [service] = await tx
          .select()
          .from(services)
          .where(and(eq(services.id, input.serviceId), eq(services.status, true)));
        if (!service) throw fieldError('serviceId', M.invalid_value);
        const [row] = await tx
          .insert(contractServices)
          .values({
            contractId: input.contractId,
            serviceId: service.id,
            code: service.code,
            name: service.name,
            description: service.description,
            price: service.price,
            createdBy: actor.id,
            addedByName: actor.fullName,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict(M.contract_service_exists);
        await writeLog(tx, {
          name: 'ContractService',
          doc: row.id,
          model: 'contract_services',
          type: 'create',
          action: 'addServiceToContract',
          new: rowDto(row, true),
          actor,
        });
        return rowDto(row, true);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'contract_services_contract_service_uq')) throw conflict(M.contract_service_exists);
      throw error;
    }
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const old = await this.findRow(tx, actor, id);
      await this.lockDraft(tx, actor, old.contractId);
      await tx.delete(contractServices).where(eq(contractServices.id, id));
      await writeLog(tx, {
        name: 'ContractService',
        doc: id,
        model: 'contract_services',
        type: 'delete',
        action: 'removeServiceFromContract',
        old: rowDto(old, true),
        new: null,
        actor,
      });
    });
  }

  /** The service settings: the contract's own price and description of the row. */
  async saveSettings(actor: Actor, input: ContractServiceSettingsValues): Promise<ContractServiceRow> {
    return this.db.transaction(async (tx) => {
      const old = await this.findRow(tx, actor, input._id);
      await this.lockDraft(tx, actor, old.contractId);
      const [row] = await tx
        .update(contractServices)
        .set({ price: input.price, description: input.description, updated: sql`now()` })
        .where(eq(contractServices.id, old.id))
        .returning();
      await writeLog(tx, {
        name: 'ContractService',
        doc: row.id,
        model: 'contract_services',
        type: 'update',
        action: 'save',
        old: rowDto(old, true),
        new: rowDto(row, true),
        actor,
      });
      return rowDto(row, true);
    });
  }
}
