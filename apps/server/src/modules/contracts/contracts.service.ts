import {
  type ApiFieldError,
  type ClientContractsQuery,
  type ContractListQuery,
  type ContractOption,
  type ContractRow,
  type ContractSaveValues,
  type ContractSaveBanksValues,
  type ContractSearchQuery,
  ContractStatus,
  type ContractView,
  effectiveCurrencyCode,
  type ListResult,
  MessageKeys as M,
  missingProviderBank,
  type ProviderBankField,
} from '@kantora/domain';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.ts';
import { estimateFirstCount } from '../../db/sql-helpers.ts';
import { contracts, contractServices, currencies } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import { formFailed } from '../../http/validation.ts';
import { assertClientVisible, checkPeople } from '../clients/index.ts';
import type { Actor } from '../../http/actor.ts';
import { writeLog } from '../logs/index.ts';
import { contractNotFound, visibleContracts } from './access.ts';
import {
  type ContractRecord,
  contractListQueries,
  contractLogView,
  contractOptionColumns,
  contractRecordColumns,
  contractRowDto,
  contractViewDto,
  searchWhere,
  statusIn,
} from './contracts.queries.ts';
import { buildParties, defaultProviderBanks, type Parties, providerBanks } from './snapshots.ts';

/** Contracts: the list, the look-ups, the contract, its save and the transitions (register, cancel, deregister). */
export class ContractsService {
  constructor(private readonly db: Db) {}

  /** Run in the register transaction after the status change (billing: an advance contract's first proforma). */
  private readonly registerHooks: Array<(tx: Executor, actor: Actor, contract: ContractRecord) => Promise<void>> = [];

  onRegister(hook: (tx: Executor, actor: Actor, contract: ContractRecord) => Promise<void>): void {
    this.registerHooks.push(hook);
  }

  async list(actor: Actor, query: ContractListQuery): Promise<ListResult<ContractRow>> {
    const queries = contractListQueries(this.db, actor, query);
    const [rows, total] = await Promise.all([queries.page, estimateFirstCount(this.db, queries.count)]);
    return {
      Items: rows.map(contractRowDto),
      // An estimated total is never below the rows already seen.
      Total: rows.length > 0 ? Math.max(total.count, rows.length + (query.page - 1) * query.itemsPerPage) : total.count,
      Page: query.page,
      ...(total.estimated ? { Estimated: true } : {}),
      ...(total.capped ? { Capped: true } : {}),
    };
  }

