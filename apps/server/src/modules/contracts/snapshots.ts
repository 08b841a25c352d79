import { countryCodeFrom, MessageKeys as M, type PartyBank, type PartySnapshot } from '@kantora/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { banks, companies, currencies, myCompany, offices } from '../../db/schema/index.ts';
import type { ApiFieldError } from '@kantora/domain';

const empty = { bg: '', it: '' };

/** The parties a contract (and later an invoice) names: the own company with its BGN/EUR banks, the client with its bank. */
export interface PartyChoice {
  providerBank: string | null;
  providerBank2: string | null;
  customerId: string | null;
  customerBank: string | null;
}

export interface Parties {
  providerId: string | null;
  provider: PartySnapshot | null;
  customer: PartySnapshot | null;
}

type BankOwner = { type: 'my_company' | 'company'; id: string };

type SourceBank = PartyBank & { code: string | null; status: boolean };

/** The columns of a bank a snapshot copies (with its currency's code and its status, which the choice checks). */
const bankColumns = {
  id: banks.id,
  name: banks.name,
  address: banks.address,
  bic: banks.bic,
  iban: banks.iban,
  code: currencies.code,
  currencyName: currencies.name,
  status: banks.status,
  ownerType: banks.ownerType,
  ownerId: banks.ownerId,
};

const sourceBank = (row: {
  id: string;
  name: PartyBank['name'];
  address: PartyBank['address'];
  bic: string;
  iban: string;
  code: string | null;
  currencyName: { bg: string } | null;
  status: boolean;
}): SourceBank => ({
  bankId: row.id,
  name: row.name,
  address: row.address,
  bic: row.bic,
  iban: row.iban,
  currency: row.code ?? row.currencyName?.bg ?? '',
  code: row.code,
  status: row.status,
});

/**
 * Where the parties' rows come from: queried one at a time (a save, `queriedSource`), or read beforehand for many
 * choices at once (a billing run's chunk, `preloadedSource`). The snapshot is composed from them the same way.
 */
interface PartySource {
  own(): Promise<typeof myCompany.$inferSelect | undefined>;
  /** A bank of the owner as copied onto a snapshot, or undefined when the id is not one of the owner's banks. */
  bank(owner: BankOwner, id: string): Promise<SourceBank | undefined>;
  client(id: string): Promise<typeof companies.$inferSelect | undefined>;
  /** The client's headquarters (else its first office). */
  office(companyId: string): Promise<typeof offices.$inferSelect | undefined>;
}

function queriedSource(executor: Executor): PartySource {
  return {
    own: async () => (await executor.select().from(myCompany).limit(1))[0],
    bank: async (owner, id) => {
      const [row] = await executor
        .select(bankColumns)
        .from(banks)
        .leftJoin(currencies, eq(currencies.id, banks.currencyId))
        .where(and(eq(banks.id, id), eq(banks.ownerType, owner.type), eq(banks.ownerId, owner.id)));
      return row ? sourceBank(row) : undefined;
    },
    client: async (id) => (await executor.select().from(companies).where(eq(companies.id, id)))[0],
    office: async (companyId) =>
      (
        await executor
          .select()
          .from(offices)
          .where(eq(offices.companyId, companyId))
          .orderBy(desc(offices.isHeadquarters), asc(offices.created), asc(offices.id))
          .limit(1)
      )[0],
  };
}

