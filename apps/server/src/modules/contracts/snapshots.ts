import { countryCodeFrom, MessageKeys as M, type PartyBank, type PartySnapshot } from '@kantora/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
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

/** A bank of the owner as copied onto a snapshot, or undefined when the id is not one of the owner's banks. */
async function bankOf(
  executor: Executor,
  owner: BankOwner,
  id: string,
): Promise<(PartyBank & { code: string | null; status: boolean }) | undefined> {
  const [row] = await executor
    .select({
      id: banks.id,
      name: banks.name,
      address: banks.address,
      bic: banks.bic,
      iban: banks.iban,
      code: currencies.code,
      currencyName: currencies.name,
      status: banks.status,
    })
    .from(banks)
    .leftJoin(currencies, eq(currencies.id, banks.currencyId))
    .where(and(eq(banks.id, id), eq(banks.ownerType, owner.type), eq(banks.ownerId, owner.id)));
  if (!row) return undefined;
  return {
    bankId: row.id,
    name: row.name,
    address: row.address,
    bic: row.bic,
    iban: row.iban,
    currency: row.code ?? row.currencyName?.bg ?? '',
    code: row.code,
    status: row.status,
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
  executor: Executor,
  choice: Partial<PartyChoice>,
  kept: Partial<PartyChoice>,
  errors: ApiFieldError[],
): PickBank {
  return async (field, owner, currency) => {
    const id = choice[field];
    if (!id) return null;
    const bank = owner ? await bankOf(executor, owner, id) : undefined;
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
export async function providerBanks(
  executor: Executor,
  ownId: string | null,
  choice: Pick<PartyChoice, 'providerBank' | 'providerBank2'>,
  kept: Partial<PartyChoice> = {},
): Promise<{ bank: PartyBank | null; bank2: PartyBank | null; errors: ApiFieldError[] }> {
  const errors: ApiFieldError[] = [];
  const pickBank = bankPicker(executor, choice, kept, errors);
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
export async function buildParties(
  executor: Executor,
  choice: PartyChoice,
  kept: Partial<PartyChoice> = {},
): Promise<{ parties: Parties; errors: ApiFieldError[] }> {
  const [own] = await executor.select().from(myCompany).limit(1);
  const { bank, bank2, errors } = await providerBanks(executor, own?.id ?? null, choice, kept);
  const pickBank = bankPicker(executor, choice, kept, errors);
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
    const [client] = await executor.select().from(companies).where(eq(companies.id, choice.customerId));
    if (!client || (!client.status && kept.customerId !== client.id))
      errors.push({ field: 'customerId', message: M.invalid_value });
    else {
      const [office] = await executor
        .select()
        .from(offices)
        .where(eq(offices.companyId, client.id))
        .orderBy(desc(offices.isHeadquarters), asc(offices.created), asc(offices.id))
        .limit(1);
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
