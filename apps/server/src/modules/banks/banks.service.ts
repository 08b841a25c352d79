import {
  type BankListQuery,
  type BankSaveInput,
  canAccess,
  type ListResult,
  MessageKeys as M,
  Permissions,
} from '@kantora/domain';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation, lockName } from '../../db/sql-helpers.ts';
import { banks, currencies, myCompany } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { localizedSort, offsetOf, orderBy, pageOf, totalCount } from '../../http/paging.ts';
import { fieldError } from '../../http/validation.ts';
import type { Actor } from '../../http/actor.ts';
import { writeLog } from '../logs/index.ts';

export type BankOwnerType = 'my_company' | 'company';

/** Who may hold banks and who may change them. The clients module registers the 'company' owner. */
export interface BankOwnerPolicy {
  /** True when the owner exists. */
  exists(executor: Executor, id: string): Promise<boolean>;
  /** Throws when the actor may not read this owner's banks. */
  authorizeRead(actor: Actor, id: string): void | Promise<void>;
  /** Throws when the actor may not add or change this owner's banks. */
  authorizeWrite(actor: Actor, id: string): void | Promise<void>;
}

/** The own company's banks: every staff user reads them (they print on invoices); only the settings role changes them. */
export const myCompanyBankOwner: BankOwnerPolicy = {
  async exists(executor, id) {
    const [row] = await executor.select({ id: myCompany.id }).from(myCompany).where(eq(myCompany.id, id));
    return Boolean(row);
  },
  authorizeRead() {},
  authorizeWrite(actor) {
    if (!canAccess(Permissions.settings, actor.access)) throw forbidden();
  },
};

type BankRow = typeof banks.$inferSelect;
const OWNER_FIELD: Record<BankOwnerType, 'myCompanyId' | 'companyId'> = {
  my_company: 'myCompanyId',
  company: 'companyId',
};

const columns = {
  id: banks.id,
  ownerType: banks.ownerType,
  ownerId: banks.ownerId,
  name: banks.name,
  address: banks.address,
  bic: banks.bic,
  iban: banks.iban,
  currencyId: banks.currencyId,
  currencyCode: currencies.code,
  currencyName: currencies.name,
  status: banks.status,
  isDefault: banks.isDefault,
  isDefault2: banks.isDefault2,
  created: banks.created,
  updated: banks.updated,
};
type BankView = Omit<BankRow, 'createdBy'> & {
  currencyCode: string | null;
  currencyName: { bg: string; it: string } | null;
};

export function bankDto(row: BankView) {
  return {
    _id: row.id,
    [OWNER_FIELD[row.ownerType as BankOwnerType]]: row.ownerId,
    name: row.name,
    address: row.address,
    bic: row.bic,
    iban: row.iban,
    currency: row.currencyId,
    currencyCode: row.currencyCode,
    currencyName: row.currencyName,
    status: row.status,
    default: row.isDefault,
    default2: row.isDefault2,
    created: iso(row.created),
    updated: iso(row.updated),
  };
}
export type BankDto = ReturnType<typeof bankDto>;

export class BanksService {
  private readonly owners = new Map<BankOwnerType, BankOwnerPolicy>();

  constructor(private readonly db: Db) {
    this.owners.set('my_company', myCompanyBankOwner);
  }

  /** Lets another module (clients) hold banks. */
  registerOwner(type: BankOwnerType, policy: BankOwnerPolicy) {
    this.owners.set(type, policy);
  }

  private policy(type: BankOwnerType): BankOwnerPolicy {
    const policy = this.owners.get(type);
    if (!policy) throw fieldError(OWNER_FIELD[type], M.invalid_value);
    return policy;
  }

  /** The owner a list asks for: `myCompanyId`, `companyId`, or `parent` (the own company's id or a company's). */
  private async ownerOf(query: {
    parent?: string;
    myCompanyId?: string;
    companyId?: string;
  }): Promise<{ type: BankOwnerType; id: string }> {
    if (query.myCompanyId) return { type: 'my_company', id: query.myCompanyId };
    if (query.companyId) return { type: 'company', id: query.companyId };
    const [own] = await this.db.select({ id: myCompany.id }).from(myCompany).limit(1);
    return { type: own?.id === query.parent ? 'my_company' : 'company', id: query.parent! };
  }

  private select(executor: Executor) {
    return executor.select(columns).from(banks).leftJoin(currencies, eq(currencies.id, banks.currencyId));
  }

  async list(actor: Actor, query: BankListQuery): Promise<ListResult<BankDto>> {
    const owner = await this.ownerOf(query);
    const policy = this.policy(owner.type);
    if (!(await policy.exists(this.db, owner.id)))
      throw owner.type === 'company' ? notFound(M.the_client_was_not_found) : notFound();
    await policy.authorizeRead(actor, owner.id);
    const where = and(
      eq(banks.ownerType, owner.type),
      eq(banks.ownerId, owner.id),
      query.status === null ? undefined : eq(banks.status, query.status),
    );
    const sort = orderBy(
      query,
      {
        created: banks.created,
        date: banks.created,
        ...localizedSort('name', banks.name),
        iban: banks.iban,
        bic: banks.bic,
        currency: currencies.code,
        status: banks.status,
        default: banks.isDefault,
        default2: banks.isDefault2,
      },
      { by: 'created', desc: true },
      banks.id,
      { descNullsLast: true },
    );
    const rows = await this.db
      .select({ ...columns, total: totalCount })
      .from(banks)
      .leftJoin(currencies, eq(currencies.id, banks.currencyId))
      .where(where)
      .orderBy(...sort)
      .limit(query.itemsPerPage)
      .offset(offsetOf(query));
    return pageOf(rows, query, bankDto, () => this.count(where));
  }

