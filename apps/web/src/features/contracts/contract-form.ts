import {
  type ContractSaveValues,
  type ContractView,
  contractSaveSchema,
  type LocalizedText,
  type Bank,
  type ClientOption,
} from '@kantora/domain';
import { z } from 'zod';
import { type BankChoice, bankFromAccount, bankFromSnapshot } from '../../components/entities/banks/bank-choice.ts';

/** The contract page's form: the details, and the party choices of the provider and customer cards. */
export interface ContractFormValues {
  _id?: string;
  name: { bg: string; it: string };
  providerBank: BankChoice | null;
  providerBank2: BankChoice | null;
  customer: ClientOption | null;
  customerBank: BankChoice | null;
  responsiblePerson: { bg: string; it: string };
  invoiceDate: string | null;
  invoiceMonthlyInterval: number | null;
  fromDate: string | null;
  toDate: string | null;
  email: string;
  description: { bg: string; it: string };
  currency: string | null;
  isAdvance: boolean;
  pricePerMonth: number | null;
  managingUsers: string[];
}

const text = (value: LocalizedText | null | undefined) => ({ bg: value?.bg ?? '', it: value?.it ?? '' });

export { type BankChoice, bankFromAccount, bankFromSnapshot } from '../../components/entities/banks/bank-choice.ts';

/** The form values of a saved contract, or of a new one (EUR by default, the client given by the page). */
export function toContractForm(
  contract: ContractView | null,
  defaults: { currency?: string | null; customer?: ClientOption | null } = {},
): ContractFormValues {
  if (!contract) {
    return {
      name: text(null),
      providerBank: null,
      providerBank2: null,
      customer: defaults.customer ?? null,
      customerBank: null,
      responsiblePerson: text(null),
      invoiceDate: null,
      invoiceMonthlyInterval: 1,
      fromDate: null,
      toDate: null,
      email: '',
      description: text(null),
      currency: defaults.currency ?? null,
      isAdvance: false,
      pricePerMonth: null,
      managingUsers: [],
    };
  }
  const customer = contract.customerId
    ? {
        _id: contract.customerId,
        name: contract.customer?.name ?? contract.companyName ?? text(null),
        bulstat: contract.customer?.bulstat,
        vatNumber: contract.customer?.vatNumber,
      }
    : null;
  return {
    _id: contract._id,
    name: text(contract.name),
    providerBank: contract.providerBank
      ? (bankFromSnapshot(contract.provider?.bank) ?? {
          _id: contract.providerBank,
          name: text(null),
          bic: '',
          iban: '',
          currency: '',
        })
      : null,
    providerBank2: contract.providerBank2
      ? (bankFromSnapshot(contract.provider?.bank2) ?? {
          _id: contract.providerBank2,
          name: text(null),
          bic: '',
          iban: '',
          currency: '',
        })
      : null,
    customer,
    customerBank: contract.customerBank
      ? (bankFromSnapshot(contract.customer?.bank) ?? {
          _id: contract.customerBank,
          name: text(null),
          bic: '',
          iban: '',
          currency: '',
        })
      : null,
    responsiblePerson: text(contract.responsiblePerson),
    invoiceDate: contract.invoiceDate,
    invoiceMonthlyInterval: contract.invoiceMonthlyInterval,
    fromDate: contract.fromDate,
    toDate: contract.toDate,
    email: contract.email,
    description: text(contract.description),
    currency: contract.currency,
    isAdvance: contract.isAdvance,
    pricePerMonth: contract.pricePerMonth ?? null,
    managingUsers: contract.managingUsers,
  };
}

/** The own company's default BGN (`default`) and EUR (`default2`) accounts as a new contract's provider banks. */
export function defaultProviderBanks(banks: readonly Bank[] | undefined): {
  providerBank: BankChoice | null;
  providerBank2: BankChoice | null;
} {
  const active = (banks ?? []).filter((bank) => bank.status !== false);
  const bgn = active.find((bank) => bank.default);
  const eur = active.find((bank) => bank.default2);
  return { providerBank: bgn ? bankFromAccount(bgn) : null, providerBank2: eur ? bankFromAccount(eur) : null };
}

/** The save call's body from the form: the chosen client and banks as their ids. */
function toSaveInput(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const form = value as ContractFormValues;
  return {
    ...form,
    providerBank: form.providerBank?._id ?? null,
    providerBank2: form.providerBank2?._id ?? null,
    customerId: form.customer?._id ?? null,
    customer: undefined,
    customerBank: form.customerBank?._id ?? null,
    // An empty select is "not chosen": the schema's required rule answers, not its default.
    invoiceMonthlyInterval: form.invoiceMonthlyInterval ?? Number.NaN,
  };
}

/** The form's resolver schema: the domain's save schema over the form values (ids taken from the choices). */
export const contractFormSchema = z.preprocess(toSaveInput, contractSaveSchema);
export type ContractFormOutput = ContractSaveValues;