  /** The contract autocomplete: visible contracts, optionally of one client and by name text, by name. */
  async search(actor: Actor, query: ContractSearchQuery): Promise<ListResult<ContractOption>> {
    const where = searchWhere(actor, query);
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select(contractOptionColumns)
        .from(contracts)
        .leftJoin(currencies, eq(currencies.id, contracts.currencyId))
        .where(where)
        .orderBy(sql`${contracts.name}->>'bg'`, contracts.id)
        .limit(query.itemsPerPage)
        .offset((query.page - 1) * query.itemsPerPage),
      this.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(contracts).where(where),
    ]);
    return { Items: rows, Total: n, Page: query.page };
  }

  /** POST /api/metaData/getClientContracts: the client's contracts in the asked statuses (registered by default). */
  async clientContracts(actor: Actor, query: ClientContractsQuery): Promise<ContractOption[]> {
    await assertClientVisible(this.db, actor, query.clientId);
    return this.db
      .select(contractOptionColumns)
      .from(contracts)
      .leftJoin(currencies, eq(currencies.id, contracts.currencyId))
      .where(and(eq(contracts.customerId, query.clientId), statusIn(query.statuses)))
      .orderBy(desc(contracts.fromDate), desc(contracts.created), contracts.id);
  }

  /** The contract if the actor sees it (404 `the_contract_was_not_found` otherwise), locked for the transaction when asked. */
  async find(
    executor: Executor,
    actor: Pick<Actor, 'id' | 'access'>,
    id: string,
    forUpdate = false,
  ): Promise<ContractRecord> {
    const query = executor
      .select(contractRecordColumns)
      .from(contracts)
      .leftJoin(currencies, eq(currencies.id, contracts.currencyId))
      .where(and(eq(contracts.id, id), visibleContracts(actor)));
    const [record] = forUpdate ? await query.for('update', { of: contracts }) : await query;
    if (!record) throw contractNotFound();
    return record as ContractRecord;
  }

  async get(actor: Actor, id: string): Promise<ContractView> {
    return contractViewDto(await this.find(this.db, actor, id), actor);
  }

  /**
   * Creates or updates a draft: checks the picks (own company, its BGN/EUR banks, the client and its bank, the
   * currency, the managing users) and copies the party snapshots. A new contract saved without a provider bank gets
   * the own company's default one (BGN `bank`, EUR `bank2`). A registered or canceled contract answers 409.
   */
  async save(actor: Actor, body: ContractSaveValues): Promise<ContractView> {
    return this.db.transaction(async (tx) => {
      const old = body._id ? await this.find(tx, actor, body._id, true) : undefined;
      if (old && old.row.status !== ContractStatus.draft) throw conflict(M.contract_not_draft);
      const defaults = old || (body.providerBank && body.providerBank2) ? undefined : await defaultProviderBanks(tx);
      const input = defaults
        ? {
            ...body,
            providerBank: body.providerBank ?? defaults.bank,
            providerBank2: body.providerBank2 ?? defaults.bank2,
          }
        : body;
      const kept = old
        ? {
            providerBank: old.row.providerBankId,
            providerBank2: old.row.providerBank2Id,
            customerId: old.row.customerId,
            customerBank: old.row.customerBankId,
          }
        : {};
      const { parties, errors } = await buildParties(tx, input, kept);
      if (input.providerId && input.providerId !== parties.providerId)
        errors.push({ field: 'providerId', message: M.invalid_value });
      const [currency] = await tx
        .select({ status: currencies.status })
        .from(currencies)
        .where(eq(currencies.id, input.currency));
      if (!currency || (!currency.status && old?.row.currencyId !== input.currency))
        errors.push({ field: 'currency', message: M.invalid_value });
      errors.push(...(await this.managingUserErrors(tx, input.managingUsers, old?.row.managingUsers)));
      if (errors.length > 0) throw formFailed(errors);

      const values = {
        name: input.name,
        ...partyValues(parties),
        providerBankId: input.providerBank,
        providerBank2Id: input.providerBank2,
        customerId: input.customerId,
        customerBankId: input.customerBank,
        responsiblePerson: input.responsiblePerson,
        invoiceDate: input.invoiceDate,
        invoiceMonthlyInterval: input.invoiceMonthlyInterval,
        fromDate: input.fromDate,
        toDate: input.toDate,
        email: input.email,
        description: input.description,
        currencyId: input.currency,
        isAdvance: input.isAdvance,
        pricePerMonth: input.pricePerMonth,
        managingUsers: [...new Set(input.managingUsers)],
      };
      const [row] = old
        ? await tx
            .update(contracts)
            .set({ ...values, updated: sql`now()` })
            .where(and(eq(contracts.id, old.row.id), eq(contracts.status, ContractStatus.draft)))
            .returning({ id: contracts.id })
        : await tx
            .insert(contracts)
            .values({ ...values, createdBy: actor.id, createdByName: actor.fullName })
            .returning({ id: contracts.id });
      if (!row) throw conflict(M.contract_not_draft);
      const saved = await this.find(tx, actor, row.id);
      await writeLog(tx, {
        name: 'Contract',
        doc: row.id,
        model: 'contracts',
        type: old ? 'update' : 'create',
        action: 'save',
        old: old ? contractLogView(old) : null,
        new: contractLogView(saved),
        actor,
      });
      return contractViewDto(saved, actor);
    });
  }

  /** The managing users are active staff (someone already on the contract may stay after being deactivated). */
  private async managingUserErrors(
    tx: Executor,
    managingUsers: string[],
    old: string[] | undefined,
  ): Promise<ApiFieldError[]> {
    try {
      await checkPeople(
        tx,
        { referentId: null, clientUsers: [], managingUsers },
        old ? { referentId: null, clientUsers: [], managingUsers: old } : undefined,
      );
      return [];
    } catch (error) {
      if (error instanceof AppError && error.errors) return error.errors;
      throw error;
    }
  }

  /**
   * Draft → registered (management): needs a customer (400 `please_select_side2_contract`), a service
   * (400 `please_enter_services_contract`) and the provider's account of the contract's currency (400
   * `no_provider_bank_in_currency` on `providerBank`/`providerBank2`: the billing run's rule, provider-banks.ts in the
   * domain). Takes the party snapshots once more and freezes them. The row lock and the conditional update let exactly
   * one of two concurrent transitions win; the other answers 409.
   */
  async register(actor: Actor, id: string): Promise<ContractView> {
    return this.transition(actor, id, 'register', async (tx, old) => {
      if (old.derivedStatus !== ContractStatus.draft) throw conflict(M.contract_not_draft);
      if (!old.row.customerId)
        throw badRequest(M.please_select_side2_contract, [
          { field: 'customerId', message: M.please_select_side2_contract },
        ]);
      // Counted after the row lock, in a statement of its own: the locked select's count may predate a removal it waited for.
      const [{ n }] = await tx
        .select({ n: sql<number>`cast(count(*) as integer)` })
        .from(contractServices)
        .where(eq(contractServices.contractId, id));
      if (n === 0)
        throw badRequest(M.please_enter_services_contract, [
          { field: 'services', message: M.please_enter_services_contract },
        ]);
      const choice = {
        providerBank: old.row.providerBankId,
        providerBank2: old.row.providerBank2Id,
        customerId: old.row.customerId,
        customerBank: old.row.customerBankId,
      };
      const noBank = missingBankOf(old, choice);
      if (noBank)
        throw badRequest(M.no_provider_bank_in_currency, [{ field: noBank, message: M.no_provider_bank_in_currency }]);
      const { parties, errors } = await buildParties(tx, choice, choice);
      if (errors.length > 0) throw formFailed(errors);
      return {
        from: eq(contracts.status, ContractStatus.draft),
        set: {
          ...partyValues(parties),
          status: ContractStatus.registered,
          registeredBy: actor.id,
          registeredByName: actor.fullName,
          registeredOn: sql`now()`,
        },
      };
    });
  }

  /**
   * The provider's banks of a registered (or expired) contract, and nothing else (management). `bank`/`bank2`
   * undefined keep the stored account, null clears it. The accounts are checked as a save checks them (the own
   * company's, BGN and EUR, active unless kept) and the contract must keep the account of its currency (400
   * `no_provider_bank_in_currency`); the error fields are the call's (`bank`, `bank2`). The ids and the provider
   * snapshot's `bank`/`bank2` change; the rest of the snapshot stays as registered. A draft answers 409
   * `contract_is_draft` (its save changes the banks), a canceled contract 409 `contract_canceled`. Logged with the
   * contract before and after, in the same transaction.
   */
  async saveBanks(actor: Actor, input: ContractSaveBanksValues): Promise<ContractView> {
    return this.db.transaction(async (tx) => {
      const old = await this.find(tx, actor, input.contractId, true);
      if (old.row.status === ContractStatus.draft) throw conflict(M.contract_is_draft);
      if (old.row.status === ContractStatus.canceled) throw conflict(M.contract_canceled);
      const choice = {
        providerBank: input.bank === undefined ? old.row.providerBankId : input.bank,
        providerBank2: input.bank2 === undefined ? old.row.providerBank2Id : input.bank2,
      };
      const asCallField = (field: string) =>
        field === 'providerBank2' ? 'bank2' : field === 'providerBank' ? 'bank' : field;
      const picked = await providerBanks(tx, old.row.providerId, choice, {
        providerBank: old.row.providerBankId,
        providerBank2: old.row.providerBank2Id,
      });
      if (picked.errors.length > 0) {
        throw badRequest(
          [...new Set(picked.errors.map((error) => error.message))].join('\n'),
          picked.errors.map((error) => ({ ...error, field: asCallField(error.field) })),
        );
      }
      const noBank = missingBankOf(old, choice);
      if (noBank)
        throw badRequest(M.no_provider_bank_in_currency, [
          { field: asCallField(noBank), message: M.no_provider_bank_in_currency },
        ]);
      const [row] = await tx
        .update(contracts)
        .set({
          providerBankId: choice.providerBank,
          providerBank2Id: choice.providerBank2,
          provider: old.row.provider ? { ...old.row.provider, bank: picked.bank, bank2: picked.bank2 } : null,
          updated: sql`now()`,
        })
        .where(and(eq(contracts.id, old.row.id), eq(contracts.status, ContractStatus.registered)))
        .returning({ id: contracts.id });
      if (!row) throw conflict(M.contract_not_registered);
      const saved = await this.find(tx, actor, row.id);
      await writeLog(tx, {
        name: 'Contract',
        doc: row.id,
        model: 'contracts',
        type: 'update',
        action: 'saveBanks',
        old: contractLogView(old),
        new: contractLogView(saved),
        actor,
      });
      return contractViewDto(saved, actor);
    });
  }

  /** Registered (not expired) → canceled (management), with the reason. */
  async cancel(actor: Actor, id: string, cancelationReason: string): Promise<ContractView> {
    return this.transition(actor, id, 'cancel', async (_tx, old) => {
      if (old.derivedStatus !== ContractStatus.registered) throw conflict(M.contract_not_registered);
      return {
        from: eq(contracts.status, ContractStatus.registered),
        set: {
          status: ContractStatus.canceled,
          canceledBy: actor.id,
          canceledByName: actor.fullName,
          canceledOn: sql`now()`,
          cancelationReason,
        },
      };
    });
  }

  /** Registered, expired or canceled → draft (admin). The stamps of registering and canceling are cleared (the Log keeps them). */
  async deregister(actor: Actor, id: string): Promise<ContractView> {
    return this.transition(actor, id, 'deregister', async (_tx, old) => {
      if (old.row.status === ContractStatus.draft) throw conflict(M.contract_is_draft);
      return {
        from: inArray(contracts.status, [ContractStatus.registered, ContractStatus.canceled]),
        set: {
          status: ContractStatus.draft,
          registeredBy: null,
          registeredByName: null,
          registeredOn: null,
          canceledBy: null,
          canceledByName: null,
          canceledOn: null,
          cancelationReason: '',
        },
      };
    });
  }

  /** One status change: lock the row, check, update on the expected status only, log old and new, answer the view. */
  private async transition(
    actor: Actor,
    id: string,
    action: 'register' | 'cancel' | 'deregister',
    decide: (tx: Executor, old: ContractRecord) => Promise<{ from: SQL; set: PgUpdateSetSource<typeof contracts> }>,
  ): Promise<ContractView> {
    return this.db.transaction(async (tx) => {
      const old = await this.find(tx, actor, id, true);
      const { from, set } = await decide(tx, old);
      const [row] = await tx
        .update(contracts)
        .set({ ...set, updated: sql`now()` })
        .where(and(eq(contracts.id, id), from))
        .returning({ id: contracts.id });
      if (!row)
        throw conflict(
          action === 'register'
            ? M.contract_not_draft
            : action === 'cancel'
              ? M.contract_not_registered
              : M.contract_is_draft,
        );
      const saved = await this.find(tx, actor, id);
      await writeLog(tx, {
        name: 'Contract',
        doc: id,
        model: 'contracts',
        type: 'update',
        action,
        old: contractLogView(old),
        new: contractLogView(saved),
        actor,
      });
      if (action === 'register') for (const hook of this.registerHooks) await hook(tx, actor, saved);
      return contractViewDto(saved, actor);
    });
  }
}

/** The provider's account field the contract lacks for its currency (provider-banks.ts), or null. */
function missingBankOf(
  contract: ContractRecord,
  banks: { providerBank: string | null; providerBank2: string | null },
): ProviderBankField | null {
  return missingProviderBank(effectiveCurrencyCode(contract.currencyCode, contract.currencyName ?? undefined), banks);
}

function partyValues(parties: Parties) {
  return { providerId: parties.providerId, provider: parties.provider, customer: parties.customer };
}