  private async count(where: SQL | undefined): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(banks).where(where);
    return row.n;
  }

  async get(actor: Actor, id: string): Promise<BankDto> {
    const [row] = await this.select(this.db).where(eq(banks.id, id));
    if (!row) throw notFound();
    await this.policy(row.ownerType as BankOwnerType).authorizeRead(actor, row.ownerId);
    return bankDto(row);
  }

  /** Creates or updates a bank; inside `outer` (a savepoint of it) when given, so a client and its first bank commit together. */
  async save(actor: Actor, input: BankSaveInput, outer?: Executor): Promise<BankDto> {
    const owner: { type: BankOwnerType; id: string } = input.myCompanyId
      ? { type: 'my_company', id: input.myCompanyId }
      : { type: 'company', id: input.companyId! };
    const policy = this.policy(owner.type);
    const ownerField = OWNER_FIELD[owner.type];
    try {
      return await (outer ?? this.db).transaction(async (tx) => {
        if (!(await policy.exists(tx, owner.id))) throw await this.missingOwner(tx, owner.type, ownerField);
        await policy.authorizeWrite(actor, owner.id);
        // One save per owner at a time: the default flags are decided across the owner's banks.
        await lockName(tx, `banks:${owner.id}`);
        const old = input._id
          ? (await this.select(tx).where(eq(banks.id, input._id)).for('update', { of: banks }))[0]
          : undefined;
        if (input._id && !old) throw notFound();
        if (old && (old.ownerType !== owner.type || old.ownerId !== owner.id))
          throw fieldError(ownerField, M.invalid_value);
        const [currency] = await tx
          .select({ code: currencies.code })
          .from(currencies)
          .where(eq(currencies.id, input.currency));
        if (!currency) throw fieldError('currency', M.invalid_value);
        const status = input.status ?? old?.status ?? true;
        await this.checkDefaults(owner.type, input, currency.code, status);

        if (input.default) await this.clearDefault(tx, actor, owner, 'isDefault', old?.id);
        if (input.default2) await this.clearDefault(tx, actor, owner, 'isDefault2', old?.id);
        const values = {
          name: input.name,
          address: input.address,
          bic: input.bic,
          iban: input.iban,
          currencyId: input.currency,
          status,
          isDefault: input.default,
          isDefault2: input.default2,
        };
        const [row] = old
          ? await tx
              .update(banks)
              .set({ ...values, updated: sql`now()` })
              .where(eq(banks.id, old.id))
              .returning({ id: banks.id })
          : await tx
              .insert(banks)
              .values({ ...values, ownerType: owner.type, ownerId: owner.id, createdBy: actor.id })
              .returning({ id: banks.id });
        const [view] = await this.select(tx).where(eq(banks.id, row.id));
        const saved = bankDto(view);
        await writeLog(tx, {
          name: 'Bank',
          doc: row.id,
          model: 'banks',
          type: old ? 'update' : 'create',
          action: 'save',
          old: old ? bankDto(old) : null,
          new: saved,
          actor,
        });
        return saved;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'banks_default_uq') || isUniqueViolation(error, 'banks_default2_uq'))
        throw conflict(M.default_bank_exists);
      throw error;
    }
  }

  /** Why an owner is not there: the own company not saved yet, or a wrong id. */
  private async missingOwner(tx: Executor, type: BankOwnerType, field: string) {
    if (type !== 'my_company') return notFound('the_client_was_not_found');
    const [own] = await tx.select({ id: myCompany.id }).from(myCompany).limit(1);
    return fieldError(field, own ? M.invalid_value : M.my_company_not_saved);
  }

  /** The own company's BGN default is a BGN account and its EUR default a EUR account; a default is active. */
  private async checkDefaults(
    ownerType: BankOwnerType,
    input: BankSaveInput,
    currencyCode: string | null,
    status: boolean,
  ) {
    if ((input.default || input.default2) && !status)
      throw fieldError(input.default ? 'default' : 'default2', M.default_bank_inactive);
    if (ownerType !== 'my_company') return;
    if (input.default && currencyCode !== 'BGN') throw fieldError('default', M.default_bank_currency_mismatch);
    if (input.default2 && currencyCode !== 'EUR') throw fieldError('default2', M.default_bank_currency_mismatch);
  }

  /** Takes a default flag off the owner's other bank that has it, with its own Log row. */
  private async clearDefault(
    tx: Executor,
    actor: Actor,
    owner: { type: BankOwnerType; id: string },
    field: 'isDefault' | 'isDefault2',
    exceptId: string | undefined,
  ) {
    const previous = await this.select(tx).where(
      and(
        eq(banks.ownerType, owner.type),
        eq(banks.ownerId, owner.id),
        eq(banks[field], true),
        exceptId ? ne(banks.id, exceptId) : undefined,
      ),
    );
    for (const bank of previous) {
      await tx
        .update(banks)
        .set({ [field]: false, updated: sql`now()` })
        .where(eq(banks.id, bank.id));
      await writeLog(tx, {
        name: 'Bank',
        doc: bank.id,
        model: 'banks',
        type: 'update',
        action: 'clearDefault',
        old: bankDto(bank),
        new: bankDto({ ...bank, [field]: false }),
        actor,
      });
    }
  }

  /** The own company's active banks (metadata). */
  async activeOf(ownerType: BankOwnerType, ownerId: string): Promise<BankDto[]> {
    const rows = await this.select(this.db)
      .where(and(eq(banks.ownerType, ownerType), eq(banks.ownerId, ownerId), eq(banks.status, true)))
      .orderBy(sql`${banks.created} desc nulls last`, banks.id);
    return rows.map(bankDto);
  }
}