/** The rows of many choices read in four statements (the own company, the banks, the clients, their offices). */
async function preloadedSource(executor: Executor, choices: readonly PartyChoice[]): Promise<PartySource> {
  const present = (ids: Array<string | null>) => [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const bankIds = present(choices.flatMap((c) => [c.providerBank, c.providerBank2, c.customerBank]));
  const clientIds = present(choices.map((c) => c.customerId));
  const [own] = await executor.select().from(myCompany).limit(1);
  const bankRows =
    bankIds.length === 0
      ? []
      : await executor
          .select(bankColumns)
          .from(banks)
          .leftJoin(currencies, eq(currencies.id, banks.currencyId))
          .where(inArray(banks.id, bankIds));
  const clients =
    clientIds.length === 0 ? [] : await executor.select().from(companies).where(inArray(companies.id, clientIds));
  const officeRows =
    clientIds.length === 0
      ? []
      : await executor
          .selectDistinctOn([offices.companyId])
          .from(offices)
          .where(inArray(offices.companyId, clientIds))
          .orderBy(offices.companyId, desc(offices.isHeadquarters), asc(offices.created), asc(offices.id));
  const bankById = new Map(bankRows.map((row) => [row.id, row]));
  const clientById = new Map(clients.map((row) => [row.id, row]));
  const officeOf = new Map(officeRows.map((row) => [row.companyId, row]));
  return {
    own: async () => own,
    bank: async (owner, id) => {
      const row = bankById.get(id);
      return row && row.ownerType === owner.type && row.ownerId === owner.id ? sourceBank(row) : undefined;
    },
    client: async (id) => clientById.get(id),
    office: async (companyId) => officeOf.get(companyId),
  };
}

const toPartyBank = ({
  code: _code,
  status: _status,
  ...bank
}: PartyBank & { code: string | null; status: boolean }): PartyBank => bank;

/** The own company's default BGN (`bank`) and EUR (`bank2`) accounts, active ones only (the provider banks of a new contract, invoice or proforma). */
export async function defaultProviderBanks(executor: Executor): Promise<{ bank: string | null; bank2: string | null }> {
  const rows = await executor
    .select({ id: banks.id, isDefault: banks.isDefault, isDefault2: banks.isDefault2 })
    .from(banks)
    .innerJoin(myCompany, eq(myCompany.id, banks.ownerId))
    .where(and(eq(banks.ownerType, 'my_company'), eq(banks.status, true)));
  return { bank: rows.find((row) => row.isDefault)?.id ?? null, bank2: rows.find((row) => row.isDefault2)?.id ?? null };
}

type PickBank = (field: keyof PartyChoice, owner: BankOwner | null, currency?: string) => Promise<PartyBank | null>;

/** Checks and copies one chosen bank of an owner; a problem goes to `errors` on the field. */
function bankPicker(
  source: PartySource,
  choice: Partial<PartyChoice>,
  kept: Partial<PartyChoice>,
  errors: ApiFieldError[],
): PickBank {
  return async (field, owner, currency) => {
    const id = choice[field];
    if (!id) return null;
    const bank = owner ? await source.bank(owner, id) : undefined;
    if (!bank || (!bank.status && kept[field] !== id)) {
      errors.push({ field, message: M.invalid_value });
      return null;
    }
    if (currency && bank.code !== currency) {
      errors.push({ field, message: M.default_bank_currency_mismatch });
      return null;
    }
    return toPartyBank(bank);
  };
}

/**
 * The provider's banks as a snapshot holds them (`bank` the BGN account, `bank2` the EUR one), checked like a save
 * checks them: accounts of the own company `ownId`, of their currency, active unless kept from before.
 */
export function providerBanks(
  executor: Executor,
  ownId: string | null,
  choice: Pick<PartyChoice, 'providerBank' | 'providerBank2'>,
  kept: Partial<PartyChoice> = {},
): Promise<{ bank: PartyBank | null; bank2: PartyBank | null; errors: ApiFieldError[] }> {
  return providerBanksFrom(queriedSource(executor), ownId, choice, kept);
}

async function providerBanksFrom(
  source: PartySource,
  ownId: string | null,
  choice: Pick<PartyChoice, 'providerBank' | 'providerBank2'>,
  kept: Partial<PartyChoice>,
): Promise<{ bank: PartyBank | null; bank2: PartyBank | null; errors: ApiFieldError[] }> {
  const errors: ApiFieldError[] = [];
  const pickBank = bankPicker(source, choice, kept, errors);
  const owner: BankOwner | null = ownId ? { type: 'my_company', id: ownId } : null;
  const bank = await pickBank('providerBank', owner, 'BGN');
  const bank2 = await pickBank('providerBank2', owner, 'EUR');
  return { bank, bank2, errors };
}

/**
 * Builds the provider and customer snapshots from the own company, the client (its headquarters) and the chosen
 * banks, checking the choices: the provider's banks are the own company's (`providerBank` a BGN account,
 * `providerBank2` a EUR one), the customer's bank is the customer's. A client or bank newly chosen must be active;
 * one kept from before (`kept`) may have been deactivated since. Answers the field errors instead of throwing.
 */
export function buildParties(
  executor: Executor,
  choice: PartyChoice,
  kept: Partial<PartyChoice> = {},
): Promise<{ parties: Parties; errors: ApiFieldError[] }> {
  return partiesFrom(queriedSource(executor), choice, kept);
}

/**
 * buildParties of many choices (each kept from before, as a contract's generated documents keep the contract's),
 * their rows read in four statements (a billing run's chunk): the same snapshots and errors, in the choices' order,
 * each with its client's row (its payment term, say) when it names one.
 */
export async function buildPartiesOfMany(
  executor: Executor,
  choices: readonly PartyChoice[],
): Promise<Array<{ parties: Parties; errors: ApiFieldError[]; client?: typeof companies.$inferSelect }>> {
  const source = await preloadedSource(executor, choices);
  const built: Array<{ parties: Parties; errors: ApiFieldError[]; client?: typeof companies.$inferSelect }> = [];
  for (const choice of choices)
    built.push({
      ...(await partiesFrom(source, choice, choice)),
      client: choice.customerId ? await source.client(choice.customerId) : undefined,
    });
  return built;
}

async function partiesFrom(
  source: PartySource,
  choice: PartyChoice,
  kept: Partial<PartyChoice>,
): Promise<{ parties: Parties; errors: ApiFieldError[] }> {
  const own = await source.own();
  const { bank, bank2, errors } = await providerBanksFrom(source, own?.id ?? null, choice, kept);
  const pickBank = bankPicker(source, choice, kept, errors);
  const provider: PartySnapshot | null = own
    ? {
        name: own.name,
        address: {
          country: own.address.country,
          city: own.address.city,
          zipCode: own.address.zipCode,
          street: own.address.street,
          countryCode: own.address.countryCode ?? countryCodeFrom(own.address.country, own.vatNumber),
        },
        bank,
        bank2,
        responsiblePerson: own.responsiblePerson,
        bulstat: own.bulstat,
        vatNumber: own.vatNumber,
      }
    : null;

  let customer: PartySnapshot | null = null;
  if (choice.customerId) {
    const client = await source.client(choice.customerId);
    if (!client || (!client.status && kept.customerId !== client.id))
      errors.push({ field: 'customerId', message: M.invalid_value });
    else {
      const office = await source.office(client.id);
      customer = {
        name: client.name,
        address: {
          country: office?.country ?? empty,
          city: office?.city ?? empty,
          zipCode: office?.zipCode ?? '',
          street: office?.street ?? empty,
          countryCode: office?.countryCode ?? countryCodeFrom(office?.country, client.vatNumber),
        },
        bank: await pickBank('customerBank', { type: 'company', id: client.id }),
        responsiblePerson: client.responsiblePerson,
        bulstat: client.bulstat,
        vatNumber: client.vatNumber,
      };
    }
  } else if (choice.customerBank) errors.push({ field: 'customerBank', message: M.invalid_value });

  return { parties: { providerId: own?.id ?? null, provider, customer }, errors };
}
